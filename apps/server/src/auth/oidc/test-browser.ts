/**
 * Test support: a tiny "browser" that drives an OpenID Connect authorization code + PKCE flow over
 * real HTTP with fetch: it keeps cookies, follows redirects, and submits the HTML forms it meets.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';

/** A port free right now (an issuer URL must be known before its server listens). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    }).on('error', reject);
  });
}

/** Cookies by name (the flows here stay on one host). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim(), value = pair.slice(i + 1).trim();
      const expired = attrs.some((a) => {
        const [k = '', v = ''] = a.split('=');
        return (/^\s*expires$/i.test(k) && Date.parse(v) < Date.now()) || (/^\s*max-age$/i.test(k) && Number(v) <= 0);
      });
      if (expired || !value) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** The first form of a page: its absolute action URL and its inputs' names and values. */
export function readForm(html: string, base: string): { action: string; fields: Record<string, string> } {
  const form = /<form\b[^>]*>[\s\S]*?<\/form>/i.exec(html)?.[0];
  if (!form) throw new Error(`No form on the page: ${html.slice(0, 300)}`);
  const action = /action="([^"]*)"/i.exec(form)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const input of form.match(/<input\b[^>]*>/gi) ?? []) {
    const name = /name="([^"]*)"/i.exec(input)?.[1];
    if (name) fields[name] = (/value="([^"]*)"/i.exec(input)?.[1] ?? '').replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)));
  }
  return { action: new URL(action.replace(/&amp;/g, '&'), base).href, fields };
}

export interface Discovery { issuer: string; authorization_endpoint: string; token_endpoint: string; jwks_uri: string; end_session_endpoint?: string; userinfo_endpoint?: string }

export const discover = async (issuer: string): Promise<Discovery> =>
  (await (await fetch(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`)).json()) as Discovery;

export interface TokenSet { access_token: string; id_token?: string; refresh_token?: string; token_type: string; expires_in: number; scope?: string }

/**
 * Runs the browser part of a code flow until the provider redirects to redirectUri; `fill` gets each
 * form (action + fields) and returns the fields to post. Returns the code and the pages seen.
 */
export async function browse(startUrl: string, redirectUri: string, jar: CookieJar, fill: (form: { action: string; fields: Record<string, string> }, html: string) => Record<string, string>): Promise<{ location: URL; pages: string[] }> {
  let url = startUrl;
  let init: RequestInit = {};
  const pages: string[] = [];
  for (let hop = 0; hop < 15; hop++) {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string> | undefined), cookie: jar.header() } });
    jar.store(res);
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location')!, url);
      if (`${next.origin}${next.pathname}` === new URL(redirectUri).href) return { location: next, pages };
      url = next.href;
      init = {};
      continue;
    }
    const html = await res.text();
    pages.push(html);
    if (!res.ok && !/<form/i.test(html)) throw new Error(`HTTP ${res.status} at ${url}: ${html.replace(/<style>[\s\S]*?<\/style>/, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').slice(0, 600)}`);
    const form = readForm(html, url);
    url = form.action;
    init = { method: 'POST', body: new URLSearchParams(fill(form, html)).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error('Too many redirects');
}

/** A full authorization code + PKCE flow: authorize (with forms filled by `fill`), then the token exchange. */
export async function codeFlow(o: {
  issuer: string; clientId: string; redirectUri: string; scope: string; params?: Record<string, string>; jar?: CookieJar;
  fill: (form: { action: string; fields: Record<string, string> }, html: string) => Record<string, string>;
}): Promise<{ tokens: TokenSet; discovery: Discovery; jar: CookieJar; pages: string[] }> {
  const discovery = await discover(o.issuer);
  const jar = o.jar ?? new CookieJar();
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const state = randomBytes(8).toString('hex');
  const auth = new URL(discovery.authorization_endpoint);
  for (const [k, v] of Object.entries({ client_id: o.clientId, redirect_uri: o.redirectUri, response_type: 'code', scope: o.scope, state,
    code_challenge: challenge, code_challenge_method: 'S256', ...o.params })) auth.searchParams.set(k, v);
  const { location, pages } = await browse(auth.href, o.redirectUri, jar, o.fill);
  if (location.searchParams.get('state') !== state) throw new Error(`State mismatch: ${location.href}`);
  const code = location.searchParams.get('code');
  if (!code) throw new Error(`No code: ${location.href}`);
  const res = await fetch(discovery.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: o.redirectUri, client_id: o.clientId, code_verifier: verifier }).toString(),
  });
  const tokens = (await res.json()) as TokenSet;
  if (!res.ok) throw new Error(`Token exchange failed: ${JSON.stringify(tokens)}`);
  return { tokens, discovery, jar, pages };
}
