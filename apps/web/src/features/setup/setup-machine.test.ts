import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/http.ts';
import { runFirstTimeSetup, runSignedInGate, sleep, type SetupView } from './setup-machine.ts';

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

function harness(over: Partial<Parameters<typeof runFirstTimeSetup>[0]> = {}) {
  const views: SetupView[] = [];
  let result: string | undefined;
  const p = runFirstTimeSetup({
    isInitialized: async () => false,
    initialize: async () => ({ success: true, message: null }),
    sleep,
    onView: (v) => views.push(v),
    ...over,
  }).then((r) => { result = r; });
  return { views, p, result: () => result, last: () => views[views.length - 1] };
}

describe('first-time setup', () => {
  it('welcomes back an initialized user and finishes after 1 s', async () => {
    const h = harness({ isInitialized: async () => true });
    await vi.advanceTimersByTimeAsync(999);
    expect(h.last()).toEqual({ phase: 'complete', message: 'Welcome back!', attempts: 1 });
    expect(h.result()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(h.result()).toBe('done');
  });

  it('initializes a new user and finishes 1.5 s after success', async () => {
    const h = harness();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.views.map((v) => v.message)).toEqual([
      'Checking your account...', 'Setting up your environment for the first time...', 'Environment setup complete!',
    ]);
    await vi.advanceTimersByTimeAsync(1499);
    expect(h.result()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(h.result()).toBe('done');
  });

  it('shows the server message, or the generic one, when setup answers a failure', async () => {
    const a = harness({ initialize: async () => ({ success: false, message: 'Tenant suspended' }) });
    await a.p;
    expect(a.last()).toEqual({ phase: 'error', message: 'Tenant suspended', attempts: 1 });
    const b = harness({ initialize: async () => ({ success: false, message: null }) });
    await b.p;
    expect(b.last()?.message).toBe('Setup failed. Please refresh the page.');
  });

  it('treats a 404 as already initialized', async () => {
    const h = harness({ isInitialized: async () => { throw new ApiError('Not found', 404); } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.last()?.message).toBe('Welcome!');
    expect(h.result()).toBe('done');
  });

  it('retries other failures twice, 2 s apart, then gives up after 3 attempts', async () => {
    const check = vi.fn(async () => { throw new ApiError('Bad gateway', 502); });
    const h = harness({ isInitialized: check });
    await vi.advanceTimersByTimeAsync(0);
    expect(check).toHaveBeenCalledTimes(1);
    expect(h.last()?.message).toBe('Retrying setup...');
    await vi.advanceTimersByTimeAsync(1999);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(check).toHaveBeenCalledTimes(3);
    expect(h.result()).toBe('error');
    expect(h.last()).toEqual({ phase: 'error', message: 'Setup failed after multiple attempts. Please refresh the page.', attempts: 3 });
  });

  it('recovers when a retry succeeds', async () => {
    let n = 0;
    const h = harness({ isInitialized: async () => { if (++n === 1) throw new ApiError('offline', 0, null, true); return true; } });
    await vi.advanceTimersByTimeAsync(3000);
    expect(h.result()).toBe('done');
    expect(h.last()).toEqual({ phase: 'complete', message: 'Welcome back!', attempts: 2 });
  });
});

describe('signed-in gate', () => {
  it('tries 10 times, 200 ms apart, for a token, then checks initialization', async () => {
    const getToken = vi.fn(async () => null);
    let out: string | undefined;
    void runSignedInGate({ getToken, isInitialized: async () => true, sleep }).then((r) => { out = r; });
    await vi.advanceTimersByTimeAsync(1799);
    expect(getToken).toHaveBeenCalledTimes(9);
    expect(out).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(getToken).toHaveBeenCalledTimes(10);
    expect(out).toBe('ready');
  });

  it('shows setup when not initialized or the check fails with anything but 404', async () => {
    const token = async () => 't';
    await expect(runSignedInGate({ getToken: token, isInitialized: async () => false, sleep })).resolves.toBe('setup');
    await expect(runSignedInGate({ getToken: token, isInitialized: async () => { throw new ApiError('x', 500); }, sleep })).resolves.toBe('setup');
    await expect(runSignedInGate({ getToken: token, isInitialized: async () => { throw new ApiError('x', 404); }, sleep })).resolves.toBe('ready');
  });
});
