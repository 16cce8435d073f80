import { Controller, Get, Header, Injectable } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyInstance } from 'fastify';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { Public } from '../http/public.decorator.js';

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

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** Times every request by its route pattern (never the raw URL, which holds ids). */
  instrument(fastify: FastifyInstance): void {
    fastify.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      this.httpDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });
  }
}

@ApiExcludeController()
@Public()
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsRegistry) {}

  @Get()
  @Header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
  scrape(): Promise<string> {
    return this.metrics.registry.metrics();
  }
}
