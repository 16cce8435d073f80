import type { Server } from 'node:http';
import path from 'node:path';
import type { DynamicModule } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ConfigError, loadConfig } from '../config/load-config.js';
import { shutdownDrainMs, type ServiceConfig } from '../config/service-config.js';
import type { DatabaseModuleOptions } from '../database/database.module.js';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../database/embedded-database.js';
import type { OpenApiInfo } from '../openapi/openapi.js';
import { createServiceApp } from './create-app.js';
import type { ServiceRuntime } from './platform.module.js';
import { ConnectionTracker, drainHttpServer, ShutdownState } from './shutdown.js';

export interface ServiceDefinition<C extends ServiceConfig> {
  /** `lead-distribution` or `coverage-claims`. */
  service: string;
  /** Database name used inside the embedded PostgreSQL. */
  databaseName: string;
  /** Entities and migrations: for the migration commands, the drift check and the tests. */
  schema: DatabaseModuleOptions;
  configClass: new () => C;
  appModule: (runtime: ServiceRuntime<C>) => DynamicModule;
  openApi: OpenApiInfo;
  /** Fills development defaults that must persist between runs (generated secrets), given the service's data directory. */
  prepare?: (config: C, dataDir: string) => Promise<void>;
}

/**
 * Entry point of a service process: validate the configuration (exit 1 naming the variable), start
 * the embedded PostgreSQL when no DATABASE_URL is given, boot, listen, and shut down gracefully.
 */
export async function runService<C extends ServiceConfig>(definition: ServiceDefinition<C>): Promise<void> {
  let config: C;
  try {
    config = loadConfig(definition.configClass, process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${definition.service}: ${error.message}\n`);
    process.exit(1);
  }

  const dataDir = path.resolve(config.DATA_DIR, definition.service);
  await definition.prepare?.(config, dataDir);

  let embedded: EmbeddedDatabase | undefined;
  if (!config.DATABASE_URL) {
    process.stdout.write(
      `${definition.service}: DATABASE_URL is unset, starting embedded PostgreSQL on 127.0.0.1:${config.EMBEDDED_DATABASE_PORT}\n`,
    );
    embedded = await startEmbeddedDatabase({
      dataDir,
      port: config.EMBEDDED_DATABASE_PORT,
      database: definition.databaseName,
    });
  }
  const databaseUrl = config.DATABASE_URL ?? embedded!.url;

  let app: NestFastifyApplication;
  let connections: ConnectionTracker;
  try {
    app = await createServiceApp({
      service: definition.service,
      module: definition.appModule({ service: definition.service, config, databaseUrl }),
      config,
      openApi: definition.openApi,
    });
    connections = new ConnectionTracker(app.getHttpServer() as Server);
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    process.stderr.write(`${definition.service}: failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
    await embedded?.stop();
    process.exit(1);
  }
  installGracefulShutdown(app, connections, { drainMs: shutdownDrainMs(config), timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, async () =>
    embedded?.stop(),
  );
}

/**
 * On SIGTERM or SIGINT: drain the HTTP server (`drainHttpServer`: serve for `drainMs` with readiness
 * 503 and connections closed after their responses, then close the listener and let requests in
 * flight finish), close the pool, run `afterClose` (the embedded database) and exit 0. A shutdown
 * longer than `timeoutMs` in all exits 1.
 */
function installGracefulShutdown(
  app: NestFastifyApplication,
  connections: ConnectionTracker,
  { drainMs, timeoutMs }: { drainMs: number; timeoutMs: number },
  afterClose: () => Promise<unknown>,
): void {
  const state = app.get(ShutdownState);
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal} received, draining for ${drainMs} ms`);
    const timer = setTimeout(() => {
      process.stderr.write(`shutdown did not finish within ${timeoutMs} ms\n`);
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    try {
      await drainHttpServer(app.getHttpServer() as Server, connections, state, drainMs);
      await app.close();
      await afterClose();
      process.exit(0);
    } catch (error) {
      process.stderr.write(`shutdown failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    }
  };
  process.once('SIGTERM', (signal) => void shutdown(signal));
  process.once('SIGINT', (signal) => void shutdown(signal));
}

function log(message: string): void {
  process.stdout.write(`${JSON.stringify({ level: 'info', time: new Date().toISOString(), message })}\n`);
}
