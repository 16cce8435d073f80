import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';

/**
 * Hostile requests generated from a committed OpenAPI document. For every operation, each path and
 * query parameter and each body property (at every nesting level) gets values derived from its
 * schema (wrong JSON types, null, empty, huge, int4 + 1, 2^53 + 1, 1e308, impossible dates, NUL, lone
 * surrogates, deep nesting, many keys), the rest of the request staying valid; each body also gets
 * malformed JSON, hostile shapes and wrong content types. Values are sampled per property, never
 * crossed, so the number of requests grows with the document, not with its combinations. Every
 * operation also gets hostile query keys (NUL, whatever parameters it reads): a NUL must be a 400
 * naming the key.
 */

export interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  allOf?: Schema[];
  nullable?: boolean;
  example?: unknown;
  minimum?: number;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security?: Array<Record<string, string[]>>;
  responses: Record<string, unknown>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

export async function readOpenApiDocument(file: string): Promise<OpenApiDocument> {
  return JSON.parse(await readFile(file, 'utf8')) as OpenApiDocument;
}

/** One request to send. */
export interface HostileRequest {
  /** `POST /api/v1/admin/partners` (the document's path template). */
  operation: string;
  /** Security schemes of the operation (none: public). */
  schemes: string[];
  /** The statuses the document lists for the operation. */
  documented: string[];
  /** What is hostile: `body.regionQuantities.0.quantity`, `query.partnerId`, `path.id`, `body`. */
  target: string;
  /** Which value: `int4 + 1`, `lone surrogate`, … */
  value: string;
  method: string;
  /** Concrete path with its query string, percent-encoded. */
  path: string;
  contentType?: string;
  body?: string;
  /** What the answer must be, beyond documented and below 500: a 400 naming this field. */
  expected?: { status: number; field: string };
}

/** What the generator needs from the test: a valid value for a path parameter the document cannot give. */
export interface GeneratorOptions {
  /**
   * A valid-looking path value (default: 1 for numbers, a fresh UUID otherwise, UUIDs being the ids of
   * strings); `operation` is `POST /api/v1/leads/{id}/use`.
   */
  pathValue?: (name: string, schema: Schema, operation: string) => string | undefined;
}

// ---- values ----------------------------------------------------------------------------------

/** A JSON value written as text, so that cases can send what JSON.stringify cannot (2^53 + 1, 1e308). */
type Sample = readonly [label: string, json: string];

const json = (value: unknown) => JSON.stringify(value);
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
function manyKeys(count: number): string {
  const parts: string[] = [];
  for (let index = 0; index < count; index += 1) parts.push(`"k${index}":0`);
  return `{${parts.join(',')}}`;
}

const MANY_KEYS = manyKeys(60_000); // about 0.65 MB: under the body limit, far over any object a client sends
const SOME_KEYS = manyKeys(300);
const HUGE_STRING = json('x'.repeat(200_000));

const IMPOSSIBLE_DATES = [
  '2026-02-30',
  '2026-02-30T00:00:00Z',
  '2026-13-01T00:00:00Z',
  '2026-02-28T24:00:00Z',
  '2026-W01',
  '2026',
  '0000-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '2026-02-28T10:00:00+25:00',
];

/** Values every body property gets, whatever its type. */
const ANY_BODY_VALUE: Sample[] = [
  ['null', 'null'],
  ['array nested 2,000 deep', deepArray(2000)],
  ['object nested 2,000 deep', deepObject(2000)],
  ['object with 300 keys', SOME_KEYS],
];

const TEXT: Sample[] = [
  ['wrong type: number', '1'],
  ['wrong type: boolean', 'true'],
  ['wrong type: array', '["x"]'],
  ['wrong type: object', '{}'],
  ['empty', '""'],
  ['blank', '" "'],
  ['200,000 characters', HUGE_STRING],
  ['NUL', json('a\u0000b')],
  ['lone high surrogate', json('a\ud800b')],
  ['lone low surrogate', json('\udc00')],
];

