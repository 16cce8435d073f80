import { Readable } from 'node:stream';
import { mismatchError, ResponseValidator } from './support/response-validation.js';

// A small document in the shape the services' documents have: a named schema with a nullable
// string, a nullable reference, a free-form object, a problem body and a PDF.
const DOCUMENT = {
  paths: {
    '/api/v1/users/{id}': {
      get: {
        responses: {
          '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/UserDto' } } } },
          '404': { content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } } },
        },
      },
      delete: { responses: { '204': { description: '' } } },
    },
    '/api/v1/report': {
      post: { responses: { '200': { content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } } } },
    },
  },
  components: {
    schemas: {
      UserDto: {
        type: 'object',
        properties: {
          id: { type: 'string', format: 'uuid' },
          phone: { type: 'string', nullable: true, example: '01012345678' },
          role: { type: 'string', enum: ['PLANNER', 'ORG_ADMIN'] },
          manager: { nullable: true, allOf: [{ $ref: '#/components/schemas/ManagerDto' }] },
          metadata: { type: 'object', additionalProperties: true, nullable: true },
          lastSignedInAt: { type: 'string', format: 'date-time', nullable: true },
        },
        required: ['id', 'phone', 'role', 'manager', 'metadata', 'lastSignedInAt'],
      },
      ManagerDto: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      ErrorResponse: {
        type: 'object',
        properties: { status: { type: 'integer' }, code: { type: 'string' } },
        required: ['status', 'code'],
      },
    },
  },
};

const USER = {
  id: '0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10',
  phone: null,
  role: 'PLANNER',
  manager: null,
  metadata: { anything: [1, 'two'] },
  lastSignedInAt: '2026-11-26T09:00:00.000Z',
};

const JSON_TYPE = 'application/json; charset=utf-8';

function checked(...responses: Array<[string, string | undefined, number, string | undefined, unknown]>) {
  const validator = new ResponseValidator(DOCUMENT);
  for (const response of responses) validator.check(...response);
  return validator.tally;
}

describe('response validation against an OpenAPI 3.0 document', () => {
  it('accepts documented responses: nullable strings and references as null, free-form objects, closed objects complete', () => {
    const tally = checked(
      ['GET', '/api/v1/users/:id', 200, JSON_TYPE, JSON.stringify(USER)],
      ['GET', '/api/v1/users/:id', 200, JSON_TYPE, JSON.stringify({ ...USER, phone: '01012345678', manager: { name: '김관리' } })],
      ['GET', '/api/v1/users/:id', 404, 'application/problem+json; charset=utf-8', JSON.stringify({ status: 404, code: 'USER_NOT_FOUND' })],
      ['DELETE', '/api/v1/users/:id', 204, undefined, ''],
    );
    expect(tally).toMatchObject({ validated: 4, mismatched: 0, mismatches: [] });
  });

  it('names the path of a wrong type, a null where none is allowed, a value outside the enum and an undocumented property', () => {
    const tally = checked(
      ['GET', '/api/v1/users/:id', 200, JSON_TYPE, JSON.stringify({ ...USER, phone: 1012345678 })],
      ['GET', '/api/v1/users/:id', 200, JSON_TYPE, JSON.stringify({ ...USER, role: null })],
      ['GET', '/api/v1/users/:id', 200, JSON_TYPE, JSON.stringify({ ...USER, manager: { name: '김관리', ci: 'CI-1' } })],
      ['GET', '/api/v1/users/:id', 200, JSON_TYPE, JSON.stringify({ ...USER, lastSignedInAt: 'yesterday' })],
    );
    expect(tally.mismatched).toBe(4);
    expect(tally.mismatches[0]).toBe(
      'GET /api/v1/users/{id} → 200: /phone must be string,null (in "response validation against an OpenAPI 3.0 document names the path of a wrong type, a null where none is allowed, a value outside the enum and an undocumented property")',
    );
    expect(tally.mismatches.map((line) => line.replace(/ \(in ".*"\)$/, ''))).toEqual([
      'GET /api/v1/users/{id} → 200: /phone must be string,null',
      'GET /api/v1/users/{id} → 200: /role must be string; /role must be equal to one of the allowed values: ["PLANNER","ORG_ADMIN"]',
      `GET /api/v1/users/{id} → 200: /manager must NOT have additional properties: 'ci'; /manager must be null; /manager must match a schema in anyOf`,
      'GET /api/v1/users/{id} → 200: /lastSignedInAt must match format "date-time"',
    ]);
  });

  it('refuses an undocumented status, content type or body and a JSON body it cannot read, and checks a binary body by status and content type only', () => {
    const tally = checked(
      ['GET', '/api/v1/users/:id', 409, 'application/problem+json', JSON.stringify({ status: 409, code: 'USER_CONFLICT' })],
      ['GET', '/api/v1/users/:id', 404, JSON_TYPE, JSON.stringify({ status: 404, code: 'USER_NOT_FOUND' })],
      ['DELETE', '/api/v1/users/:id', 204, JSON_TYPE, '{}'],
      ['POST', '/api/v1/report', 200, 'application/pdf', Buffer.from('%PDF-1.7')],
      ['POST', '/api/v1/report', 200, JSON_TYPE, '{}'],
      ['GET', '/api/v1/users/:id', 200, JSON_TYPE, Readable.from([JSON.stringify(USER)])],
    );
    expect(tally).toMatchObject({ validated: 6, binary: 1, mismatched: 5 });
    expect(tally.mismatches.map((line) => line.replace(/ \(in ".*"\)$/, ''))).toEqual([
      'GET /api/v1/users/{id} → 409: status not documented (documented: 200, 404) [USER_CONFLICT]',
      'GET /api/v1/users/{id} → 404: content type application/json not documented (documented: application/problem+json)',
      'DELETE /api/v1/users/{id} → 204: a body (application/json) where the document has none',
      'POST /api/v1/report → 200: content type application/json not documented (documented: application/pdf)',
      'GET /api/v1/users/{id} → 200: a application/json body sent as a stream, which the check cannot read',
    ]);
  });

  it('skips routes the document does not describe (the router’s 404s have no route), and counts them', () => {
    const tally = checked(
      ['GET', '/health/ready', 200, JSON_TYPE, '{}'],
      ['GET', undefined, 404, JSON_TYPE, '{}'],
      ['HEAD', '/api/v1/users/:id', 200, JSON_TYPE, ''],
    );
    expect(tally).toMatchObject({ validated: 0, skipped: 3, mismatched: 0 });
  });

  it('collapses repeats of one mismatch into one line with their count, and the error names them all', () => {
    const wrong = JSON.stringify({ ...USER, phone: 1 });
    const tally = checked(
      ['GET', '/api/v1/users/:id', 200, JSON_TYPE, wrong],
      ['GET', '/api/v1/users/:id', 200, JSON_TYPE, wrong],
      ['GET', '/api/v1/users/:id', 500, JSON_TYPE, '{}'],
    );
    expect(tally.mismatches).toHaveLength(2);
    expect(tally.mismatches[0]).toMatch(/\/phone must be string,null \(in ".*" and 1 more\)$/);
    expect(mismatchError('coverage-claims', tally)?.message).toMatch(
      /^3 response\(s\) of coverage-claims do not match openapi\/coverage-claims\.json:\n {2}GET .*\n {2}GET \/api\/v1\/users\/\{id\} → 500: status not documented/,
    );
    expect(mismatchError('coverage-claims', checked())).toBeUndefined();
  });
});
