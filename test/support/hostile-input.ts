import { randomUUID } from 'node:crypto';
import {
  HOSTILE_BODIES,
  QUERY_KEYS_REFUSED,
  UNEXPECTED_BODIES,
  WRONG_CONTENT_TYPES,
  bodySamples,
  json,
  wireSamples,
} from './hostile-values.js';
import { SchemaReader, type OpenApiDocument, type Operation, type Parameter, type Schema } from './openapi-document.js';

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

const MARKER = '\u0001hostile\u0001';

/** Replaces the marker's JSON string with the raw JSON text of a sample. */
function splice(bodyWithMarker: unknown, raw: string): string {
  const text = json(bodyWithMarker);
  const quoted = json(MARKER);
  const at = text.indexOf(quoted);
  return `${text.slice(0, at)}${raw}${text.slice(at + quoted.length)}`;
}

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