const INTEGERS: Sample[] = [
  ['wrong type: string', '"1"'],
  ['wrong type: boolean', 'true'],
  ['wrong type: array', '[1]'],
  ['int4 max', '2147483647'],
  ['int4 + 1', '2147483648'],
  ['below int4', '-2147483649'],
  ['2^53 + 1', '9007199254740993'],
  ['1e308', '1e308'],
  ['-1e308', '-1e308'],
  ['epoch milliseconds', '1767225600000'],
  ['negative', '-1'],
  ['zero', '0'],
  ['fraction', '1.5'],
];

function bodySamples(schema: Schema, reader: SchemaReader): Sample[] {
  const samples: Sample[] = [...ANY_BODY_VALUE];
  switch (schema.type) {
    case 'integer':
    case 'number':
      samples.push(...INTEGERS);
      break;
    case 'boolean':
      samples.push(['wrong type: string', '"true"'], ['wrong type: number', '1'], ['Y', '"Y"']);
      break;
    case 'array':
      samples.push(
        ['wrong type: string', '"x"'],
        ['wrong type: object', '{}'],
        ['empty', '[]'],
        ['[null]', '[null]'],
        ['10,000 items', json(Array.from({ length: 10_000 }, () => reader.valid(schema.items)))],
      );
      break;
    case 'object':
      samples.push(
        ['wrong type: string', '"x"'],
        ['wrong type: array', '[]'],
        ['60,000 keys', MANY_KEYS],
        ['NUL in a key', json({ 'a\u0000': 1 })],
        ['lone surrogate in a key', json({ '\ud800': 1 })],
        ['lone surrogate in a value', json({ k: '\ud800' })],
        ['__proto__ key', '{"__proto__":{"polluted":1}}'],
        ['constructor.prototype', '{"constructor":{"prototype":{}}}'],
        ['toString key', '{"toString":1}'],
      );
      break;
    default:
      samples.push(...TEXT);
      if (schema.format === 'uuid')
        samples.push(['not a UUID', '"not-a-uuid"'], ['nil UUID', json('00000000-0000-0000-0000-000000000000')]);
      if (schema.format === 'date-time' || schema.format === 'date')
        samples.push(...IMPOSSIBLE_DATES.map((date): Sample => [date, json(date)]));
      if (schema.enum && typeof schema.enum[0] === 'string') {
        samples.push(['not in the enum', json(`${schema.enum[0]}x`)], ['enum value with NUL', json(`${schema.enum[0]}\u0000`)]);
      }
  }
  return samples;
}

/** Query and path values, already percent-encoded. */
const ANY_WIRE_VALUE: Sample[] = [
  ['empty', ''],
  ['NUL', '%00'],
  ['lone surrogate as UTF-8 bytes', '%ED%A0%80'],
  ['invalid UTF-8', '%FF%FE'],
  ['4,000 characters', 'x'.repeat(4000)],
];

const WIRE_INTEGERS: Sample[] = [
  ['int4 max', '2147483647'],
  ['int4 + 1', '2147483648'],
  ['below int4', '-2147483649'],
  ['2^53 + 1', '9007199254740993'],
  ['1e308', '1e308'],
  ['epoch milliseconds', '1767225600000'],
  ['negative', '-1'],
  ['zero', '0'],
  ['fraction', '1.5'],
  ['hexadecimal', '0x10'],
  ['padded', '%201%20'],
  ['full-width digit', '%EF%BC%91'],
];

