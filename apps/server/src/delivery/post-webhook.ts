/**
 * One webhook POST to an address already checked by resolveWebhookTarget: the socket connects to
 * that address (the lookup is answered with it, never asked again), while the Host header and the
 * TLS server name stay the URL's host so virtual hosts and certificates work. No redirects are followed.
 */
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { WebhookTarget } from './webhook-url.ts';

export class WebhookTimeout extends Error {}

/** POSTs body to url over a connection to target; resolves with the HTTP status code. */
export function postToTarget(url: URL, target: WebhookTarget, headers: Record<string, string>, body: string, timeoutMs: number): Promise<number> {
  const pinned: LookupFunction = (_host, options, callback) => {
    // Node asks for every address when it races IPv4 and IPv6 (autoSelectFamily); answer in the form asked for.
    if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const options: RequestOptions & { servername?: string } = {
    method: 'POST',
    lookup: pinned,
    headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    ...(url.protocol === 'https:' ? { servername: host } : {}),
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<number>((resolve, reject) => {
    // One deadline for the whole exchange (a receiver trickling bytes cannot hold a worker longer).
    const timer = setTimeout(() => req.destroy(new WebhookTimeout(`Timed out after ${Math.round(timeoutMs / 1000)} s`)), timeoutMs);
    const req = send(url, options, (res: IncomingMessage) => {
      clearTimeout(timer);
      resolve(res.statusCode ?? 0);
      res.destroy(); // the answer's body is never read: only the status matters
    });
    req.on('error', (err) => { clearTimeout(timer); reject(err); });
    req.end(body);
  });
}
