import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AttemptLog } from '../src/background/attempt-log.js';
import { BackgroundAttempt } from '../src/background/background-attempt.entity.js';
import { acquirePostgresServer, type PostgresServer } from '../src/database/postgres-server.js';

let server: PostgresServer;
let dataSource: DataSource;
let log: AttemptLog;
const database = `attempts_${randomUUID().replaceAll('-', '')}`;

beforeAll(async () => {
  server = await acquirePostgresServer(process.env.TEST_DATABASE_URL);
  await server.createDatabase(database);
  dataSource = new DataSource({ type: 'postgres', url: server.urlFor(database), entities: [BackgroundAttempt], synchronize: true });
  await dataSource.initialize();
  log = new AttemptLog(dataSource);
});

afterAll(async () => {
  await dataSource.destroy();
  await server.dropDatabase(database);
  await server.stop();
});

const at = (seconds: number) => new Date(Date.UTC(2026, 11, 7, 12, 0, seconds));

describe('the attempt log', () => {
  it("lists an item's attempts oldest first, apart from other items and other work", async () => {
    await dataSource.transaction(async (tx) => {
      await log.record(tx, 'probe', 'a', { attemptedAt: at(20), outcome: 'SENT', latencyMs: 12.6, detail: 'job 7' });
      await log.record(tx, 'probe', 'a', {
        attemptedAt: at(10),
        outcome: 'RETRY',
        statusCode: 503,
        latencyMs: 40,
        error: 'x'.repeat(600),
        nextAttemptAt: at(15),
      });
      await log.record(tx, 'probe', 'b', { attemptedAt: at(5), outcome: 'SENT', latencyMs: 1 });
      await log.record(tx, 'other', 'a', { attemptedAt: at(1), outcome: 'SENT', latencyMs: 1 });
    });
    const attempts = await log.list('probe', 'a');
    expect(attempts).toEqual([
      {
        id: expect.any(String),
        attemptedAt: at(10),
        outcome: 'RETRY',
        statusCode: 503,
        latencyMs: 40,
        detail: null,
        error: 'x'.repeat(500),
        nextAttemptAt: at(15),
      },
      {
        id: expect.any(String),
        attemptedAt: at(20),
        outcome: 'SENT',
        statusCode: null,
        latencyMs: 13,
        detail: 'job 7',
        error: null,
        nextAttemptAt: null,
      },
    ]);
  });

  it('keeps nothing of an attempt whose transaction rolled back', async () => {
    await expect(
      dataSource.transaction(async (tx) => {
        await log.record(tx, 'probe', 'rolled-back', { attemptedAt: at(1), outcome: 'SENT', latencyMs: 1 });
        throw new Error('the outcome did not commit');
      }),
    ).rejects.toThrow('the outcome did not commit');
    expect(await log.list('probe', 'rolled-back')).toEqual([]);
  });

  it("forgets the given items' attempts of that work only, in the caller's transaction", async () => {
    await dataSource.transaction(async (tx) => {
      for (const item of ['x', 'y', 'z']) await log.record(tx, 'forgetting', item, { attemptedAt: at(1), outcome: 'SENT', latencyMs: 1 });
      await log.record(tx, 'kept', 'x', { attemptedAt: at(1), outcome: 'SENT', latencyMs: 1 });
    });
    await expect(
      dataSource.transaction(async (tx) => {
        expect(await log.forget(tx, 'forgetting', ['x', 'y'])).toBe(2);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await log.list('forgetting', 'x')).toHaveLength(1);
    expect(await dataSource.transaction((tx) => log.forget(tx, 'forgetting', ['x', 'y']))).toBe(2);
    expect(await dataSource.transaction((tx) => log.forget(tx, 'forgetting', []))).toBe(0);
    expect((await log.list('forgetting', 'x')).length + (await log.list('forgetting', 'y')).length).toBe(0);
    expect(await log.list('forgetting', 'z')).toHaveLength(1);
    expect(await log.list('kept', 'x')).toHaveLength(1);
  });
});
