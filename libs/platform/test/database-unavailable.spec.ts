import { createServer, type AddressInfo } from 'node:net';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { isDatabaseUnavailable } from '../src/http/database-unavailable.js';

/** A port on 127.0.0.1 nothing listens on: bound, read, closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function thrownBy(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

describe('isDatabaseUnavailable: an outage of the database, and only of the database', () => {
  it('is true for pg failing to connect, pg through TypeORM, and a server ending the session', async () => {
    const port = await closedPort();
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', connectionTimeoutMillis: 2000 });
    expect(isDatabaseUnavailable(await thrownBy(() => client.connect()))).toBe(true);

    const source = new DataSource({ type: 'postgres', url: databaseUrl });
    await source.initialize();
    try {
      // The server ends the session (admin_shutdown, 57P01) as a restart would.
      const ended = await thrownBy(() => source.query('SELECT pg_terminate_backend(pg_backend_pid())'));
      expect(isDatabaseUnavailable(ended)).toBe(true);
    } finally {
      await source.destroy();
    }
  });

  it('is false for what the database refused: a syntax error, a division by zero, a protocol violation (08P01)', async () => {
    const source = new DataSource({ type: 'postgres', url: databaseUrl });
    await source.initialize();
    try {
      expect(isDatabaseUnavailable(await thrownBy(() => source.query('SELEC 1')))).toBe(false);
      expect(isDatabaseUnavailable(await thrownBy(() => source.query('SELECT 1/0')))).toBe(false);
    } finally {
      await source.destroy();
    }
    expect(isDatabaseUnavailable(Object.assign(new Error('bind message has 70000 parameter formats'), { code: '08P01' }))).toBe(false);
  });

  it("is false for an outside system's socket error: fetch's cause, an AWS SDK error", async () => {
    const port = await closedPort();
    const fetched = await thrownBy(() => fetch(`http://127.0.0.1:${port}/`));
    expect((fetched as { cause?: { code?: string } }).cause?.code).toBe('ECONNREFUSED');
    expect(isDatabaseUnavailable(fetched)).toBe(false);
    // The AWS SDK's node handler rethrows the socket error with the request's metadata on it.
    const storage = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET', $metadata: { attempts: 3 } });
    expect(isDatabaseUnavailable(storage)).toBe(false);
  });
});
