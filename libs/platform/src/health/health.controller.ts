import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { ShutdownState } from '../bootstrap/shutdown.js';
import { Public } from '../http/public.decorator.js';

@ApiExcludeController()
@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly shutdown: ShutdownState,
  ) {}

  /** The process is up and serving HTTP, shutting down or not. */
  @Get('live')
  @HealthCheck()
  live() {
    return this.health.check([]);
  }

  /** The service can do its work: the database answers, and no shutdown has begun (503 from SIGTERM on). */
  @Get('ready')
  @HealthCheck()
  ready() {
    if (this.shutdown.phase !== 'serving') throw this.shutdown.unavailable();
    return this.health.check([() => this.database.pingCheck('database', { timeout: 2000 })]);
  }
}
