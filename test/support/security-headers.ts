import type { IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { baselineRequests, type GeneratorOptions } from './hostile-input.js';
import { send, type Credential } from './hostile-sweep.js';
import type { OpenApiDocument } from './openapi-document.js';

/** The headers every answer carries, whatever answers it (libs/platform/src/http/security-headers.ts). */
const EVERY_ANSWER: Record<string, RegExp> = {
  'x-content-type-options': /^nosniff$/,
  'x-frame-options': /^DENY$/,
  'referrer-policy': /^no-referrer$/,
  'content-security-policy': /(^|;)\s*default-src 'none'\s*(;|$).*frame-ancestors 'none'/,
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/**
 * Checks the answers of a service against its OpenAPI document: the security headers on every answer,
 * `Cache-Control: no-store` on every answer of an operation marked `x-no-store`. Remembers which
 * operations were seen succeeding, and which kinds of answer were seen.
 */
export class HeaderAudit {
  readonly noStore: ReadonlySet<string>;
  readonly operations: readonly string[];
  readonly failures: string[] = [];
  /** Operations seen answering 2xx or 3xx. */
  readonly succeeded = new Set<string>();
  /** Every operation seen answering, with the statuses it answered. */
  readonly statuses = new Map<string, Set<number>>();
  /** Kinds of answer seen (`304`, `route not found`, …), each checked like the others. */
  readonly kinds = new Set<string>();

  constructor(document: OpenApiDocument) {
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, operation]) => ({
          key: `${method.toUpperCase()} ${path}`,
          noStore: (operation as { 'x-no-store'?: unknown })['x-no-store'] === true,
        })),
    );
    this.operations = operations.map(({ key }) => key);
    this.noStore = new Set(operations.filter(({ noStore }) => noStore).map(({ key }) => key));
  }

  /** Checks one answer; `operation` is the document's `METHOD /path/{template}`, or undefined for an answer of no operation. */
  check(where: string, operation: string | undefined, status: number, headers: IncomingHttpHeaders): void {
    if (operation !== undefined && !this.operations.includes(operation)) throw new Error(`${operation} is not in the document`);
    const problems: string[] = [];
    for (const [name, expected] of Object.entries(EVERY_ANSWER)) {
      const value = headers[name];
      if (typeof value !== 'string' || !expected.test(value)) problems.push(`${name}: ${String(value)}`);
    }
    if (headers['strict-transport-security'] !== undefined) problems.push('strict-transport-security is the TLS terminator’s');
    if (operation !== undefined && this.noStore.has(operation) && headers['cache-control'] !== 'no-store') {
      problems.push(`cache-control: ${String(headers['cache-control'])} (x-no-store)`);
    }
    if (problems.length > 0) this.failures.push(`${where} → ${status}: ${problems.join('; ')}`);
    if (operation === undefined) return;
    if (!this.statuses.has(operation)) this.statuses.set(operation, new Set());
    this.statuses.get(operation)!.add(status);
    if (status >= 200 && status < 400) this.succeeded.add(operation);
  }

  /** Operations marked x-no-store that were never seen succeeding. */
  noStoreWithoutSuccess(): string[] {
    return [...this.noStore].filter((operation) => !this.succeeded.has(operation));
  }
}

/**
 * Sends every operation of the document its baseline request (valid as far as the document and
 * `options.pathValue` tell) with each credential of its schemes and with none, and checks each answer.
 * Deletions go last, so that the resources the others name still exist; `credentialsFor` may give an
 * operation credentials of its own (sign-out ends the sign-in of its token).
 */
export async function auditBaselines(
  baseUrl: string,
  document: OpenApiDocument,
  audit: HeaderAudit,
  candidates: Record<string, Credential[]>,
  options: GeneratorOptions & { credentialsFor?: Record<string, Credential[]> } = {},
): Promise<void> {
  const requests = baselineRequests(document, options).sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
  for (const request of requests) {
    const offered = options.credentialsFor?.[request.operation] ?? request.schemes.flatMap((scheme) => candidates[scheme] ?? []);
    for (const credential of [{ name: 'no credential', headers: {} }, ...offered]) {
      const response = await send(baseUrl, request, credential);
      audit.check(`${request.operation} (${credential.name})`, request.operation, response.status, response.headers);
    }
  }
}

/**
 * The answers of no operation, checked like the rest: a route that does not exist, a path the router
 * cannot decode, a request Node's HTTP parser refuses, and the Swagger UI page with its assets.
 */
export async function auditAnswersOfNoOperation(baseUrl: string, audit: HeaderAudit): Promise<void> {
  const get = async (kind: string, path: string, expected: number) => {
    const response = await fetch(`${baseUrl}${path}`, { redirect: 'manual' });
    await response.arrayBuffer();
    if (response.status !== expected) audit.failures.push(`${kind} ${path}: ${response.status}, not ${expected}`);
    audit.check(`${kind} ${path}`, undefined, response.status, Object.fromEntries(response.headers));
    audit.kinds.add(kind);
    return response;
  };
  await get('route not found', '/api/v1/no-such-thing', 404);
  await get('path not decodable', '/api/v1/%ff', 404);
  await get('docs page', '/docs', 200);
  for (const asset of [
    'swagger-ui.css',
    'swagger-ui-bundle.js',
    'swagger-ui-standalone-preset.js',
    'swagger-ui-init.js',
    'favicon-32x32.png',
  ]) {
    await get('docs asset', `/docs/${asset}`, 200);
  }
  await get('document', '/docs/openapi.json', 200);
  await get('health', '/health/live', 200);

  const raw = await rawExchange(baseUrl, 'GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
  const [statusLine, ...lines] = raw.split('\r\n\r\n')[0]!.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  audit.check('unparseable request', undefined, Number(statusLine!.split(' ')[1]), headers);
  audit.kinds.add('unparseable request');
}

/** Writes bytes to the server and reads until it closes the connection. */
function rawExchange(baseUrl: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}
