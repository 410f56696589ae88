/**
 * Webhook targets under the default configuration: every way of naming the server's own network is
 * refused when the webhook is added, and a send connects to the address that was checked.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp } from '../../test/harness.ts';
import { isPublicAddress } from './webhook-url.ts';
import { postToTarget } from './post-webhook.ts';

let t: TestApp;
let receiver: Server;
let port = 0;
const hosts: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  receiver = createServer((req, res) => { hosts.push(String(req.headers.host)); req.resume(); res.writeHead(204).end(); });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  port = (receiver.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((r) => receiver?.close(r));
  await t?.close();
});

const INSIDE = [
  'http://127.0.0.1/', 'http://localhost:8080/', 'http://app.localhost/', 'http://[::ffff:127.0.0.1]/', 'http://2130706433/',
  'http://127.1/', 'http://0x7f.0.0.1/', 'http://0177.0.0.1/', 'http://0.0.0.0/', 'http://169.254.169.254/latest/meta-data',
  'http://[::127.0.0.1]/', 'http://[::ffff:0:7f00:1]/', 'http://[::1]/', 'http://[::]/', 'http://[fd00::1]/', 'http://[fe80::1]/',
  'http://10.0.0.1/', 'http://172.16.5.4/', 'http://192.168.1.1/', 'http://100.64.0.1/', 'http://[64:ff9b::7f00:1]/',
  'http://[2002:7f00:1::]/', 'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', 'http://224.0.0.1/',
];

describe('webhook targets (default: private targets refused)', () => {
  it('refuses loopback, private, link-local, unique-local and embedded-IPv4 targets in every spelling', async () => {
    expect(t.config.WEBHOOK_ALLOW_PRIVATE_TARGETS).toBe(false);
    const u = await createTestUser(t.ctx);
    for (const url of INSIDE) {
      const res = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers: u.auth, payload: { url } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toMatch(/private network addresses are not allowed/);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: u.auth })).json().data).toEqual([]);
  });

  it('classifies literal addresses: public unicast only', () => {
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '2a00:1450:4001:82b::200e']) expect(isPublicAddress(a), a).toBe(true);
    for (const a of ['127.0.0.1', '::ffff:127.0.0.1', '::7f00:1', '::ffff:0:7f00:1', 'fe80::1%eth0', '198.18.0.1', '192.0.2.1', 'not-an-ip']) {
      expect(isPublicAddress(a), a).toBe(false);
    }
  });

  it('connects to the address that was checked, never resolving the host name again', async () => {
    // A name that can never resolve: the request only arrives because the socket goes to the pinned address.
    const status = await postToTarget(new URL(`http://hook.invalid:${port}/x`), { address: '127.0.0.1', family: 4 }, {}, '{}', 5000);
    expect(status).toBe(204);
    expect(hosts).toContain(`hook.invalid:${port}`);
  });
});
