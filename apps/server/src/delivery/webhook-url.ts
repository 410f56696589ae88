/**
 * Webhook URL checks: http or https only, no credentials in the URL, and (when
 * WEBHOOK_ALLOW_PRIVATE_TARGETS is false) no loopback, private or link-local destination, checked
 * on the resolved addresses at registration and again before each send.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

const privateRanges = new BlockList();
for (const [net, bits] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) {
  privateRanges.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) privateRanges.addSubnet(net, bits, 'ipv6');

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

function isPrivate(address: string): boolean {
  const v = isIP(address);
  if (v === 4) return privateRanges.check(address, 'ipv4');
  if (v === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    return mapped ? privateRanges.check(mapped[1]!, 'ipv4') : privateRanges.check(address, 'ipv6');
  }
  return true;
}

/** The reason this URL's host is refused under the private-target rule, or null. */
export async function privateTargetProblem(url: URL, allowPrivate: boolean): Promise<string | null> {
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return 'private network addresses are not allowed';
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    // DNS failure (unknown host, no answer): reported to the user as the URL's problem.
    return 'the host name does not resolve';
  }
  return addresses.some(isPrivate) ? 'private network addresses are not allowed' : null;
}