function wireSamples(schema: Schema, where: 'query' | 'path'): Sample[] {
  const samples: Sample[] = [...ANY_WIRE_VALUE, ...WIRE_INTEGERS];
  if (where === 'path')
    samples.push(['dot segments', '..%2F..'], ['not a UUID', 'not-a-uuid'], ['nil UUID', '00000000-0000-0000-0000-000000000000']);
  if (schema.type === 'boolean') samples.push(['maybe', 'maybe']);
  if (schema.format === 'uuid') samples.push(['not a UUID', 'not-a-uuid']);
  if (schema.format === 'date-time' || schema.format === 'date' || schema.type === 'string') {
    samples.push(...IMPOSSIBLE_DATES.map((date): Sample => [date, encodeURIComponent(date)]));
  }
  if (schema.enum && typeof schema.enum[0] === 'string') samples.push(['not in the enum', encodeURIComponent(`${schema.enum[0]}x`)]);
  return samples;
}

// ---- schemas ---------------------------------------------------------------------------------

class SchemaReader {
  constructor(private readonly document: OpenApiDocument) {}

  /** The schema with its $ref followed and allOf merged. */
  resolve(schema: Schema | undefined): Schema {
    if (!schema) return {};
    if (schema.$ref) return this.resolve(this.document.components.schemas[schema.$ref.split('/').pop()!]);
    if (!schema.allOf) return schema;
    const { allOf, ...own } = schema;
    return allOf.reduce<Schema>((merged, part) => ({ ...this.resolve(part), ...merged }), own);
  }

  /** A value the operation accepts as far as the document tells: examples, the first enum value, required properties only. */
  valid(schema: Schema | undefined): unknown {
    const resolved = this.resolve(schema);
    if (resolved.example !== undefined) return resolved.example;
    if (resolved.enum) return resolved.enum[0];
    switch (resolved.type) {
      case 'integer':
      case 'number':
        return Math.max(resolved.minimum ?? 1, 1);
      case 'boolean':
        return true;
      case 'array':
        return [this.valid(resolved.items)];
      case 'object':
        return Object.fromEntries((resolved.required ?? []).map((name) => [name, this.valid(resolved.properties?.[name])]));
      default:
        if (resolved.format === 'uuid') return randomUUID();
        if (resolved.format === 'date-time') return new Date().toISOString();
        return 'x';
    }
  }

  /** Every property below `schema` (at any depth, array items as index 0), with its path. */
  *properties(schema: Schema, path: Array<string | number> = []): Generator<{ path: Array<string | number>; schema: Schema }> {
    const resolved = this.resolve(schema);
    if (resolved.type === 'array' && resolved.items) {
      const items = this.resolve(resolved.items);
      if (items.properties) yield* this.properties(items, [...path, 0]);
      else if (path.length > 0) yield { path: [...path, 0], schema: items };
      return;
    }
    for (const [name, property] of Object.entries(resolved.properties ?? {})) {
      const child = this.resolve(property);
      yield { path: [...path, name], schema: child };
      if (child.properties || child.type === 'array') yield* this.properties(child, [...path, name]);
    }
  }

  /** `base` with the value at `path` replaced by a marker, creating the containers on the way from their schemas. */
  withMarker(base: unknown, schema: Schema, path: Array<string | number>, marker: string): unknown {
    if (path.length === 0) return marker;
    const resolved = this.resolve(schema);
    const [head, ...rest] = path;
    if (typeof head === 'number') {
      const items = Array.isArray(base) && base.length > 0 ? base : [this.valid(resolved.items)];
      return [this.withMarker(items[0], resolved.items ?? {}, rest, marker), ...items.slice(1)];
    }
    const object = typeof base === 'object' && base !== null && !Array.isArray(base) ? (base as Record<string, unknown>) : {};
    const childSchema = resolved.properties?.[head!] ?? {};
    const child = object[head!] ?? this.valid(childSchema);
    return { ...object, [head!]: this.withMarker(child, childSchema, rest, marker) };
  }
}

const MARKER = '\u0001hostile\u0001';

/** Replaces the marker's JSON string with the raw JSON text of a sample. */
function splice(bodyWithMarker: unknown, raw: string): string {
  const text = json(bodyWithMarker);
  const quoted = json(MARKER);
  const at = text.indexOf(quoted);
  return `${text.slice(0, at)}${raw}${text.slice(at + quoted.length)}`;
}

