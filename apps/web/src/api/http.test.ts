import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call, configureApi, request } from './http.ts';
import { DEV_ROLE_KEY, setDevRole } from './dev-role.ts';

type Seen = { url: string; init: RequestInit };

function serve(status: number, body: unknown): Seen[] {
  const seen: Seen[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    seen.push({ url, init });
    return new Response(JSON.stringify(body), { status });
  }));
  return seen;
}

afterEach(() => vi.unstubAllGlobals());

describe('API client', () => {
  it('sends the bearer token and dev role, with credentials, under /api', async () => {
    configureApi({ getToken: async () => 'tok123' });
    setDevRole('Admin');
    const seen = serve(200, { Success: true, Data: { ok: 1 }, Message: 'hi' });
    await expect(request('GET', '/health', { query: { a: 1, b: undefined } })).resolves.toEqual({ success: true, data: { ok: 1 }, message: 'hi' });
    const headers = seen[0]!.init.headers as Record<string, string>;
    expect(seen[0]!.url).toBe('/api/health?a=1');
    expect(headers.Authorization).toBe('Bearer tok123');
    expect(headers['X-Dev-Role']).toBe('Admin');
    expect(seen[0]!.init.credentials).toBe('include');
  });

  it('treats success: false as an error carrying the server message', async () => {
    serve(200, { success: false, data: null, message: 'Not allowed' });
    await expect(call('GET', '/x')).rejects.toMatchObject({ message: 'Not allowed' });
  });

  it('on 401 clears the dev role and leaves', async () => {
    const left = vi.fn();
    configureApi({ getToken: async () => null, onUnauthorized: left });
    setDevRole('Admin');
    serve(401, { success: false, data: null, message: 'Sign in again' });
    const err = await request('GET', '/apikeys').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(401);
    expect(localStorage.getItem(DEV_ROLE_KEY)).toBeNull();
    expect(left).toHaveBeenCalledOnce();
  });

  it('keeps a wrong-password 401 on the login form', async () => {
    const left = vi.fn();
    configureApi({ onUnauthorized: left });
    serve(401, { success: false, data: null, message: 'Invalid email or password.' });
    await expect(request('POST', '/auth/login', { body: {}, keep401: true })).rejects.toMatchObject({ message: 'Invalid email or password.' });
    expect(left).not.toHaveBeenCalled();
  });

  it('gives up after the timeout', async () => {
    vi.stubGlobal('fetch', vi.fn((_u: string, init: RequestInit) => new Promise((_r, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    })));
    await expect(request('GET', '/slow', { timeoutMs: 20 })).rejects.toMatchObject({ status: 0, network: true, message: 'The request timed out.' });
  });
});
