import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { clockEnvironment } from './support/service-process.js';

// The suite compares dates this process makes with dates the database makes (now(), current_date)
// and with those of the processes it starts. CI also runs it with the clock moved a year ahead
// (libfaketime, .ci/run): that proves something only if every one of those clocks moved. The
// embedded PostgreSQL the run starts inherits the moved clock; a server of its own
// (TEST_DATABASE_URL) keeps the real one, and this test says so.

const MINUTE_MS = 60_000;

describe('the clocks the suite reads', () => {
  it('the database’s clock is this process’s (within a minute)', async () => {
    const client = new pg.Client({ connectionString: process.env.TEST_PG_SERVER_URL });
    await client.connect();
    try {
      const before = Date.now();
      const { rows } = await client.query<{ now: Date }>('SELECT clock_timestamp() AS now');
      const after = Date.now();
      const database = rows[0]!.now.getTime();
      expect(database).toBeGreaterThan(before - MINUTE_MS);
      expect(database).toBeLessThan(after + MINUTE_MS);
    } finally {
      await client.end();
    }
  });

  it('a process started with an environment of its own (a service, a script) reads this process’s clock', () => {
    const before = Date.now();
    const child = Number(
      execFileSync(process.execPath, ['-e', 'process.stdout.write(String(Date.now()))'], {
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...clockEnvironment() },
        encoding: 'utf8',
      }),
    );
    expect(child).toBeGreaterThan(before - MINUTE_MS);
    expect(child).toBeLessThan(Date.now() + MINUTE_MS);
  });
});
