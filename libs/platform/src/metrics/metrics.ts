import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { SERVICE_CONFIG } from '../bootstrap/tokens.js';
import type { ServiceConfig } from '../config/service-config.js';

/** One Prometheus registry per application instance (tests boot several in one process). */
@Injectable()
export class MetricsRegistry {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  /** The process's metrics, collected from the first application's start (`processRegistry`). */
  private readonly process = processRegistry();

  /** What `GET /metrics` shows: this application's metrics and the process's. */
  async exposition(): Promise<{ contentType: string; text: string }> {
    const merged = Registry.merge([this.process, this.registry]);
    return { contentType: merged.contentType, text: await merged.metrics() };
  }

  /** Times every request by its route pattern (never the raw URL, which holds ids). */
  instrument(fastify: FastifyInstance): void {
    fastify.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      this.httpDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
      done();
    });
  }
}

let processMetrics: Registry | undefined;

/**
 * prom-client's default metrics (CPU, memory, event loop, GC), which describe the process, not an
 * application: collected once per process into a registry of their own, which every application's
 * `/metrics` shows beside its own. (collectDefaultMetrics starts a GC observer and an event-loop delay
 * histogram it keeps no handle to: one per application would outlive each application closed in a
 * process that boots several, the tests, and keep it in memory.)
 */
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

/**
 * `GET /metrics` on a port of its own (METRICS_PORT), not on the API port: the Ingress routes the
 * API port only, and the NetworkPolicy lets only Prometheus reach this one. Starts with the
 * application and closes with it, after the drain (scrapes during the drain are answered).
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private server: Server | undefined;

  constructor(
    private readonly metrics: MetricsRegistry,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
  ) {}

  /** The port it listens on (METRICS_PORT, or the one picked for 0). */
  get port(): number {
    return (this.server?.address() as AddressInfo | null)?.port ?? this.config.METRICS_PORT;
  }

  async onApplicationBootstrap(): Promise<void> {
    const server = createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found\n');
        return;
      }
      this.metrics.exposition().then(
        ({ contentType, text }) => response.writeHead(200, { 'content-type': contentType }).end(text),
        () => response.writeHead(500).end(),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.METRICS_PORT, this.config.HOST, () => {
        server.off('error', reject);
        resolve();
      });
    });
    // Once listening, a socket error of a scrape must neither crash the service nor pass unseen.
    server.on('error', (error) => process.stderr.write(`metrics server: ${error.message}\n`));
    this.server = server;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
