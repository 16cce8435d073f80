import 'reflect-metadata';
import { Agent } from 'node:http';
import { randomBytes } from 'node:crypto';
import { COVERAGE_CLAIMS_DATABASE } from '../apps/coverage-claims/src/database/database.js';
import { call, createOrganisation, expectStatus, signIn, type Reply } from './support/coverage-claims-http.js';
import { maxThroughput } from './support/load.js';
import { BENCH_OPERATOR_KEY, migratedDatabase, startCoverageClaimsService } from './support/service.js';

/**
 * The whole coverage analysis through HTTP: `POST /api/v1/coverage/analyses` with 16 concurrent
 * clients back to back (verification token → sandbox contracts at zero delay → catalogue →
 * computation → sealed and stored → JSON), after a warm-up; prints requests per second and p50/p99.
 * Then the same for reading analyses back (`GET /api/v1/coverage/analyses/{seq}`: one row, opened)
 * and, as the floor of any Bearer operation here, `GET /api/v1/users/me`.
 *
 *   npm run bench:coverage-analysis-http -- [--seconds N] [--customers N]
 *
 * The service runs as one production process (`dist/`, SANDBOX_INSURANCE_DELAY_MS=0, METRICS_PORT=0,
 * LOG_LEVEL=warn) on database `bench_coverage_analysis_http` (recreated on every run) of the server
 * BENCH_DATABASE_URL names (default: local 127.0.0.1:5432). A planner signs in by SSO as in the
 * README; each of the customers (default 64, sandbox portfolios of 1–20 contracts) is verified
 * through the sandbox SMS once, and the clients take their tokens in turn (a token serves any number
 * of analyses for 30 minutes).
 */
const DATABASE = 'bench_coverage_analysis_http';
const CONCURRENCY = 16;
const WARM_UP_SECONDS = 3;
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const SECONDS = option('--seconds', 10);
const CUSTOMERS = option('--customers', 64);
const log = (line: string) => process.stdout.write(`${line}\n`);

/** A mobile number per customer, never ending in a sandbox magic ending (0000–0003). */
const phoneOf = (index: number) => `0106600${String(1000 + index).padStart(4, '0')}`;

async function main(): Promise<void> {
  const { server, databaseUrl, dataSource } = await migratedDatabase(DATABASE, COVERAGE_CLAIMS_DATABASE);

  const keys = {
    encryption: `bench:${randomBytes(32).toString('base64url')}`,
    hash: randomBytes(32).toString('base64url'),
    jwt: randomBytes(32).toString('base64url'),
  };
  const service = await startCoverageClaimsService(databaseUrl, keys, { SANDBOX_INSURANCE_DELAY_MS: '0', METRICS_PORT: '0' });
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const operator = { 'x-api-key': BENCH_OPERATOR_KEY };
  try {
    // An organisation and a planner signed in by SSO, as in docs/guides/coverage-claims.md.
    const organisation = await createOrganisation(agent, service.url, BENCH_OPERATOR_KEY, 'bench 에셋');
    const accessToken = await signIn(agent, service.url, organisation, { fcUserCi: 'CI-BENCH-0001', name: '벤치설계' });
    const bearer = { authorization: `Bearer ${accessToken}` };

    // Customers verified through the sandbox SMS: one verification token each.
    const verificationTokens: string[] = [];
    const seqs: string[] = [];
    const contractCounts: number[] = [];
    const sizes: number[] = [];
    for (let index = 0; index < CUSTOMERS; index += 1) {
      const phone = phoneOf(index);
      const verification = expectStatus(
        await call(agent, service.url, 'POST', '/api/v1/coverage/verifications', bearer, {
          name: `벤치고객${index}`,
          birthDate: `19${60 + (index % 40)}0${1 + (index % 9)}1${index % 10}`,
          gender: index % 2 === 0 ? 'M' : 'F',
          phone,
          agreedTermIds: ['coverage-privacy-collection-v1', 'coverage-third-party-provision-v1', 'coverage-unique-identifier-v1'],
        }),
        201,
        'verification',
      ) as { id: string };
      const messages = expectStatus(
        await call(agent, service.url, 'GET', `/api/v1/admin/sandbox/messages?phone=${phone}&limit=1`, operator),
        200,
        'sandbox messages',
      ) as { data: Array<{ text: string }> };
      const number = messages.data[0]!.text.match(/\[(\d{6})\]/)![1]!;
      const confirmed = expectStatus(
        await call(agent, service.url, 'POST', `/api/v1/coverage/verifications/${verification.id}/confirm`, bearer, { code: number }),
        200,
        'confirm',
      ) as { verificationToken: string };
      verificationTokens.push(confirmed.verificationToken);
      const first = await call(agent, service.url, 'POST', '/api/v1/coverage/analyses', bearer, {
        verificationToken: confirmed.verificationToken,
      });
      const result = expectStatus(first, 201, 'analysis') as { seq: string; analysis: { contracts: unknown[] } };
      seqs.push(result.seq);
      contractCounts.push(result.analysis.contracts.length);
      sizes.push(Buffer.byteLength(first.body));
    }
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    log(
      `${CUSTOMERS} customers: ${mean(contractCounts).toFixed(1)} contracts per analysis on average (${Math.min(...contractCounts)}–${Math.max(
        ...contractCounts,
      )}); answers of ${(mean(sizes) / 1024).toFixed(1)} KiB on average`,
    );

    let next = 0;
    const measure = async (label: string, operation: () => Promise<void>) => {
      await maxThroughput(operation, CONCURRENCY, WARM_UP_SECONDS);
      const result = await maxThroughput(operation, CONCURRENCY, SECONDS);
      log(
        `${label}, ${CONCURRENCY} clients, ${SECONDS} s: ${result.perSecond.toFixed(0)} req/s, ` +
          `p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ${result.requests} requests, ${result.errors} errors`,
      );
    };
    const expecting = (status: number, send: () => Promise<Reply>) => async () => {
      const reply = await send();
      if (reply.status !== status) throw new Error(`HTTP ${reply.status}`);
    };

    await measure(
      'POST /api/v1/coverage/analyses',
      expecting(201, () =>
        call(agent, service.url, 'POST', '/api/v1/coverage/analyses', bearer, {
          verificationToken: verificationTokens[next++ % verificationTokens.length]!,
        }),
      ),
    );
    const [{ rows }] = await dataSource.query<[{ rows: string }]>(`SELECT count(*) AS rows FROM coverage_analyses`);
    log(`(${rows} analyses stored in all)`);
    await measure(
      'GET /api/v1/coverage/analyses/{seq}',
      expecting(200, () => call(agent, service.url, 'GET', `/api/v1/coverage/analyses/${seqs[next++ % seqs.length]!}`, bearer)),
    );
    await measure(
      'GET /api/v1/users/me',
      expecting(200, () => call(agent, service.url, 'GET', '/api/v1/users/me', bearer)),
    );
  } finally {
    agent.destroy();
    service.child.kill('SIGTERM');
    await new Promise((resolve) => service.child.once('exit', resolve));
    await dataSource.destroy();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