// ---- operations ------------------------------------------------------------------------------

const WRONG_CONTENT_TYPES: Array<[contentType: string | undefined, body: string]> = [
  ['text/plain', '{}'],
  ['application/x-www-form-urlencoded', 'name=x&partnerId=1'],
  ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--x--\r\n'],
  ['application/xml', '<name>x</name>'],
  ['application/pdf', '%PDF-1.4'],
  ['application/json; charset=utf-16', '{}'],
  [undefined, '{}'],
];

const HOSTILE_BODIES: Sample[] = [
  ['malformed JSON', '{"name":'],
  ['empty body', ''],
  ['top-level null', 'null'],
  ['top-level array', '[]'],
  ['top-level string', '"x"'],
  ['top-level number', '1e308'],
  ['array nested 5,000 deep', deepArray(5000)],
  ['object nested 2,000 deep', deepObject(2000)],
  ['60,000 keys', MANY_KEYS],
  ['__proto__', '{"__proto__":{"polluted":1}}'],
  ['constructor.prototype', '{"constructor":{"prototype":{}}}'],
  ['NUL key', json({ '\u0000': 1 })],
  ['lone surrogate key', json({ '\udfff': 1 })],
  ['over the body limit', json({ name: 'x'.repeat(1_100_000) })],
];

/** Query keys (percent-encoded) every operation answers 400 naming the key as decoded. */
const QUERY_KEYS_REFUSED: Array<[label: string, key: string, field: string]> = [
  ['NUL', '%00', '\u0000'],
  ['NUL inside', 'a%00b', 'a\u0000b'],
];

const UNEXPECTED_BODIES: Sample[] = [
  ['malformed JSON', '{"name":'],
  ['array nested 5,000 deep', deepArray(5000)],
  ['60,000 keys', MANY_KEYS],
];

/** The requests of one operation: its baseline (valid as far as the document tells) and the hostile ones. */
class OperationRequests {
  readonly operation: string;
  private readonly schemes: string[];
  private readonly documented: string[];
  private readonly method: string;
  private readonly parameters: Parameter[];
  private readonly bodySchema?: Schema;
  private readonly pathValues: Record<string, string>;
  private readonly requiredQuery: Record<string, string>;

  constructor(
    private readonly reader: SchemaReader,
    private readonly template: string,
    method: string,
    operation: Operation,
    options: GeneratorOptions,
  ) {
    this.method = method.toUpperCase();
    this.operation = `${this.method} ${template}`;
    this.schemes = (operation.security ?? []).flatMap(Object.keys);
    this.documented = Object.keys(operation.responses);
    this.parameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path' || parameter.in === 'query');
    this.bodySchema = operation.requestBody?.content['application/json']?.schema;
    const valid = (parameter: Parameter) => {
      const schema = reader.resolve(parameter.schema);
      if (parameter.in === 'path')
        return (
          options.pathValue?.(parameter.name, schema, this.operation) ??
          (schema.type === 'integer' || schema.type === 'number' ? '1' : randomUUID())
        );
      return encodeURIComponent(String(reader.valid(schema)));
    };
    this.pathValues = Object.fromEntries(
      this.parameters.filter((parameter) => parameter.in === 'path').map((parameter) => [parameter.name, valid(parameter)]),
    );
    this.requiredQuery = Object.fromEntries(
      this.parameters
        .filter((parameter) => parameter.in === 'query' && parameter.required)
        .map((parameter) => [parameter.name, valid(parameter)]),
    );
  }

  baseline(): HostileRequest {
    return this.request('baseline', 'valid');
  }

