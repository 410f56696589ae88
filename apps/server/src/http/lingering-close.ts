/**
 * A lingering close, for answers sent before the client has finished sending its request (a refused upload).
 *
 * Closing a TCP connection while the peer's bytes are still arriving makes the kernel answer them with a
 * reset (RST), and a reset can overtake the answer already sent: the client then reports "connection
 * reset" or EPIPE instead of the clear refusal. Web servers avoid it the same way (nginx's lingering_close,
 * Apache's lingering close): once the answer is written, half-close (FIN: "nothing more from us"), read and
 * throw away what the client still sends until it has sent it all or closed its side, and only then close;
 * or close after a bound, so that a client that never stops cannot hold the connection.
 *
 * Node's HTTP server ends a `Connection: close` exchange with socket.destroySoon() (end, then destroy as
 * soon as the answer is flushed); for the one socket given here that step is replaced with the lingering
 * close. lingering-close.test.ts pins the behaviour on the Node version in use.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';

/**
 * How long a closing connection keeps reading what the client still sends (nginx's lingering_time is 30 s,
 * its lingering_timeout 5 s). Long enough for a client that reacts to the answer to stop and close, short
 * enough that a client sending on regardless ties up a connection, not the server.
 */
export const LINGER_MS = 5_000;

/**
 * Answers on `res` with `Connection: close`, and when the answer has been written closes the connection
 * lingering: the rest of the request is read and discarded (never buffered) until the client has sent it
 * all or closed its side, or `lingerMs` have passed.
 */
export function closeLingering(req: IncomingMessage, res: ServerResponse, lingerMs = LINGER_MS): void {
  if (!res.headersSent) res.setHeader('connection', 'close');
  const socket = req.socket;
  socket.destroySoon = () => linger(socket, req, lingerMs);
}

function linger(socket: Socket, req: IncomingMessage, lingerMs: number): void {
  let closing = false;
  // Node's own close: FIN after the answer, then destroy once it is flushed.
  const closeNow = () => {
    if (closing) return;
    closing = true;
    Socket.prototype.destroySoon.call(socket);
  };
  // The body is wanted by no one it was piped to: let it flow with no reader, which drops each chunk.
  req.unpipe();
  req.resume();
  // Once the client has sent all it will (the whole body, or its FIN), nothing unread is left to cause a reset.
  if (req.complete || socket.readableEnded) return closeNow();
  req.once('end', closeNow);
  socket.once('end', closeNow);
  if (socket.writable) socket.end();
  const timer = setTimeout(() => socket.destroy(), lingerMs);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}
