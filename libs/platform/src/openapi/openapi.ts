import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, getSchemaPath, type OpenAPIObject } from '@nestjs/swagger';
import { ProblemDto } from '#contracts';
import { NO_STORE, NO_STORE_EXTENSION } from '../http/no-store.js';
import { IDEMPOTENCY_KEY_HEADER } from '../idempotency/idempotent.decorator.js';
import { problemResponse } from './api-docs.decorators.js';
import { SESSION_COOKIE } from '../operators/operator-cookie.js';
import { OPERATOR_SESSION_SCHEME } from '../operators/operator-role.decorator.js';

export interface OpenApiInfo {
  /** The service's name: the document's title and the /docs page's. */
  title: string;
  /**
   * Markdown: what the service is for, then how to get a key or token and the order of the calls.
   * The document adds what holds for every service's operations (problem bodies, rate limits).
   */
  description: string;
  /** Every tag the operations use, in the order /docs lists them, each with what its operations do. */
  tags: { name: string; description: string }[];
  version: string;
  /** The security schemes operations refer to: `api-key` (X-API-Key header) and/or `bearer` (JWT). */
  auth: OpenApiAuth | OpenApiAuth[];
  /** The service's base address as the interface specification names it (`base_url`), and its `npm start` value. */
  baseUrl: { variable: string; local: string };
}

export type OpenApiAuth = 'api-key' | 'bearer';

export const API_KEY_SCHEME = 'ApiKey';
export const BEARER_SCHEME = 'Bearer';

/** What every service's operations share, closing each document's description. */
const EVERY_OPERATION =
  'Errors are RFC 9457 problem details (`application/problem+json`, a `code` to branch on). Every operation is rate limited (`RateLimit` and `RateLimit-Policy` headers; `429` with `Retry-After`).';

export function buildOpenApiDocument(app: INestApplication, info: OpenApiInfo): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle(info.title)
    .setDescription(`${info.description}\n\n${EVERY_OPERATION}`)
    .setVersion(info.version)
    .setOpenAPIVersion('3.0.3')
    // Relative first: Swagger UI at /docs calls the host that serves it, wherever that is deployed.
    .addServer('/', 'The host serving this document')
    .addServer(`{${info.baseUrl.variable}}`, `The service's base address (the interface specification's {${info.baseUrl.variable}})`, {
      [info.baseUrl.variable]: {
        default: info.baseUrl.local,
        description: `The deployment's PUBLIC_BASE_URL; ${info.baseUrl.local} under npm start`,
      },
    });
  for (const tag of info.tags) builder.addTag(tag.name, tag.description);
  const schemes = Array.isArray(info.auth) ? info.auth : [info.auth];
  if (schemes.includes('api-key')) builder.addApiKey({ type: 'apiKey', in: 'header', name: 'X-API-Key' }, API_KEY_SCHEME);
  if (schemes.includes('bearer')) builder.addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, BEARER_SCHEME);
  // Every service mounts the operators' sign-in: its session cookie is the console's credential.
  builder.addCookieAuth(SESSION_COOKIE, { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE }, OPERATOR_SESSION_SCHEME);
  const document = SwaggerModule.createDocument(app, builder.build(), {
    operationIdFactory: (controllerKey, methodKey) => `${controllerKey.replace(/Controller$/, '')}_${methodKey}`,
  });
  documentNoStoreHeaders(document);
  documentRateLimits(document);
  documentPlatformBehaviour(document);
  return normaliseSchemas(document, document.components?.schemas ?? {});
}