  *hostile(): Generator<HostileRequest> {
    for (const parameter of this.parameters) {
      const where = parameter.in as 'path' | 'query';
      for (const [label, encoded] of wireSamples(this.reader.resolve(parameter.schema), where)) {
        yield this.request(`${where}.${parameter.name}`, label, { [where]: { [parameter.name]: encoded } });
      }
      if (where === 'query') {
        yield this.request(`query.${parameter.name}`, 'repeated', { query: { [parameter.name]: `1&${parameter.name}=2` } });
        yield this.request(`query.${parameter.name}`, 'bracketed', { query: { [`${parameter.name}[a]`]: '1' } });
      }
    }
    yield this.request('query', 'unknown parameter', { query: { zzz: '1' } });
    // A key PostgreSQL could not store is refused on every operation, whether it reads a query or not.
    for (const [label, key, field] of QUERY_KEYS_REFUSED) {
      yield this.request('query key', label, { query: { [key]: '1' } }, { status: 400, field });
    }
    yield this.request('query key', 'lone surrogate as UTF-8 bytes', { query: { '%ED%A0%80': '1' } });
    yield this.request('query key', 'invalid UTF-8', { query: { '%FF%FE': '1' } });

    if (this.bodySchema) {
      const base = this.reader.valid(this.bodySchema);
      for (const { path, schema } of this.reader.properties(this.bodySchema)) {
        const withMarker = this.reader.withMarker(base, this.bodySchema, path, MARKER);
        for (const [label, raw] of bodySamples(schema, this.reader))
          yield this.request(`body.${path.join('.')}`, label, { body: splice(withMarker, raw) });
      }
      for (const [label, body] of HOSTILE_BODIES) yield this.request('body', label, { body });
      yield this.request('body', 'unknown property', { body: splice(this.reader.withMarker(base, {}, ['zzz'], MARKER), '1') });
      yield this.request('body', 'byte order mark', { body: `\ufeff${json(base)}` });
      for (const [contentType, body] of WRONG_CONTENT_TYPES) {
        yield this.request('body', `Content-Type ${contentType ?? 'absent'}`, { body, contentType: contentType ?? null });
      }
    } else if (this.method !== 'GET' && this.method !== 'HEAD') {
      for (const [label, body] of UNEXPECTED_BODIES) yield this.request('body (none expected)', label, { body });
    }
  }

  private request(
    target: string,
    value: string,
    overrides: { path?: Record<string, string>; query?: Record<string, string>; body?: string; contentType?: string | null } = {},
    expected?: HostileRequest['expected'],
  ): HostileRequest {
    const pathValues = { ...this.pathValues, ...overrides.path };
    const path = this.template.replace(/\{(\w+)\}/g, (_whole, name: string) => pathValues[name]!);
    const query = Object.entries({ ...this.requiredQuery, ...overrides.query })
      .map(([name, encoded]) => `${name}=${encoded}`)
      .join('&');
    const body = overrides.body ?? (this.bodySchema ? json(this.reader.valid(this.bodySchema)) : undefined);
    const contentType =
      overrides.contentType === null ? undefined : (overrides.contentType ?? (body === undefined ? undefined : 'application/json'));
    return {
      operation: this.operation,
      schemes: this.schemes,
      documented: this.documented,
      target,
      value,
      method: this.method,
      path: query ? `${path}?${query}` : path,
      contentType,
      body,
      expected,
    };
  }
}

function operationsOf(document: OpenApiDocument, options: GeneratorOptions): OperationRequests[] {
  const reader = new SchemaReader(document);
  return Object.entries(document.paths).flatMap(([template, operations]) =>
    Object.entries(operations).map(([method, operation]) => new OperationRequests(reader, template, method, operation, options)),
  );
}

/** Every hostile request for every operation of the document. */
export function hostileRequests(document: OpenApiDocument, options: GeneratorOptions = {}): HostileRequest[] {
  return operationsOf(document, options).flatMap((operation) => [...operation.hostile()]);
}

/** One request per operation with every value valid as far as the document tells: what credentials are probed with. */
export function baselineRequests(document: OpenApiDocument, options: GeneratorOptions = {}): HostileRequest[] {
  return operationsOf(document, options).map((operation) => operation.baseline());
}

// ---- sending ---------------------------------------------------------------------------------

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
