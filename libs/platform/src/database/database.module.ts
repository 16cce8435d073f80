import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type DataSourceOptions, type MixedList, type EntitySchema } from 'typeorm';
import { SERVICE_CONFIG, DATABASE_URL } from '../bootstrap/tokens.js';
import type { ServiceConfig } from '../config/service-config.js';
import { AttemptLog } from '../background/attempt-log.js';
import { BackgroundMetrics } from '../background/background-metrics.js';
import { BackgroundWork } from '../background/background-work.js';
import { runMigrationsLocked } from './migrations.js';

export interface DatabaseModuleOptions {
  /** Name of the service; keys the migration lock. */
  service: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
}

/** Options shared by the running service, the migration CLI and the tests. */
export function dataSourceOptions(url: string, options: DatabaseModuleOptions, poolSize = 10): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'typeorm_migrations',
    synchronize: false,
    migrationsRun: false,
    extra: {
      max: poolSize,
      application_name: options.service,
      // A request waits at most 10 s for a pooled connection (pg's default is forever: one stuck
      // request could then hold every later one), and the server ends a session left idle inside a
      // transaction for a minute, so a lost client cannot keep row locks.
      connectionTimeoutMillis: 10_000,
      idle_in_transaction_session_timeout: 60_000,
    },
    logging: false,
  };
}

@Module({})
export class DatabaseModule {
  static forRoot(options: DatabaseModuleOptions): DynamicModule {
    return {
      module: DatabaseModule,
      // Background work runs on the database: every feature may hand it work, and log its attempts.
      global: true,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [SERVICE_CONFIG, DATABASE_URL],
          useFactory: (config: ServiceConfig, url: string) => dataSourceOptions(url, options, config.DATABASE_POOL_SIZE),
        }),
      ],
      providers: [
        {
          provide: MigrationsOnStart,
          inject: [SERVICE_CONFIG, DataSource],
          useFactory: async (config: ServiceConfig, dataSource: DataSource) => {
            if (config.MIGRATIONS_RUN) await runMigrationsLocked(dataSource, `migrations:${options.service}`);
            return new MigrationsOnStart();
          },
        },
        BackgroundMetrics,
        BackgroundWork,
        AttemptLog,
      ],
      exports: [TypeOrmModule, BackgroundWork, AttemptLog],
    };
  }
}

/** Marker provider: its factory applies migrations before the application starts serving. */
export class MigrationsOnStart {}
