import { Global, Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import type { DestinationStream } from 'pino';
import type { ServiceConfig } from '../config/service-config.js';
import { HealthController } from '../health/health.controller.js';
import { ProblemDetailsFilter } from '../http/problem-details.filter.js';
import { LoggingModule } from '../logging/logging.module.js';
import { MetricsRegistry, MetricsServer } from '../metrics/metrics.js';
import { RateLimitCounters } from '../rate-limit/rate-limit.js';
import { ShutdownState } from './shutdown.js';
import { DATABASE_URL, SERVICE_CONFIG } from './tokens.js';

export interface ServiceRuntime<C extends ServiceConfig = ServiceConfig> {
  /** Service name (`lead-distribution`, `coverage-claims`), used in logs, metrics and locks. */
  service: string;
  config: C;
  databaseUrl: string;
  /** Where logs go; stdout when absent. */
  logDestination?: DestinationStream;
}

/**
 * What every service has: its validated config (injectable by its class and by SERVICE_CONFIG), the
 * database URL, JSON logging, the problem-details filter, health, metrics on a port of their own, the
 * shutdown state and the rate-limit counters features count in (RateLimitCounters).
 */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(runtime: ServiceRuntime): DynamicModule {
    const configClass = runtime.config.constructor as new () => ServiceConfig;
    return {
      module: PlatformModule,
      imports: [
        LoggingModule.forRoot(runtime.service, runtime.config.LOG_LEVEL, runtime.logDestination),
        TerminusModule.forRoot({ logger: false }),
      ],
      controllers: [HealthController],
      providers: [
        { provide: SERVICE_CONFIG, useValue: runtime.config },
        { provide: configClass, useValue: runtime.config },
        { provide: DATABASE_URL, useValue: runtime.databaseUrl },
        { provide: APP_FILTER, useClass: ProblemDetailsFilter },
        MetricsRegistry,
        MetricsServer,
        ShutdownState,
        RateLimitCounters,
      ],
      exports: [SERVICE_CONFIG, configClass, DATABASE_URL, MetricsRegistry, ShutdownState, RateLimitCounters],
    };
  }
}
