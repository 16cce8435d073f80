import { appendFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv, type ErrorObject, type Plugin, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Every response a test app sends is checked against the service's committed OpenAPI document
 * (`openapi/<service>.json`), as a partner's generated client would rely on it: the status is listed
 * for the operation, the content type is listed for that status, and a JSON body validates against
 * its schema with every object closed (a property the document does not name is a mismatch).
 * Captured server-side (Fastify hooks added by startTestApp), so supertest, fetch and node:http
 * calls are all covered. Responses of routes the document does not describe (the evidence upload PUT,
 * /docs, /health, the router's 404s, HEAD and OPTIONS, test-only controllers) are counted as skipped;
 * binary bodies (PDF) are checked for status and content type only.
 */

type Json = Record<string, unknown>;

interface MediaType {
  schema?: Json;
}

interface ResponseObject {
  description?: string;
  content?: Record<string, MediaType>;
}

/** The parts of an OpenAPI 3.0 document the check reads. */
export interface Document {
  paths: Record<string, Record<string, { responses?: Record<string, ResponseObject> }>>;
  components?: { schemas?: Record<string, Json> };
}

export interface ResponseTally {
  /** Responses of documented operations, checked. */
  validated: number;
  /** Of those, binary bodies checked for status and content type only. */
  binary: number;
  /** Responses of routes the document does not describe. */
  skipped: number;
  /** Responses that did not match. */
  mismatched: number;
  /** The documented operations that answered (`GET /api/v1/leads/{id}`). */
  operations: string[];
  /** One line per distinct mismatch: operation, status, what is wrong, the first test that saw it, how often. */
  mismatches: string[];
}

const DOCUMENT_ID = 'openapi.json';
const SCHEMA_REF = '#/components/schemas/';
const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json$/;

// ajv-formats is CommonJS: under Node's ESM loader its default import is the plugin itself.
const addFormats = ((addFormatsModule as unknown as { default?: Plugin<unknown> }).default ?? addFormatsModule) as Plugin<unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An OpenAPI 3.0 schema as JSON Schema (draft 7): `nullable` becomes a `null` type (or an `anyOf`
 * with null beside a reference), `$ref`s point into the document registered under DOCUMENT_ID, and
 * an object schema without `additionalProperties` is closed.
 */
export function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!isObject(schema)) return schema;
  const converted: Json = Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => key !== 'nullable' && key !== 'example')
      .map(([key, value]) => [key, key === 'properties' && isObject(value) ? mapValues(value, toJsonSchema) : toJsonSchema(value)]),
  );
  if (typeof converted.$ref === 'string' && converted.$ref.startsWith(SCHEMA_REF)) converted.$ref = `${DOCUMENT_ID}${converted.$ref}`;
  // A reference wrapped to sit beside a description or `nullable` ({type: object, allOf: [$ref]}): the
  // reference says what the object holds; the wrapper adds nothing but null.
  if (Array.isArray(converted.allOf) && converted.properties === undefined) {
    delete converted.type;
    delete converted.additionalProperties;
  }
  if (converted.type === 'object' && converted.additionalProperties === undefined) converted.additionalProperties = false;
  if (schema.nullable !== true) return converted;
  if (typeof converted.type === 'string') {
    converted.type = [converted.type, 'null'];
    if (Array.isArray(converted.enum) && !converted.enum.includes(null)) converted.enum = [...converted.enum, null];
    return converted;
  }
  return { anyOf: [converted, { type: 'null' }] };
}

function mapValues(object: Json, map: (value: unknown) => unknown): Json {
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, map(value)]));
}

/** `/api/v1/leads/:id` (Fastify) → `/api/v1/leads/{id}` (OpenAPI). */
const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const formatError = (error: ErrorObject) => `${error.instancePath || '(body)'} ${error.message ?? 'is invalid'}${describeParams(error)}`;

function describeParams(error: ErrorObject): string {
  if (error.keyword === 'additionalProperties') return `: '${String((error.params as { additionalProperty: string }).additionalProperty)}'`;
  if (error.keyword === 'enum') return `: ${JSON.stringify((error.params as { allowedValues: unknown[] }).allowedValues)}`;
  return '';
}

/** The checks of one service's document. */
export class ResponseValidator {
  private readonly ajv: Ajv;
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly seen = new Map<string, { test: string | undefined; count: number }>();
  private readonly operations = new Set<string>();
  private readonly counts = { validated: 0, binary: 0, skipped: 0, mismatched: 0 };

  constructor(private readonly document: Document) {
    this.ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(this.ajv);
    this.ajv.addSchema({ components: { schemas: mapValues(document.components?.schemas ?? {}, toJsonSchema) } }, DOCUMENT_ID);
  }

  static forService(service: string): ResponseValidator {
    const file = path.resolve('openapi', `${service}.json`);
    return new ResponseValidator(JSON.parse(readFileSync(file, 'utf8')) as Document);
  }

