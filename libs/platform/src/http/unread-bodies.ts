import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** How much of a body still arriving after its answer is read, and thrown away, before the connection is cut. */
export interface DrainLimits {
  bytes: number;
  ms: number;
}

/**
 * Three times the largest body any route takes (an evidence file, 10 MiB), and ten seconds: a client
 * that sends an oversized body whole before it reads its answer (most blocking clients do) reads it.
 */
export const DRAIN_LIMITS: DrainLimits = { bytes: 32 * 1024 * 1024, ms: 10_000 };

/**
 * An answer written while the request's body is still arriving (413 from Content-Length alone or past
 * the limit, 415, 429, a refused upload URL) goes out at once, and the rest of the body is then read
 * and thrown away, up to `limits`. Closing a connection with unread bytes in it makes the kernel reset
 * it, and a client still sending then fails (EPIPE, ECONNRESET) without reading the answer. So an
 * answer that closes the connection (Fastify closes it after a body it refused) sends its FIN at once
 * but closes the socket only once the body has ended; an answer that keeps the connection keeps it.
 * Past the limits the connection is cut (reset): nothing reads unbounded data.
 */
export function drainUnreadBodies(fastify: FastifyInstance, limits: DrainLimits = DRAIN_LIMITS): void {
  fastify.addHook('onSend', (request, _reply, payload, done) => {
    const body = request.raw;
    if (!body.complete && !body.destroyed) drainAfterAnswer(body, limits);
    done(null, payload);
  });
}

function drainAfterAnswer(body: IncomingMessage, limits: DrainLimits): void {
  const socket = body.socket;
  let read = 0;
  let closing = false;
  const stop = () => {
    clearTimeout(timer);
    body.off('data', onData);
    socket.off('close', stop);
    // A connection kept open (a 429 keeps it) ends later as Node ends any: the override goes.
    if (!closing) delete (socket as { destroySoon?: unknown }).destroySoon;
  };
  const cut = () => {
    stop();
    socket.destroy();
  };
  // Like Node's own destroySoon: the socket is destroyed once what was written to it has gone out.
  const closeWhenSent = () => (socket.writableFinished ? socket.destroy() : socket.once('finish', () => socket.destroy()));
  const onData = (chunk: Buffer) => {
    read += chunk.length;
    if (read > limits.bytes) cut();
  };
  const timer = setTimeout(cut, limits.ms).unref();
  body.on('data', onData);
  body.once('end', () => {
    stop();
    if (closing) closeWhenSent();
  });
  socket.once('close', stop);
  // Node ends a connection whose answer said `Connection: close` with destroySoon (FIN, then destroy
  // once written): for this one, the destroy waits until the body has been read.
  socket.destroySoon = () => {
    closing = true;
    if (socket.writable) socket.end();
    if (body.complete) closeWhenSent();
  };
}
