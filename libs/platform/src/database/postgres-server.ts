import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedDatabase } from './embedded-database.js';

/** A PostgreSQL server on which databases can be created and dropped (tests, migration tooling). */
export interface PostgresServer {
  /** Connection string of database `name` on this server. */
  urlFor(name: string): string;
  createDatabase(name: string, template?: string): Promise<void>;
  dropDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Uses the server behind `url` when given (any database on it; `postgres` is used for
 * administration), otherwise starts a throw-away embedded PostgreSQL in a temporary directory.
 */
export async function acquirePostgresServer(url?: string): Promise<PostgresServer> {
  if (url) return serverAt(url, async () => undefined);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'embedded-pg-'));
  const embedded = await startEmbeddedDatabase({ dataDir, port: await freePort(), database: 'postgres', persistent: false });
  return serverAt(embedded.url, () => embedded.stop());
}

function serverAt(url: string, stop: () => Promise<void>): PostgresServer {
  const urlFor = (name: string) => {
    const target = new URL(url);
    target.pathname = `/${name}`;
    return target.toString();
  };
  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: urlFor('postgres') });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  return {
    urlFor,
    createDatabase: (name, template) =>
      admin(async (client) => {
        const from = template ? ` TEMPLATE ${client.escapeIdentifier(template)}` : '';
        await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}${from}`);
      }),
    dropDatabase: (name) =>
      admin(async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
      }),
    stop,
  };
}

/** A TCP port that is free on 127.0.0.1 right now (for servers started by tests and benchmarks). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
