import http from 'node:http';
import { baselineRequests, type GeneratorOptions, type HostileRequest } from './hostile-input.js';
import type { OpenApiDocument } from './openapi-document.js';

/**
 * Sending hostile requests (hostile-input.ts makes them) with the credentials each operation accepts,
 * and checking every answer against the document.
 */

export interface Credential {
  name: string;
  headers: Record<string, string>;
}

export interface ReceivedResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  contentType: string;
  body: string;
  elapsedMs: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/** Sends one request as given (raw path, raw body) and times it. */
export function send(baseUrl: string, request: HostileRequest, credential?: Credential, timeoutMs = 10_000): Promise<ReceivedResponse> {
  const { hostname, port } = new URL(baseUrl);
  const headers: Record<string, string> = { ...credential?.headers };
  if (request.contentType) headers['content-type'] = request.contentType;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { host: hostname, port, method: request.method, path: request.path, headers, agent, timeout: timeoutMs },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            contentType: String(incoming.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
            elapsedMs: performance.now() - started,
          }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no response within ${timeoutMs} ms`)));
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/**
 * The credentials an operation accepts, of those given for its security schemes: each is tried with
 * the operation's baseline request, and kept unless it is refused as a credential (401, 403). An
 * operation that ends its own credential (sign-out) gets credentials of its own in `byOperation`
 * ("POST /api/v1/auth/sign-out"), so that probing it leaves the others' valid.
 */
export async function acceptedCredentials(
  baseUrl: string,
  document: OpenApiDocument,
  candidates: Record<string, Credential[]>,
  options: GeneratorOptions & { byOperation?: Record<string, Credential[]> } = {},
): Promise<Map<string, Credential[]>> {
  const accepted = new Map<string, Credential[]>();
  for (const baseline of baselineRequests(document, options)) {
    const offered = options.byOperation?.[baseline.operation] ?? baseline.schemes.flatMap((scheme) => candidates[scheme] ?? []);
    if (baseline.schemes.length === 0) {
      accepted.set(baseline.operation, [{ name: 'none', headers: {} }]);
      continue;
    }
    const kept: Credential[] = [];
    for (const credential of offered) {
      const response = await send(baseUrl, baseline, credential);
      if (response.status !== 401 && response.status !== 403) kept.push(credential);
    }
    accepted.set(baseline.operation, kept);
  }
  return accepted;
}

export interface SweepReport {
  requests: number;
  elapsedMs: number;
  /** The five slowest requests, slowest first. */
  slowest: Array<{ request: string; ms: number }>;
  statuses: Record<number, number>;
  failures: string[];
}

export interface SweepOptions {
  concurrency?: number;
  /** A response slower than this is a failure. */
  maxResponseMs: number;
}

/**
 * Sends every request with every credential its operation accepts and checks each response: no
 * status ≥ 500, a status the operation documents (413 and 415 included), a problem body for every
 * error, an answer within `maxResponseMs` (a slower one is sent again alone, and fails if slow again
 * or answered with another status).
 */
export async function sweep(
  baseUrl: string,
  requests: HostileRequest[],
  credentials: Map<string, Credential[]>,
  { concurrency = 4, maxResponseMs }: SweepOptions,
): Promise<SweepReport> {
  const jobs = requests.flatMap((request) => (credentials.get(request.operation) ?? []).map((credential) => ({ request, credential })));
  const report: SweepReport = { requests: jobs.length, elapsedMs: 0, slowest: [], statuses: {}, failures: [] };
  const started = performance.now();
  const slow: Array<{ job: (typeof jobs)[number]; where: string; ms: number; status: number }> = [];
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      const { request, credential } = job;
      const where = `${request.operation} ${request.target} = ${request.value} (${credential.name})`;
      try {
        const response = await send(baseUrl, request, credential);
        report.statuses[response.status] = (report.statuses[response.status] ?? 0) + 1;
        report.slowest = [...report.slowest, { request: where, ms: Math.round(response.elapsedMs) }]
          .sort((a, b) => b.ms - a.ms)
          .slice(0, 5);
        const problem = problemOf(request, response);
        if (problem) report.failures.push(`${where}: ${problem}`);
        else if (response.elapsedMs > maxResponseMs) slow.push({ job, where, ms: response.elapsedMs, status: response.status });
      } catch (error) {
        report.failures.push(`${where}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  // A slow answer is sent again, alone: a request the service stalls on (2–8 s before the pipeline
  // refused such bodies early) is slow again; one that met a busy moment of a shared machine is not.
  for (const { job, where, ms, status } of slow) {
    try {
      const again = await send(baseUrl, job.request, job.credential);
      // Slow again, or answered another way (a state the first request changed can take a cheaper path).
      if (again.elapsedMs > maxResponseMs || again.status !== status) {
        report.failures.push(
          `${where}: answered ${status} after ${Math.round(ms)} ms, and ${again.status} after ${Math.round(again.elapsedMs)} ms alone`,
        );
      }
    } catch (error) {
      report.failures.push(
        `${where}: answered ${status} after ${Math.round(ms)} ms, and alone ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  report.elapsedMs = performance.now() - started;
  return report;

  function problemOf(request: HostileRequest, response: ReceivedResponse): string | undefined {
    if (response.status >= 500) return `${response.status} ${response.body.slice(0, 200)}`;
    if (request.expected && response.status !== request.expected.status) return `${response.status}, not ${request.expected.status}`;
    if (!request.documented.includes(String(response.status))) return `${response.status}, which the document does not list`;
    if (response.status < 400) return undefined;
    if (!/^application\/problem\+json/.test(response.contentType)) return `${response.status} with Content-Type ${response.contentType}`;
    try {
      const body = JSON.parse(response.body) as {
        status?: unknown;
        code?: unknown;
        requestId?: unknown;
        errors?: Array<{ field?: unknown }>;
      };
      if (body.status !== response.status || typeof body.code !== 'string' || typeof body.requestId !== 'string') {
        return `${response.status} with a body that is not a problem: ${response.body.slice(0, 200)}`;
      }
      const field = request.expected?.field;
      if (field !== undefined && !body.errors?.some((error) => error.field === field)) {
        return `${response.status} not naming ${JSON.stringify(field)}: ${response.body.slice(0, 200)}`;
      }
    } catch {
      return `${response.status} with a body that is not JSON`;
    }
    return undefined;
  }
}
