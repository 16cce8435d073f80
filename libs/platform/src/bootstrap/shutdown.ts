import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import { Injectable } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { ProblemException, problemType, statusTitle, type ProblemBody } from '../http/problem.js';

/**
 * `serving` until SIGTERM. `draining`: still served, readiness 503, every response `Connection:
 * close`. `settling`: the end of the drain, served without closing connections, so that no client
 * is between two connections when the listener closes (the kernel resets connections it has
 * accepted for a listener that closes before the process takes them). `closing`: the listener is
 * closed, requests in flight finish, new requests on the connections left get 503, and every
 * response closes its connection.
 */
type ShutdownPhase = 'serving' | 'draining' | 'settling' | 'closing';

const SHUTTING_DOWN = 'SHUTTING_DOWN';
const DETAIL = 'The service is shutting down; send the request again on a new connection';

/**
 * How long the end of the drain keeps connections open (at most half the drain), and how long a
 * connection may stay without a request once the listener is closed.
 */
const QUIET_MS = 500;

/** Where the process is in its shutdown, read by the readiness probe and by every request. */
@Injectable()
export class ShutdownState {
  phase: ShutdownPhase = 'serving';

  /** What the readiness probe throws from SIGTERM on, so the load balancer stops routing here. */
  unavailable(): ProblemException {
    return new ProblemException(503, SHUTTING_DOWN, DETAIL);
  }
}

/**
 * While draining, every response carries `Connection: close`: a keep-alive client opens its next
 * connection (which the load balancer sends elsewhere) instead of finding this one closed under a
 * request it is sending. Once the listener is closed, a new request is answered 503 without work.
 */
export function closeConnectionsOnShutdown(fastify: FastifyInstance, state: ShutdownState): void {
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (state.phase === 'draining' || state.phase === 'closing') void reply.header('connection', 'close');
    done(null, payload);
  });
  fastify.addHook('onRequest', async (request, reply) => {
    if (state.phase !== 'closing') return;
    const body: ProblemBody = {
      type: problemType(SHUTTING_DOWN),
      title: statusTitle(503),
      status: 503,
      detail: DETAIL,
      code: SHUTTING_DOWN,
      requestId: String(request.id),
    };
    return reply.code(503).header('content-type', 'application/problem+json; charset=utf-8').send(body);
  });
}

/** The server's open connections and whether each has a request in progress, tracked from before `listen`. */
export class ConnectionTracker {
  private readonly connections = new Map<Socket, { requests: number; idleSince: number }>();

  constructor(server: Server) {
    server.on('connection', (socket: Socket) => {
      this.connections.set(socket, { requests: 0, idleSince: Date.now() });
      socket.once('close', () => this.connections.delete(socket));
    });
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      const connection = this.connections.get(request.socket);
      if (!connection) return;
      connection.requests += 1;
      response.once('close', () => {
        connection.requests -= 1;
        connection.idleSince = Date.now();
      });
    });
  }

  /** Closes the connections without a request in progress since `idleMs` or longer; returns how many are left. */
  closeIdle(idleMs: number): number {
    const before = Date.now() - idleMs;
    for (const [socket, { requests, idleSince }] of this.connections) {
      if (requests === 0 && idleSince <= before) socket.destroy();
    }
    return this.connections.size;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The HTTP side of a shutdown: drain for `drainMs` (the last part settling), close the listener, then
 * wait until every connection has closed, closing those left without a request for QUIET_MS.
 */
export async function drainHttpServer(
  server: Server,
  connections: ConnectionTracker,
  state: ShutdownState,
  drainMs: number,
): Promise<void> {
  const settleMs = Math.min(QUIET_MS, drainMs / 2);
  state.phase = 'draining';
  await sleep(drainMs - settleMs);
  state.phase = 'settling';
  await sleep(settleMs);
  state.phase = 'closing';
  // net's close, not http's: http's would also close every connection idle at this instant, among
  // them those a client is sending its next request on (the reset this drain exists to avoid).
  const closed = new Promise<void>((resolve, reject) =>
    NetServer.prototype.close.call(server, (error) => (error ? reject(error) : resolve())),
  );
  while (connections.closeIdle(QUIET_MS) > 0) await sleep(QUIET_MS / 5);
  await closed;
}
