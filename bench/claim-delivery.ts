import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Agent } from 'node:http';
import { COVERAGE_CLAIMS_DATABASE } from '../apps/coverage-claims/src/database/database.js';
import { claimBody as validClaimBody } from '../apps/coverage-claims/test/support/claim-body.js';
import * as coverageClaims from './support/coverage-claims-http.js';
import { migratedDatabase, startCoverageClaimsService, type BenchService } from './support/service.js';

/**
 * Sustained throughput of the claim fax outbox: claims delivered per second by two replicas (two
 * production processes, `dist/`) sharing one database, with the sandbox fax at zero delay
 * (FAX_SANDBOX_MS_PER_PAGE=0), so that what is measured is the outbox and the rendering: taking
 * claims (FOR UPDATE SKIP LOCKED), reading the files, opening the sealed data, rendering the PDF,
 * handing it to the sandbox (its record), taking the claim again 50 ms later for the fax's result
 * (CLAIM_DELIVERY_RESULT_POLL_MS), and recording SENT.
 *
 *   npm run bench:claim-delivery -- [--claims N]
 *
 * A filing replica (worker off) files the claims through HTTP first (a planner signed in by SSO,
 * evidence uploaded to local storage shared by the replicas); then the two delivering replicas start
 * and the outbox drains. The rate is taken between 10 % and 90 % of the claims SENT (start-up and the
 * tail left out), from the hand-overs' times (the sandbox's records), and how long after the hand-over
 * SENT was recorded (the result check, CLAIM_DELIVERY_RESULT_POLL_MS later). Scenarios: claims without attachments (claim form and
 * consent: 2 pages) and claims with a JPEG photo and a two-page PDF (5 pages), with one worker slot
 * per replica, then two (CLAIM_DELIVERY_WORKERS, the default). Database `bench_claim_delivery` of
 * BENCH_DATABASE_URL's server (default: local 127.0.0.1:5432), recreated on every run.
 */
const DATABASE = 'bench_claim_delivery';
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const CLAIMS = option('--claims', 400);
const FILING_CONCURRENCY = 8;
const INSURER = { code: 'N03', fax: '05051811234' };
const log = (line: string) => process.stdout.write(`${line}\n`);

