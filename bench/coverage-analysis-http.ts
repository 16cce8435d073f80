import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { randomBytes } from 'node:crypto';
import { COVERAGE_CLAIMS_DATABASE } from '../apps/coverage-claims/src/database/database.js';
import { call, createOrganisation, expectStatus, signIn, type Reply } from './support/coverage-claims-http.js';
import { maxThroughput } from './support/load.js';
import { migratedDatabase, startCoverageClaimsService } from './support/service.js';

/**
 * The whole coverage analysis through HTTP: `POST /api/v1/coverage/analyses` with 16 concurrent
 * clients back to back (verification token → sandbox contracts at zero delay → catalogue →
 * computation → sealed and stored → JSON), after a warm-up; prints requests per second and p50/p99.
 * Then the same for reading analyses back (`GET /api/v1/coverage/analyses/{seq}`: one row, opened)
 * and, as the floor of any Bearer operation here, `GET /api/v1/users/me`.
 *
 *   npm run bench:coverage-analysis-http -- [--seconds N] [--customers N] [--service-dir DIR [--rounds N]] [--cpu-prof DIR]
 *
 * The service runs as one production process (`dist/`, SANDBOX_INSURANCE_DELAY_MS=0, METRICS_PORT=0,
 * LOG_LEVEL=warn) on database `bench_coverage_analysis_http` (recreated on every run) of the server
 * BENCH_DATABASE_URL names (default: local 127.0.0.1:5432). A planner signs in by SSO as in the
 * README; each of the customers (default 64, sandbox portfolios of 1–20 contracts) is verified
 * through the sandbox SMS once, and the clients take their tokens in turn (a token serves any number
 * of analyses for 30 minutes).
 *
 * --service-dir runs, besides this checkout's service, the one built in another checkout (its
 * `dist/`) on the same database with the same keys, and measures the analysis and `users/me` on each
 * in turn, `--rounds` times (default 3), the order alternating round by round; it prints every
 * measurement with the service's CPU a request (from /proc), each build's medians and the ratios
 * this checkout ÷ the other. --cpu-prof writes a V8
 * CPU profile of this checkout's service into DIR when it stops.
 */
