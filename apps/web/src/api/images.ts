/**
 * Image loading: URLs under /api/image/ need the bearer token, so they are fetched as blobs and
 * shown through object URLs (cached, oldest revoked past a bound); other URLs are used directly.
 */
import { authHeaders } from './http.ts';

const MAX_CACHED = 300;
const cache = new Map<string, Promise<string>>();

/** Whether a URL must be fetched with the bearer token. */
export function needsAuth(url: string): boolean {
  return url.includes('/api/image/');
}

/** A displayable URL for an image: an object URL for protected images, the URL itself otherwise. */
export function loadImage(url: string): Promise<string> {
  if (!needsAuth(url)) return Promise.resolve(url);
  const hit = cache.get(url);
  if (hit) return hit;
  const p = (async () => {
    const res = await fetch(url, { headers: await authHeaders(), credentials: 'include' });
    if (!res.ok) throw new Error(`Image request failed (${res.status})`);
    return URL.createObjectURL(await res.blob());
  })();
  p.catch(() => cache.delete(url));
  cache.set(url, p);
  if (cache.size > MAX_CACHED) {
    const [oldest, op] = cache.entries().next().value as [string, Promise<string>];
    cache.delete(oldest);
    void op.then((u) => URL.revokeObjectURL(u), () => undefined);
  }
  return p;
}
