import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import perfHooks, { type ELDHistogram, type PerformanceObserver } from 'node:perf_hooks';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { SERVICE_CONFIG } from '../bootstrap/tokens.js';
import type { ServiceConfig } from '../config/service-config.js';

/** One Prometheus registry per application instance (tests boot several in one process). */
@Injectable()
export class MetricsRegistry implements OnApplicationShutdown {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  private readonly stopDefaultMetrics = collectDefaultMetricsUntilStopped(this.registry);

  onApplicationShutdown(): void {
    this.stopDefaultMetrics();
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

/**
 * prom-client's default metrics, collected into `registry` until the function returned is called.
 * collectDefaultMetrics starts a GC PerformanceObserver and an event-loop delay histogram and keeps no
 * handle to either: left running, they outlive the application (in a process that boots several, the
 * tests, the observer's callback keeps each closed application in memory), so they are caught as
 * collectDefaultMetrics starts them, synchronously, and stopped with the application.
 */
function collectDefaultMetricsUntilStopped(registry: Registry): () => void {
  const observers: PerformanceObserver[] = [];
  const histograms: ELDHistogram[] = [];
  const { prototype } = perfHooks.PerformanceObserver;
  const { observe } = prototype;
  const { monitorEventLoopDelay } = perfHooks;
  prototype.observe = function (this: PerformanceObserver, ...args: Parameters<PerformanceObserver['observe']>) {
    observers.push(this);
    return observe.apply(this, args);
  };
  perfHooks.monitorEventLoopDelay = (...args) => {
    const histogram = monitorEventLoopDelay(...args);
    histograms.push(histogram);
    return histogram;
  };
  try {
    collectDefaultMetrics({ register: registry });
  } finally {
    prototype.observe = observe;
    perfHooks.monitorEventLoopDelay = monitorEventLoopDelay;
  }
  return () => {
    for (const observer of observers.splice(0)) observer.disconnect();
    for (const histogram of histograms.splice(0)) histogram.disable();
  };
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
      this.metrics.registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': this.metrics.registry.contentType }).end(text),
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