const DATABASE = 'bench_coverage_analysis_http';
const CONCURRENCY = 16;
const WARM_UP_SECONDS = 3;
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const text = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const SECONDS = option('--seconds', 10);
const CUSTOMERS = option('--customers', 64);
const ROUNDS = option('--rounds', 3);
const OTHER_DIR = text('--service-dir');
const CPU_PROFILE_DIR = text('--cpu-prof');
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
  const env = { SANDBOX_INSURANCE_DELAY_MS: '0', METRICS_PORT: '0' };
  const profiling: Record<string, string> = CPU_PROFILE_DIR ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${CPU_PROFILE_DIR}` } : {};
  const service = await startCoverageClaimsService(databaseUrl, keys, { ...env, ...profiling });
  const other = OTHER_DIR ? await startCoverageClaimsService(databaseUrl, keys, env, { serviceDir: OTHER_DIR }) : undefined;
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const operator = { 'x-api-key': service.operatorKey };
  try {
    // An organisation and a planner signed in by SSO, as in docs/guides/coverage-claims.md.
    const organisation = await createOrganisation(agent, service.url, service.operatorKey, 'bench 에셋');
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
    const measure = async (label: string, operation: () => Promise<void>, warmedUp = () => {}) => {
      await maxThroughput(operation, CONCURRENCY, WARM_UP_SECONDS);
      warmedUp();
      const result = await maxThroughput(operation, CONCURRENCY, SECONDS);
      log(
        `${label}, ${CONCURRENCY} clients, ${SECONDS} s: ${result.perSecond.toFixed(0)} req/s, ` +
          `p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ${result.requests} requests, ${result.errors} errors`,
      );
      return result;
    };
    const expecting = (status: number, send: () => Promise<Reply>) => async () => {
      const reply = await send();
      if (reply.status !== status) throw new Error(`HTTP ${reply.status}`);
    };
    const analyse = (url: string) =>
      expecting(201, () =>
        call(agent, url, 'POST', '/api/v1/coverage/analyses', bearer, {
          verificationToken: verificationTokens[next++ % verificationTokens.length]!,
        }),
      );
    const me = (url: string) => expecting(200, () => call(agent, url, 'GET', '/api/v1/users/me', bearer));

    if (other) {
      await compare(
        [
          { name: `this checkout (${process.cwd()})`, url: service.url, pid: service.child.pid! },
          { name: `--service-dir ${OTHER_DIR}`, url: other.url, pid: other.child.pid! },
        ],
        [
          { label: 'POST /api/v1/coverage/analyses', operation: analyse },
          { label: 'GET /api/v1/users/me', operation: me },
        ],
        measure,
      );
      return;
    }

    await measure('POST /api/v1/coverage/analyses', analyse(service.url));
    const [{ rows }] = await dataSource.query<[{ rows: string }]>(`SELECT count(*) AS rows FROM coverage_analyses`);
    log(`(${rows} analyses stored in all)`);
    await measure(
      'GET /api/v1/coverage/analyses/{seq}',
      expecting(200, () => call(agent, service.url, 'GET', `/api/v1/coverage/analyses/${seqs[next++ % seqs.length]!}`, bearer)),
    );
    await measure('GET /api/v1/users/me', me(service.url));
  } finally {
    agent.destroy();
    for (const running of [service, other]) {
      if (!running) continue;
      running.child.kill('SIGTERM');
      await new Promise((resolve) => running.child.once('exit', resolve));
    }
    await dataSource.destroy();
    await server.stop();
  }
}

/**
 * Each operation on each build in turn, ROUNDS times, the order of the builds alternating round by
 * round (so neither always runs on the fuller table); then each build's median and the first build's
 * ratio to the second.
 */
async function compare(
  builds: Array<{ name: string; url: string; pid: number }>,
  operations: Array<{ label: string; operation: (url: string) => () => Promise<void> }>,
  measure: (label: string, operation: () => Promise<void>, warmedUp: () => void) => Promise<{ perSecond: number; requests: number }>,
): Promise<void> {
  const results = new Map<string, Array<{ rate: number; cpuMicros: number }>>();
  for (let round = 1; round <= ROUNDS; round += 1) {
    const order = round % 2 === 1 ? builds : [...builds].reverse();
    for (const { label, operation } of operations) {
      for (const build of order) {
        let cpuBefore = 0;
        const { perSecond, requests } = await measure(`round ${round}, ${build.name}: ${label}`, operation(build.url), () => {
          cpuBefore = cpuSecondsOf(build.pid);
        });
        const cpuMicros = ((cpuSecondsOf(build.pid) - cpuBefore) * 1e6) / requests;
        log(`  service CPU ${cpuMicros.toFixed(0)} µs a request`);
        const key = `${label}|${build.name}`;
        results.set(key, [...(results.get(key) ?? []), { rate: perSecond, cpuMicros }]);
      }
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  for (const { label } of operations) {
    const [first, second] = builds.map((build) => results.get(`${label}|${build.name}`)!);
    const rate = (runs: typeof first) => median(runs!.map((run) => run.rate));
    const cpu = (runs: typeof first) => median(runs!.map((run) => run.cpuMicros));
    log(
      `${label}: median of ${ROUNDS} rounds ${rate(first).toFixed(0)} req/s, ${cpu(first).toFixed(0)} µs CPU a request (${builds[0]!.name}) ` +
        `against ${rate(second).toFixed(0)} req/s, ${cpu(second).toFixed(0)} µs (${builds[1]!.name}): ` +
        `${(rate(first) / rate(second)).toFixed(2)}× the requests/s, ${(cpu(first) / cpu(second)).toFixed(2)}× the CPU a request`,
    );
  }
}

/** User and system CPU seconds a process has used (`/proc/<pid>/stat`, in clock ticks of 1/100 s). */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
