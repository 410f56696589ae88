/**
 * Webhook URL checks: http or https only, no credentials in the URL, and (unless
 * WEBHOOK_ALLOW_PRIVATE_TARGETS) only public unicast destinations. The host is resolved once per
 * send and the connection is made to the address that was checked (see post-webhook.ts), so a DNS
 * answer that changes between the check and the connection cannot point a webhook inside the network.
 *
 * Odd IPv4 spellings (2130706433, 127.1, 0x7f.0.0.1) need no rule of their own: the WHATWG URL
 * parser rewrites them to dotted quads before the host is looked at. IPv6 forms that embed an IPv4
 * address (mapped, compatible, translated, NAT64, 6to4, Teredo) are refused whole: no public webhook
 * endpoint is reached through them, and checking the embedded address would be one more way to err.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

// Two lists: one BlockList with both families would match IPv4 addresses against the IPv6 mapped ranges.
const refused4 = new BlockList();
const refused6 = new BlockList();
const V4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
];
const V6: ReadonlyArray<readonly [string, number]> = [
  ['::', 96], // unspecified, loopback and IPv4-compatible (::a.b.c.d)
  ['::ffff:0:0', 96], // IPv4-mapped
  ['::ffff:0:0:0', 96], // IPv4-translated
  ['64:ff9b::', 96], ['64:ff9b:1::', 48], // NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments, Teredo included
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique local
  ['fe80::', 10], ['fec0::', 10], // link-local, old site-local
  ['ff00::', 8], // multicast
];
for (const [net, bits] of V4) refused4.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of V6) refused6.addSubnet(net, bits, 'ipv6');

const PRIVATE = 'private network addresses are not allowed';

/** A parsed URL, or the reason it is refused (syntax only). */
export function parseWebhookUrl(raw: string): { url: URL } | { problem: string } {
  const text = raw.trim();
  if (!text) return { problem: 'the URL is empty' };
  if (text.length > 2000) return { problem: 'the URL is longer than 2000 characters' };
  let url: URL;
  // An unparsable URL is the user's input problem, reported as such.
  try { url = new URL(text); } catch { return { problem: 'not a URL' }; }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { problem: `${url.protocol.replace(':', '')} is not allowed` };
  if (url.username || url.password) return { problem: 'credentials in the URL are not allowed; verify the signature instead' };
  if (!url.hostname) return { problem: 'the URL has no host' };
  return { url };
}

/** True only for a literal IP address in public unicast space. */
export function isPublicAddress(address: string): boolean {
  if (address.includes('%')) return false; // scoped (zone) addresses are link-local by nature
  const v = isIP(address);
  if (v === 4) return !refused4.check(address, 'ipv4');
  if (v === 6) return !refused6.check(address, 'ipv6');
  return false;
}

export interface WebhookTarget { address: string; family: 4 | 6 }

/** Resolves the URL's host once and checks every answer; the target to connect to, or the reason it is refused. */
export async function resolveWebhookTarget(url: URL, allowPrivate: boolean): Promise<WebhookTarget | { problem: string }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && (host === 'localhost' || host.endsWith('.localhost'))) return { problem: PRIVATE };
  let answers: { address: string; family: number }[];
  try {
    answers = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true, verbatim: true });
  } catch {
    // DNS failure (unknown host, no answer): reported to the user as the URL's problem.
    return { problem: 'the host name does not resolve' };
  }
  if (answers.length === 0) return { problem: 'the host name does not resolve' };
  // Every answer must pass: a name with one public and one private address is refused, not raced.
  if (!allowPrivate && !answers.every((a) => isPublicAddress(a.address))) return { problem: PRIVATE };
  const first = answers[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** The reason this URL's host is refused, or null (the check made when a webhook is registered). */
export async function privateTargetProblem(url: URL, allowPrivate: boolean): Promise<string | null> {
  const target = await resolveWebhookTarget(url, allowPrivate);
  return 'problem' in target ? target.problem : null;
}
