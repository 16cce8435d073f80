import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Module, type DynamicModule, type Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { DestinationStream } from 'pino';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { acquirePostgresServer, createServiceApp, loadConfig, type ServiceConfig, type ServiceDefinition } from '#platform';
import { onFreePorts } from './free-ports.js';
import { reportResponses, ResponseValidator, validateResponses } from './response-validation.js';
import { LIMITS_OUT_OF_THE_WAY } from './rate-limits.js';
import { templateName } from './template-name.js';

export interface TestApp<C extends ServiceConfig> {
  app: NestFastifyApplication;
  /** Base URL of the listening server (real HTTP on 127.0.0.1). */
  url: string;
  config: C;
  dataSource: DataSource;
  databaseUrl: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Environment the config is loaded from (on top of NODE_ENV=test, LOG_LEVEL=silent). */
  env?: Record<string, string>;
  /** Extra controllers mounted beside the real AppModule (to exercise building blocks). */
  controllers?: Type[];
  /** Receives the service's log lines (set LOG_LEVEL in env too). */
  logDestination?: DestinationStream;
  /**
   * Runs on this database (another test app's `databaseUrl`: a second replica) instead of a fresh
   * clone; closing the app leaves it to its owner.
   */
  databaseUrl?: string;
}

/**
 * Boots the real AppModule of a service, exactly as main.ts does, on a database of its own cloned
 * from the migrated template, listening on an ephemeral port. One per test file.
 */
export async function startTestApp<C extends ServiceConfig>(
  definition: ServiceDefinition<C>,
  options: TestAppOptions = {},
): Promise<TestApp<C>> {
  const serverUrl = process.env.TEST_PG_SERVER_URL;
  const runId = process.env.TEST_RUN_ID;
  if (!serverUrl || !runId) throw new Error('The jest global set-up did not run');
  const server = await acquirePostgresServer(serverUrl);
  const database = `t_${runId}_${definition.databaseName}_${process.env.JEST_WORKER_ID ?? '0'}_${randomBytes(3).toString('hex')}`;
  const ownDatabase = options.databaseUrl === undefined;
  if (ownDatabase) await server.createDatabase(database, templateName(runId, definition.databaseName));
  const databaseUrl = options.databaseUrl ?? server.urlFor(database);

  // Local state (generated secrets, stored files) goes to a directory of this file's own.
  const dataDir = await mkdtemp(path.join(tmpdir(), `${definition.service}-test-`));
  // The port is known before the app starts: URLs the service builds from configuration (PORT) point at it.
  // A port taken before the listen makes the app again on another (onFreePorts).
  const { app, config, responses } = await onFreePorts(1, async ([port]) => {
    const config = loadConfig(definition.configClass, {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      PORT: String(port),
      METRICS_PORT: '0',
      ...LIMITS_OUT_OF_THE_WAY,
      ...options.env,
    });
    await definition.prepare?.(config, path.join(config.DATA_DIR, definition.service));
    const appModule = definition.appModule({ service: definition.service, config, databaseUrl, logDestination: options.logDestination });
    const app = await createServiceApp({
      service: definition.service,
      module: withControllers(appModule, options.controllers ?? []),
      config,
      openApi: definition.openApi,
    });
    // Every response is checked against the committed document; close() throws on a mismatch.
    const responses = ResponseValidator.forService(definition.service);
    validateResponses(app.getHttpAdapter().getInstance(), responses);
    try {
      await app.listen({ port: config.PORT, host: '127.0.0.1' });
    } catch (error) {
      await app.close();
      throw error;
    }
    return { app, config, responses };
  });
  const address = app.getHttpServer().address();
  if (typeof address !== 'object' || address === null) throw new Error('The test app is not listening');

  return {
    app,
    url: `http://127.0.0.1:${address.port}`,
    config,
    dataSource: app.get(DataSource),
    databaseUrl,
    close: async () => {
      await app.close();
      if (ownDatabase) await server.dropDatabase(database);
      await rm(dataDir, { recursive: true, force: true });
      reportResponses(definition.service, responses.tally);
    },
  };
}

function withControllers(appModule: DynamicModule, controllers: Type[]): DynamicModule {
  if (controllers.length === 0) return appModule;
  @Module({})
  class TestRootModule {}
  return { module: TestRootModule, imports: [appModule], controllers };
}

/** The operator key both services are started with in tests (`OPERATOR_API_KEYS`). */
export const OPERATOR_KEY = 'op_test_0123456789abcdef0123456789abcdef';

/** Requests to a test app that carry a credential header (`X-API-Key`, `Authorization`). */
export function withHeader(app: { url: string }, header: string, value: string) {
  const agent = request(app.url);
  return {
    get: (path: string) => agent.get(path).set(header, value),
    post: (path: string) => agent.post(path).set(header, value),
    put: (path: string) => agent.put(path).set(header, value),
    patch: (path: string) => agent.patch(path).set(header, value),
    delete: (path: string) => agent.delete(path).set(header, value),
  };
}
