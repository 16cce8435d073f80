import pg from 'pg';
import { verifyAccessRecordChain, type RowQuery } from '#platform';
import { serviceNamed } from './services.js';

/**
 * `npm run access-records:verify -- <service>`: walks the hash chain of the service's access records
 * (DATABASE_URL) from the oldest kept record and reports the first broken link (record id, sequence,
 * what differs), exit 1; exit 0 when every sealed record verifies (docs/operations/access-records.md).
 */
async function main(): Promise<number> {
  const service = serviceNamed(process.argv[2]);
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required for access-records:verify');
  const client = new pg.Client({ connectionString: url, application_name: `${service.service}:access-records-verify` });
  await client.connect();
  try {
    // One snapshot for the whole walk: the sealer may chain more records meanwhile.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const query: RowQuery = async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[];
    const result = await verifyAccessRecordChain(query);
    await client.query('COMMIT');
    const from = result.first
      ? `from record ${result.first.recordId} (sequence ${result.first.sequence}, ${result.first.recordedAt.toISOString()})`
      : 'no sealed record yet';
    if (result.broken) {
      const { recordId, sequence, problem } = result.broken;
      process.stderr.write(
        `${service.service}: access record chain BROKEN at record ${recordId} (sequence ${sequence}): ${problem}\n` +
          `  ${result.checked} records verified before it, ${from}\n`,
      );
      return 1;
    }
    process.stdout.write(`${service.service}: ${result.checked} access records verify, ${from}; ${result.unsealed} not sealed yet\n`);
    return 0;
  } finally {
    await client.end();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
