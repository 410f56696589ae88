/**
 * A server that refuses a request before its body has arrived still gets the refusal to the client: the
 * connection closes only after the client has stopped sending (or a bound has passed), so no reset can
 * overtake the answer. A real HTTP server and a raw TCP client, since the reset is the kernel's doing.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { closeLingering } from './lingering-close.ts';

const ANSWER = JSON.stringify({ success: false, message: 'Too large.' });

let server: Server | undefined;
afterEach(async () => {
  if (!server) return;
  server.closeAllConnections();
  await new Promise((resolve) => server!.close(resolve));
  server = undefined;
});

/** A server that answers 413 at the first body chunk, closing lingering; resolves its port and its side of each connection. */
async function refusingServer(lingerMs: number): Promise<{ port: number; requests: IncomingMessage[]; sockets: Socket[] }> {
  const requests: IncomingMessage[] = [];
  const sockets: Socket[] = [];
  server = createServer((req, res) => {
    requests.push(req);
    req.once('data', () => {
      req.pause();
      closeLingering(req, res, lingerMs);
      res.writeHead(413, { 'content-type': 'application/json' }).end(ANSWER);
    });
  });
  server.on('connection', (s: Socket) => sockets.push(s));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { port: (server.address() as { port: number }).port, requests, sockets };
}

/** A raw client that announces `bodyBytes` and writes them in 64 KB pieces until the whole answer is in. */
async function sendUntilAnswered(port: number, bodyBytes: number): Promise<{ client: Socket; answer: () => string; sent: number; serverEnded: Promise<unknown> }> {
  // Half-open allowed: a client that goes on sending after the server's FIN, as an upload in flight does.
  const client = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
  const serverEnded = once(client, 'end');
  await once(client, 'connect');
  let received = '';
  client.on('data', (d: Buffer) => (received += d.toString()));
  client.write(`POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/octet-stream\r\nContent-Length: ${bodyBytes}\r\n\r\n`);
  const piece = Buffer.alloc(64 * 1024, 0x20);
  let sent = 0;
  while (!received.includes(ANSWER)) {
    if (sent === bodyBytes) { await once(client, 'data'); continue; }
    const n = Math.min(piece.length, bodyBytes - sent);
    if (!client.write(piece.subarray(0, n))) await Promise.race([once(client, 'drain'), once(client, 'data')]);
    sent += n;
    await new Promise(setImmediate);
  }
  return { client, answer: () => received, sent, serverEnded };
}

/** The server's side of a connection closing (with an error or not: a request cut short is a parse error to Node). */
const closed = (socket: Socket) => new Promise((resolve) => socket.once('close', resolve));

/** Writes `bytes` more, resolving with the error of the first write that fails, or null when all were taken. */
async function writeMore(client: Socket, bytes: number): Promise<Error | null> {
  const piece = Buffer.alloc(64 * 1024, 0x20);
  for (let left = bytes; left > 0; left -= piece.length) {
    const err = await new Promise<Error | null | undefined>((resolve) => client.write(piece, resolve));
    if (err) return err;
  }
  return null;
}

describe('closing a connection whose request is refused mid-body', () => {
  it('keeps reading and discarding what the client still sends, so the client gets the answer and no reset', async () => {
    const { port, requests, sockets } = await refusingServer(30_000);
    const { client, answer, serverEnded } = await sendUntilAnswered(port, 64 * 1024 * 1024);
    expect(answer()).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer().toLowerCase()).toContain('connection: close');

    // Far more than the kernel's socket buffers hold: every write is taken only if the server goes on reading.
    const serverClosed = closed(sockets[0]!);
    expect(await writeMore(client, 16 * 1024 * 1024)).toBeNull();
    // Read and dropped, not kept: nothing of the body waits in the request stream.
    expect(requests[0]!.readableLength).toBe(0);

    // The server has said it sends nothing more (FIN) and closes for good once the client ends too.
    await serverEnded;
    client.end();
    await serverClosed;
  });

  it('closes once the client has sent the whole request', async () => {
    const { port, sockets } = await refusingServer(30_000);
    const { client, sent } = await sendUntilAnswered(port, 4 * 1024 * 1024);
    const serverClosed = closed(sockets[0]!);
    expect(await writeMore(client, 4 * 1024 * 1024 - sent)).toBeNull();
    await serverClosed;
    client.destroy();
  });

  it('closes after its bound when the client neither stops sending nor closes', async () => {
    const lingerMs = 200;
    const { port, sockets } = await refusingServer(lingerMs);
    const { client } = await sendUntilAnswered(port, 64 * 1024 * 1024);
    client.on('error', () => {}); // the client's later writes meet a closed connection
    const serverClosed = closed(sockets[0]!);
    let stop = false;
    void serverClosed.then(() => (stop = true));
    while (!stop) {
      await writeMore(client, 64 * 1024);
      await new Promise(setImmediate);
    }
    client.destroy();
  });
});