async function call(base: string, method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<Response> {
  return fetch(new URL(url, base), {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
}

async function json<T>(response: Response, status: number, what: string): Promise<T> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`${what}: HTTP ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** A planner signed in by SSO as the README shows (the insurer's claims fax set first): their Bearer header. */
async function signIn(service: BenchService): Promise<Record<string, string>> {
  const agent = new Agent();
  try {
    const organisation = await coverageClaims.createOrganisation(agent, service.url, service.operatorKey, 'bench 청구 에셋');
    await json(
      await call(
        service.url,
        'PATCH',
        `/api/v1/admin/claim/insurers/${INSURER.code}`,
        { 'x-api-key': service.operatorKey },
        { claimsFax: INSURER.fax },
      ),
      200,
      'fax',
    );
    const accessToken = await coverageClaims.signIn(agent, service.url, organisation, { fcUserCi: 'CI-BENCH-CLAIMS', name: '벤치설계' });
    return { authorization: `Bearer ${accessToken}` };
  } finally {
    agent.destroy();
  }
}

async function upload(service: BenchService, bearer: Record<string, string>, bytes: Buffer, mimeType: string): Promise<string> {
  const presigned = await json<{ fileId: string; uploadUrl: string }>(
    await call(service.url, 'POST', '/api/v1/files/presigned', bearer, { originalName: 'bench', mimeType, size: bytes.length }),
    200,
    'presign',
  );
  const put = await fetch(presigned.uploadUrl, { method: 'PUT', headers: { 'content-type': mimeType }, body: bytes });
  if (put.status !== 204) throw new Error(`upload: HTTP ${put.status}`);
  return presigned.fileId;
}

const claimBody = (index: number, fileIds: string[]) =>
  validClaimBody(INSURER.code, {
    clientNm: `벤치고객${index}`,
    clientTel: `0107${String(1_000_000 + index).slice(-7)}`,
    bankAccountHolder: `벤치고객${index}`,
    callbackName: `벤치고객${index}`,
    fileIds,
  });

async function inParallel(count: number, concurrency: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

async function main(): Promise<void> {
  const { server, databaseUrl, dataSource } = await migratedDatabase(DATABASE, COVERAGE_CLAIMS_DATABASE);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-claim-delivery-'));
  const keys = {
    encryption: `bench:${randomBytes(32).toString('base64url')}`,
    hash: randomBytes(32).toString('base64url'),
    jwt: randomBytes(32).toString('base64url'),
  };
  const shared = {
    DATA_DIR: dataDir,
    STORAGE_DRIVER: 'local',
    FILE_UPLOAD_SECRET: 'bench-file-upload-secret-0123456789abcdef',
    CDN_BASE_URL: 'https://cdn.example.com',
    MIGRATIONS_RUN: 'false',
    FAX_SANDBOX_MS_PER_PAGE: '0',
    CLAIM_DELIVERY_POLL_MS: '50',
    // A handed-over fax has its result checked 50 ms later (a second take of its row), not 5 s.
    CLAIM_DELIVERY_RESULT_POLL_MS: '50',
    // Nothing is in flight when a replica is stopped here: no need for the production drain.
    SHUTDOWN_DRAIN_MS: '0',
  };
  const services: BenchService[] = [];
  const start = async (env: Record<string, string>) => {
    const service = await startCoverageClaimsService(databaseUrl, keys, (port) => ({
      ...shared,
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      ...env,
    }));
    services.push(service);
    return service;
  };
  const stop = async (service: BenchService) => {
    services.splice(services.indexOf(service), 1);
    service.child.kill('SIGTERM');
    await new Promise((resolve) => service.child.once('exit', resolve));
  };

  try {
    const filer = await start({ CLAIM_DELIVERY_ENABLED: 'false' });
    // The filer's own upload URLs point at it (local storage: the service receives the bytes).
    const bearer = await signIn(filer);
    const photo = await readFile('apps/coverage-claims/test/fixtures/claim-receipt-photo.jpg');
    const diagnosis = await readFile('apps/coverage-claims/test/fixtures/claim-diagnosis.pdf');

    const scenarios = [
      { label: 'no attachments (2 pages)', attachments: false, workers: 1 },
      { label: 'JPEG + 2-page PDF (5 pages)', attachments: true, workers: 1 },
      { label: 'no attachments (2 pages)', attachments: false, workers: 2 },
      { label: 'JPEG + 2-page PDF (5 pages)', attachments: true, workers: 2 },
    ];
    log(`${CLAIMS} claims per scenario; 2 replicas; sandbox fax at 0 ms a page; poll 50 ms`);
    for (const scenario of scenarios) {
      const filedAt = Date.now();
      await inParallel(CLAIMS, FILING_CONCURRENCY, async (index) => {
        const fileIds = scenario.attachments
          ? [await upload(filer, bearer, photo, 'image/jpeg'), await upload(filer, bearer, diagnosis, 'application/pdf')]
          : [];
        await json(await call(filer.url, 'POST', '/api/v1/claim/requests', bearer, claimBody(index, fileIds)), 201, 'claim');
      });
      const [{ first }] = await dataSource.query<[{ first: number }]>(`SELECT min(claim_id)::int AS first FROM claim_deliveries`);
      log(`filed ${CLAIMS} claims in ${((Date.now() - filedAt) / 1000).toFixed(1)} s`);

      const replicas = await Promise.all([1, 2].map(() => start({ CLAIM_DELIVERY_WORKERS: String(scenario.workers) })));
      const cpuBefore = await Promise.all(replicas.map((replica) => replica.cpuSeconds()));
      for (;;) {
        const [{ left }] = await dataSource.query<[{ left: number }]>(`SELECT count(*)::int AS left FROM claim_deliveries`);
        if (left === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const cpuAfter = await Promise.all(replicas.map((replica) => replica.cpuSeconds()));
      const [stats] = await dataSource.query<
        [{ sent: number; failed: number; p10: Date; p90: Date; pages: number; double: number; resultP50: number; resultMax: number }]
      >(
        `WITH mine AS (SELECT id, status, sent_at FROM claims WHERE id >= $1),
              handed AS (SELECT t.created_at AS handed_at, mine.sent_at FROM sandbox_fax_transmissions t JOIN mine ON t.reference = 'claim-' || mine.id),
              ranked AS (SELECT handed_at, row_number() OVER (ORDER BY handed_at) AS n, count(*) OVER () AS total FROM handed)
         SELECT (SELECT count(*)::int FROM mine WHERE status = 'SENT') AS sent,
                (SELECT count(*)::int FROM mine WHERE status = 'FAILED') AS failed,
                (SELECT handed_at FROM ranked WHERE n = greatest(1, round(total * 0.1))) AS p10,
                (SELECT handed_at FROM ranked WHERE n = round(total * 0.9)) AS p90,
                (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM sent_at - handed_at)) FROM handed) * 1000 AS "resultP50",
                (SELECT max(extract(epoch FROM sent_at - handed_at)) FROM handed) * 1000 AS "resultMax",
                (SELECT round(avg(pages))::int FROM sandbox_fax_transmissions t JOIN mine ON t.reference = 'claim-' || mine.id) AS pages,
                (SELECT count(*)::int FROM (SELECT reference FROM sandbox_fax_transmissions t JOIN mine ON t.reference = 'claim-' || mine.id
                   GROUP BY reference HAVING count(*) > 1) twice) AS double`,
        [first],
      );
      const seconds = (new Date(stats.p90).getTime() - new Date(stats.p10).getTime()) / 1000;
      const rate = (0.8 * stats.sent) / seconds;
      const cpu = cpuAfter.map((after, index) => after - cpuBefore[index]!);
      const cpuPerClaimMs = ((cpu[0]! + cpu[1]!) / stats.sent) * 1000;
      log(
        `${scenario.label}, 2 replicas × ${scenario.workers} worker${scenario.workers > 1 ? 's' : ''}: ` +
          `${rate.toFixed(1)} claims/s (${(rate * stats.pages).toFixed(0)} pages/s) sustained; ${stats.sent} SENT, ${stats.failed} FAILED, ` +
          `${stats.double} faxed twice; ${stats.pages} pages each; replicas' CPU ${cpu.map((value) => value.toFixed(1)).join(' + ')} s, ` +
          `${cpuPerClaimMs.toFixed(0)} ms per claim; SENT recorded ${Number(stats.resultP50).toFixed(0)} ms (median) and at most ` +
          `${(Number(stats.resultMax) / 1000).toFixed(1)} s after the hand-over`,
      );
      for (const replica of replicas) await stop(replica);
    }
  } finally {
    for (const service of [...services]) await stop(service);
    await dataSource.destroy();
    await rm(dataDir, { recursive: true, force: true });
    await server.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
