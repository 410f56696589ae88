/**
 * The one HTTP client: /api base, 30 s timeout, credentials included, bearer token, X-Dev-Role,
 * {success, data, message} envelope unwrapping and the 401 rule (clear dev role, leave to /).
 */
import type { ApiEnvelope } from '@ladingwise/shared';
import { API_BASE, API_TIMEOUT_MS } from '../config.ts';
import { clearDevRole, getDevRole } from './dev-role.ts';
import { isObject, pick } from './read.ts';

/** The server's answer envelope (one definition, in @ladingwise/shared), read in either key case. */
export type Envelope<T = unknown> = ApiEnvelope<T>;

/** A failed call: HTTP status (0 for network errors and timeouts) and the server's message when present. */
export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;
  readonly network: boolean;
  constructor(message: string, status: number, data: unknown = null, network = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
    this.network = network;
  }
}

/** Error raised when the server answers 200 with success: false. */
export class ApiFailure extends ApiError {
  constructor(message: string, data: unknown) {
    super(message, 200, data);
    this.name = 'ApiFailure';
  }
}

type TokenGetter = () => Promise<string | null>;
let getToken: TokenGetter = async () => null;
let onUnauthorized: () => void = defaultUnauthorized;

function defaultUnauthorized(): void {
  if (typeof window !== 'undefined' && window.location.pathname !== '/') window.location.assign('/');
}

/** Wires the client to the auth layer: where tokens come from and what a 401 does. */
export function configureApi(options: { getToken?: TokenGetter; onUnauthorized?: () => void }): void {
  if (options.getToken) getToken = options.getToken;
  if (options.onUnauthorized) onUnauthorized = options.onUnauthorized;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  form?: FormData;
  /** Send no bearer token (public calls). */
  anonymous?: boolean;
  /** Do not run the 401 rule (login with a wrong password answers 401 too). */
  keep401?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Builds "/api/path?query" from a path relative to the API base. */
export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const qs = q.toString();
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${qs ? `?${qs}` : ''}`;
}

/** Headers every call carries: bearer token and dev role when present. */
export async function authHeaders(anonymous = false): Promise<Record<string, string>> {
  const h: Record<string, string> = {};
  if (!anonymous) {
    const token = await getToken().catch((err: unknown) => {
      console.warn('Could not get an access token', err);
      return null;
    });
    if (token) h.Authorization = `Bearer ${token}`;
  }
  const role = getDevRole();
  if (role) h['X-Dev-Role'] = role;
  return h;
}

/** Reads an envelope from a parsed body; bodies without one count as the data itself. */
export function toEnvelope<T>(body: unknown): Envelope<T> {
  if (isObject(body) && (pick(body, 'success') !== undefined || pick(body, 'data') !== undefined)) {
    const message = pick(body, 'message');
    return {
      success: pick(body, 'success') !== false,
      data: (pick(body, 'data') ?? null) as T,
      message: typeof message === 'string' ? message : null,
    };
  }
  return { success: true, data: body as T, message: null };
}

/** Sends a request and returns the whole envelope; throws ApiError on HTTP or network failure. */
export async function request<T = unknown>(method: string, path: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
  const headers = await authHeaders(opts.anonymous);
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('Request timed out', 'TimeoutError')), opts.timeoutMs ?? API_TIMEOUT_MS);
  opts.signal?.addEventListener('abort', () => controller.abort(opts.signal?.reason), { once: true });
  let res: Response;
  try {
    res = await fetch(apiUrl(path, opts.query), { method, headers, body, credentials: 'include', signal: controller.signal });
  } catch (err) {
    const timedOut = controller.signal.reason instanceof DOMException && controller.signal.reason.name === 'TimeoutError';
    throw new ApiError(timedOut ? 'The request timed out.' : err instanceof Error ? err.message : 'Network error', 0, null, true);
  } finally {
    clearTimeout(timer);
  }
  const text = await res.text();
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  const env = toEnvelope<T>(parsed);
  if (!res.ok) {
    if (res.status === 401 && !opts.keep401) {
      clearDevRole();
      onUnauthorized();
    }
    throw new ApiError(env.message ?? (res.statusText || `Request failed (${res.status})`), res.status, env.data);
  }
  return env;
}

/** Sends a request and returns data, treating success: false as an error with the server's message. */
export async function call<T = unknown>(method: string, path: string, opts?: RequestOptions): Promise<T> {
  const env = await request<T>(method, path, opts);
  if (!env.success) throw new ApiFailure(env.message ?? 'The request failed.', env.data);
  // A successful answer's data is what the route promises (its readers check the shape); null only where T allows.
  return env.data as T;
}

/** The server's message when present, otherwise the fallback (spec section 8). */
export function messageOf(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.message && !err.network) return err.message;
  return fallback;
}