const NO_STORE_HEADER = 'NoStore';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Documents `Cache-Control: no-store` on every response of the operations marked @NoStore(). */
function documentNoStoreHeaders(document: OpenAPIObject): void {
  const header = { $ref: `#/components/headers/${NO_STORE_HEADER}` };
  let used = false;
  for (const item of Object.values(document.paths)) {
    for (const operation of METHODS.map((method) => item[method])) {
      if (!operation || Reflect.get(operation, NO_STORE_EXTENSION) !== true) continue;
      used = true;
      // New response objects: a controller-wide decorator may share one between operations.
      operation.responses = Object.fromEntries(
        Object.entries(operation.responses).map(([status, response]) => [
          status,
          response && !('$ref' in response) ? { ...response, headers: { ...response.headers, 'Cache-Control': header } } : response,
        ]),
      );
    }
  }
  if (!used) return;
  document.components = {
    ...document.components,
    headers: {
      ...document.components?.headers,
      [NO_STORE_HEADER]: {
        description: 'Personal data or credentials: no cache may keep the answer',
        schema: { type: 'string', enum: [NO_STORE] },
      },
    },
  };
}

const REQUEST_ID = 'RequestId';
const IDEMPOTENT_REPLAYED = 'IdempotentReplayed';

/** Methods whose requests Fastify reads a body for, when one is sent (JSON only, BODY_LIMIT_BYTES at most). */
const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/**
 * What the platform does for every operation, whatever its controller declares: `X-Request-Id` is
 * taken from the request (when it is 1–128 characters of `[A-Za-z0-9._:-]`) and echoed on every
 * answer; an error the service did not expect is 500 INTERNAL_ERROR (a problem body with the request
 * id); a query with a NUL in a key or a value (or any other hostile shape) is 400 VALIDATION_FAILED on
 * every operation, one that reads no query included (checkRequestShapes); a request that arrives
 * while the service shuts down is 503 SHUTTING_DOWN (shutdown.ts), one its database does not answer
 * 503 DATABASE_UNAVAILABLE with Retry-After (database-unavailable.ts);
 * a body that is not JSON is 415 and one over the size limit 413 wherever a body is read; an
 * operation that takes `Idempotency-Key` (@Idempotent) can answer 409 and 422 for it, and marks a
 * replayed success with `Idempotent-Replayed: true`. Statuses are then listed in order.
 */
function documentPlatformBehaviour(document: OpenAPIObject): void {
  const parameter = { $ref: `#/components/parameters/${REQUEST_ID}` };
  const header = { $ref: `#/components/headers/${REQUEST_ID}` };
  const replayed = { $ref: `#/components/headers/${IDEMPOTENT_REPLAYED}` };
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      operation.parameters = [...(operation.parameters ?? []), parameter];
      const added = [400, 500, 503];
      if (BODY_METHODS.has(method)) added.push(413, 415);
      const takesKey = operation.parameters.some((p) => 'name' in p && p.name === IDEMPOTENCY_KEY_HEADER);
      if (takesKey) added.push(409, 422);
      const responses = { ...operation.responses };
      for (const status of added) responses[status] ??= problemResponse(status);
      operation.responses = Object.fromEntries(
        Object.entries(responses)
          .sort(([a], [b]) => Number(a) - Number(b))
          .map(([status, response]) => {
            if (!response || '$ref' in response) return [status, response];
            const replay = takesKey && status.startsWith('2') ? { 'Idempotent-Replayed': replayed } : {};
            return [status, { ...response, headers: { 'X-Request-Id': header, ...replay, ...response.headers } }];
          }),
      );
    }
  }
  document.components = {
    ...document.components,
    parameters: {
      ...document.components?.parameters,
      [REQUEST_ID]: {
        name: 'X-Request-Id',
        in: 'header',
        required: false,
        description: 'Your id for this request, echoed in X-Request-Id, in problem bodies and in the service’s logs; another value (or none) gets a generated UUID',
        schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,128}$' },
      },
    },
    headers: {
      ...document.components?.headers,
      [REQUEST_ID]: {
        description: 'The request’s id: the caller’s X-Request-Id when it was acceptable, else a generated UUID (also `requestId` of a problem body)',
        schema: { type: 'string' },
      },
      [IDEMPOTENT_REPLAYED]: {
        description: 'Present when this is the first response again, for a repeat with the same Idempotency-Key',
        schema: { type: 'string', enum: ['true'] },
      },
    },
  };
}

