import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { PostgresServer } from '#platform';

const run = promisify(execFile);

/** pgbench's TPC-B run: what the allocation bench compares itself to, the database's own write limit. */
export interface PgbenchRun {
  tps: number;
  /** Mean latency of a transaction, milliseconds. */
  latencyMs: number;
  transactions: number;
}

export interface PgbenchReference {
  /** The command of one run (for the bench's output). */
  command: string;
  run(): Promise<PgbenchRun>;
}

/**
 * pgbench (`PGBENCH`, default `pgbench` on the PATH) on the bench's own server: database `database`
 * dropped, created again and initialised with `pgbench -i -s scale` once; each `run()` is the
 * built-in TPC-B script with `clients` clients for `seconds` seconds, prepared statements. The
 * connection string is the server's (`server.urlFor`, i.e. BENCH_DATABASE_URL's host, port, user and
 * password), which libpq takes in place of a database name.
 */
export async function pgbenchReference(
  server: PostgresServer,
  { database, scale, clients, seconds }: { database: string; scale: number; clients: number; seconds: number },
): Promise<PgbenchReference> {
  const pgbench = process.env.PGBENCH ?? 'pgbench';
  const url = server.urlFor(database);
  await server.dropDatabase(database);
  await server.createDatabase(database);
  await run(pgbench, ['-i', '-q', '-s', String(scale), url], { maxBuffer: 16 * 1024 * 1024 });
  const args = ['-c', String(clients), '-j', '1', '-M', 'prepared', '-T', String(seconds), url];
  return {
    command: `pgbench ${args.slice(0, -1).join(' ')} ${database} (scale ${scale})`,
    async run() {
      const { stdout } = await run(pgbench, args, { maxBuffer: 16 * 1024 * 1024 });
      const tps = /^tps = ([\d.]+) \(without initial connection time\)$/m.exec(stdout)?.[1];
      const latency = /^latency average = ([\d.]+) ms$/m.exec(stdout)?.[1];
      const transactions = /^number of transactions actually processed: (\d+)$/m.exec(stdout)?.[1];
      if (tps === undefined || latency === undefined || transactions === undefined) {
        throw new Error(`pgbench printed no tps:\n${stdout}`);
      }
      return { tps: Number(tps), latencyMs: Number(latency), transactions: Number(transactions) };
    },
  };
}