  /**
   * Checks one response. `route` is the Fastify route pattern (undefined for the router's 404s),
   * `payload` what was sent (a string or Buffer for bodies Fastify serialised, a stream otherwise).
   */
  check(method: string, route: string | undefined, status: number, contentType: string | undefined, payload: unknown): void {
    const template = route === undefined ? undefined : toOpenApiPath(route);
    const operation = template === undefined ? undefined : this.document.paths[template]?.[method.toLowerCase()];
    if (!operation?.responses) {
      this.counts.skipped += 1;
      return;
    }
    this.counts.validated += 1;
    this.operations.add(`${method.toUpperCase()} ${template}`);
    const name = `${method.toUpperCase()} ${template} → ${status}`;
    const response = operation.responses[String(status)];
    if (!response) {
      this.mismatch(name, `status not documented (documented: ${Object.keys(operation.responses).join(', ')})${bodyHint(payload)}`);
      return;
    }
    const body = bodyText(payload);
    const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
    if (!response.content) {
      if (body !== '' && body !== undefined) this.mismatch(name, `a body (${mediaType ?? 'no content type'}) where the document has none`);
      return;
    }
    const documented = mediaType === undefined ? undefined : response.content[mediaType];
    if (mediaType === undefined || !documented) {
      this.mismatch(name, `content type ${mediaType ?? '(none)'} not documented (documented: ${Object.keys(response.content).join(', ')})`);
      return;
    }
    if (!JSON_MEDIA_TYPE.test(mediaType)) {
      this.counts.binary += 1;
      return;
    }
    if (body === undefined) {
      this.mismatch(name, `a ${mediaType} body sent as a stream, which the check cannot read`);
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      this.mismatch(name, `the ${mediaType} body is not JSON`);
      return;
    }
    if (!documented.schema) return;
    const validate = this.validatorFor(documented.schema);
    if (!validate(parsed)) this.mismatch(name, (validate.errors ?? []).map(formatError).join('; '));
  }

  /** Compiled once per distinct schema (most error responses share one reference). */
  private validatorFor(schema: Json): ValidateFunction {
    const key = JSON.stringify(schema);
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(toJsonSchema(schema) as Json);
      this.validators.set(key, validate);
    }
    return validate;
  }

  get tally(): ResponseTally {
    const mismatches = [...this.seen].map(
      ([line, { test, count }]) => `${line}${test ? ` (in "${test}"${count > 1 ? ` and ${count - 1} more` : ''})` : ''}`,
    );
    return { ...this.counts, operations: [...this.operations], mismatches };
  }

  private mismatch(name: string, message: string): void {
    const line = `${name}: ${message}`;
    const seen = this.seen.get(line);
    if (seen) seen.count += 1;
    else this.seen.set(line, { test: currentTestName(), count: 1 });
    this.counts.mismatched += 1;
  }
}

function bodyText(payload: unknown): string | undefined {
  if (payload === undefined || payload === null) return '';
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return undefined;
}

function bodyHint(payload: unknown): string {
  const body = bodyText(payload);
  if (!body) return '';
  try {
    const code = (JSON.parse(body) as { code?: unknown }).code;
    return typeof code === 'string' ? ` [${code}]` : '';
  } catch {
    return '';
  }
}

/** The jest test running while the response was sent, when there is one. */
function currentTestName(): string | undefined {
  const jestExpect = (globalThis as { expect?: { getState?: () => { currentTestName?: string } } }).expect;
  return jestExpect?.getState?.().currentTestName;
}

const SENT = Symbol('response-validation.payload');

type CapturedRequest = FastifyRequest & { [SENT]?: unknown };

/**
 * Adds the hooks that feed every response of `fastify` to `validator`: onSend keeps the payload as
 * sent (registered last, so after the hooks that rewrite it, such as the 304 of a conditional GET),
 * onResponse checks it with the status and content type that went out.
 */
export function validateResponses(fastify: FastifyInstance, validator: ResponseValidator): void {
  fastify.addHook('onSend', async (request: CapturedRequest, _reply: FastifyReply, payload: unknown) => {
    request[SENT] = payload;
    return payload;
  });
  fastify.addHook('onResponse', async (request: CapturedRequest, reply: FastifyReply) => {
    const contentType = reply.getHeader('content-type');
    validator.check(
      request.method,
      request.routeOptions.url,
      reply.statusCode,
      typeof contentType === 'string' ? contentType : undefined,
      request[SENT],
    );
  });
}

/**
 * Adds one test app's tally to the run's (read by test/global-teardown.js) and throws when a
 * response did not match its document, naming each.
 */
export function reportResponses(service: string, tally: ResponseTally): void {
  const runId = process.env.TEST_RUN_ID;
  if (runId) {
    const { validated, binary, skipped, mismatched, operations } = tally;
    const line = { service, validated, binary, skipped, mismatched, operations };
    appendFileSync(responseTallyFile(runId), `${JSON.stringify(line)}\n`);
  }
  const error = mismatchError(service, tally);
  if (error) throw error;
}

/** The error naming every distinct mismatch of a tally, if it has any. */
export function mismatchError(service: string, tally: ResponseTally): Error | undefined {
  if (tally.mismatches.length === 0) return undefined;
  const lines = tally.mismatches.map((line) => `  ${line}`).join('\n');
  return new Error(`${tally.mismatched} response(s) of ${service} do not match openapi/${service}.json:\n${lines}`);
}

/** Where the run's tallies are collected, one JSON line per test app. */
export const responseTallyFile = (runId: string) => path.join(tmpdir(), `response-validation-${runId}.jsonl`);