const RATE_LIMIT_HEADERS = {
  RateLimit: {
    description:
      'What is left of each rate limit this request counted against (draft-ietf-httpapi-ratelimit-headers): `"<policy>";r=<requests left>;t=<seconds until the window resets>`, comma-separated',
    schema: { type: 'string', example: '"ip";r=1199;t=60, "partner";r=598;t=42' },
  },
  RateLimitPolicy: {
    description:
      'The rate limits this request counted against: `"<policy>";q=<requests>;w=<window in seconds>`, comma-separated (docs/operations/rate-limits.md)',
    schema: { type: 'string', example: '"ip";q=1200;w=60, "partner";q=600;w=60' },
  },
  RetryAfter: {
    description: 'Seconds until the exhausted limit lets requests through again',
    schema: { type: 'integer', minimum: 1 },
  },
};

const RATE_LIMITED =
  'RATE_LIMITED: a rate limit (named in RateLimit-Policy, what is left in RateLimit) is exhausted; wait the seconds in Retry-After';

/**
 * Every operation is rate limited (docs/operations/rate-limits.md): each response documents the `RateLimit` and
 * `RateLimit-Policy` headers, and each operation a 429 RATE_LIMITED with `Retry-After` (added to a
 * 429 of its own, if it has one).
 */
function documentRateLimits(document: OpenAPIObject): void {
  const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });
  const limited = { RateLimit: ref('RateLimit'), 'RateLimit-Policy': ref('RateLimitPolicy') };
  for (const item of Object.values(document.paths)) {
    for (const operation of METHODS.map((method) => item[method])) {
      if (!operation) continue;
      const own = operation.responses['429'];
      const tooMany =
        own && !('$ref' in own)
          ? { ...own, description: `${own.description}; or ${RATE_LIMITED}` }
          : {
              description: RATE_LIMITED,
              content: { 'application/problem+json': { schema: { $ref: getSchemaPath(ProblemDto) } } },
            };
      operation.responses = Object.fromEntries(
        Object.entries({ ...operation.responses, 429: { ...tooMany, headers: { ...tooMany.headers, 'Retry-After': ref('RetryAfter') } } }).map(
          ([status, response]) => [
            status,
            response && !('$ref' in response) ? { ...response, headers: { ...response.headers, ...limited } } : response,
          ],
        ),
      );
    }
  }
  document.components = { ...document.components, headers: { ...document.components?.headers, ...RATE_LIMIT_HEADERS } };
}

type SchemaLike = Record<string, unknown>;

const isObject = (value: unknown): value is SchemaLike => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Two shapes the Swagger module gives a named enum's `$ref`, which it wraps in `allOf` so that a
 * description or example can sit beside it. With nothing beside it, `{allOf: [X]}` is X. Beside
 * `nullable: true`, OpenAPI 3.0 cannot make the reference accept null (`nullable` needs a `type`, and
 * the enum it refers to has no null), so the values are listed in place with null.
 */
function normaliseSchemas<T>(value: T, schemas: Record<string, unknown>): T {
  if (Array.isArray(value)) return value.map((item: unknown) => normaliseSchemas(item, schemas)) as T;
  if (!isObject(value)) return value;
  const { allOf, ...beside } = value;
  const only = Array.isArray(allOf) && allOf.length === 1 && isObject(allOf[0]) ? allOf[0] : undefined;
  if (only && Object.keys(beside).length === 0) return normaliseSchemas(only as T, schemas);
  const target = only && typeof only.$ref === 'string' ? schemas[only.$ref.replace('#/components/schemas/', '')] : undefined;
  if (value.nullable === true && value.type === undefined && isObject(target) && Array.isArray(target.enum)) {
    return { ...beside, type: target.type, enum: [...(target.enum as unknown[]), null] } as T;
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, normaliseSchemas(item, schemas)])) as T;
}

/** Serves the interactive documentation at /docs and the document itself at /docs/openapi.json. */
export function serveOpenApi(app: INestApplication, document: OpenAPIObject): void {
  SwaggerModule.setup('docs', app, document, {
    customSiteTitle: `${document.info.title} API`,
    jsonDocumentUrl: 'docs/openapi.json',
    raw: ['json'],
    swaggerOptions: { persistAuthorization: true },
  });
}
