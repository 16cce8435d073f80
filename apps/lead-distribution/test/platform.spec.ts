import { readFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import request from 'supertest';
import { MetricsServer, Public } from '#platform';
import { measured, STALL_MS } from '../../../test/support/event-loop.js';
import { docsPageProblems } from '../../../test/support/docs-page.js';
import { postOversized, sendThenRead, writeEndlessBody } from '../../../test/support/oversized-body.js';
import { OPERATOR_KEY, asOperator, startLeadDistribution, withKey, type LeadDistributionTestApp } from './support/lead-distribution.js';
import { given } from './support/given.js';

@ApiExcludeController()
@Public()
@Controller('test-probe')
class FailingController {
  @Get('boom')
  boom(): never {
    throw new Error('connection to 10.0.0.7 failed for SELECT phone FROM leads');
  }
}

const PROBLEM_JSON = /^application\/problem\+json/;

/** `{"name": [[…]]}` with `depth` arrays: the deepest sits at level depth + 1 (the body is level 1). */
const nameNested = (depth: number) => `{"name":${'['.repeat(depth)}${']'.repeat(depth)}}`;
const objectWithKeys = (count: number) => JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_, index) => [`k${index}`, 0])));
const ID_MESSAGE = 'must be an integer from 1 to 2147483647';

describe('lead-distribution platform conventions', () => {
  let app: LeadDistributionTestApp;

  beforeAll(async () => {
    app = await startLeadDistribution({ controllers: [FailingController] });
  });
  afterAll(() => app.close());

  describe('health, metrics and documentation', () => {
    it('answers /health/live and /health/ready with the database up', async () => {
      await request(app.url).get('/health/live').expect(200);
      const ready = await request(app.url).get('/health/ready').expect(200);
      expect(ready.body).toMatchObject({ status: 'ok', info: { database: { status: 'up' } } });
    });

    it('serves Prometheus metrics on their own port, never on the API port the Ingress routes', async () => {
      await request(app.url).get('/health/live').expect(200);
      const unauthenticated = await request(app.url).get('/metrics').expect(404);
      expect(unauthenticated.text).not.toContain('http_request_duration_seconds');
      const metricsUrl = `http://127.0.0.1:${app.app.get(MetricsServer).port}`;
      expect(metricsUrl).not.toBe(app.url);
      await request(metricsUrl).get('/health/live').expect(404);
      const metrics = await request(metricsUrl).get('/metrics').expect(200);
      expect(metrics.headers['content-type']).toMatch(/^text\/plain/);
      expect(metrics.text).toContain('http_request_duration_seconds_bucket');
      expect(metrics.text).toContain('route="/health/live"');
      expect(metrics.text).toContain('process_cpu_user_seconds_total');
    });

    it('serves the interactive docs and an OpenAPI 3 document identical to the committed one', async () => {
      const page = await request(app.url).get('/docs').expect(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      const served = await request(app.url).get('/docs/openapi.json').expect(200);
      expect(served.body.openapi).toMatch(/^3\./);
      expect(served.body.components.securitySchemes.ApiKey).toEqual({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
      const committed = JSON.parse(await readFile('openapi/lead-distribution.json', 'utf8'));
      expect(served.body).toEqual(committed);
    });

    it('names the service on its /docs page, opens with getting started and describes every tag', async () => {
      expect(await docsPageProblems(app.url, 'lead-distribution', 'docs/guides/lead-distribution-partner.md')).toEqual([]);
    });
  });

  describe('problem bodies', () => {
    it('returns 404 NOT_FOUND as problem+json for an unknown route, with the request id', async () => {
      const response = await request(app.url).get('/api/v1/no-such-thing').expect(404);
      expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
      expect(response.body).toEqual({
        type: 'urn:problem:not-found',
        title: 'Not Found',
        status: 404,
        detail: expect.any(String),
        code: 'NOT_FOUND',
        requestId: response.headers['x-request-id'],
      });
    });

    it('echoes a caller-supplied X-Request-Id and uses it in the problem body', async () => {
      const response = await request(app.url).get('/nowhere').set('X-Request-Id', 'trace-42.abc').expect(404);
      expect(response.headers['x-request-id']).toBe('trace-42.abc');
      expect(response.body.requestId).toBe('trace-42.abc');
    });

    it('replaces an unusable X-Request-Id with a generated one', async () => {
      const response = await request(app.url).get('/nowhere').set('X-Request-Id', 'has spaces & <html>').expect(404);
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('returns 400 MALFORMED_JSON for a body that is not JSON', async () => {
      const response = await asOperator(app)
        .post('/api/v1/admin/partners')
        .set('Content-Type', 'application/json')
        .send('{"name": ')
        .expect(400);
      expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
      expect(response.body).toMatchObject({ status: 400, code: 'MALFORMED_JSON', requestId: expect.any(String) });
    });

    it('returns 415 UNSUPPORTED_MEDIA_TYPE for a body that is not JSON by content type', async () => {
      const response = await asOperator(app).post('/api/v1/admin/partners').set('Content-Type', 'text/plain').send('name=x').expect(415);
      expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
      expect(response.body).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    });

    it('returns 413 PAYLOAD_TOO_LARGE for a body over the limit', async () => {
      const response = await asOperator(app)
        .post('/api/v1/admin/partners')
        .send({ name: 'x'.repeat(app.config.BODY_LIMIT_BYTES + 10) })
        .expect(413);
      expect(response.body).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    });

    it.each([
      ['11 MiB with Content-Length', 11, 'content-length'],
      ['12 MiB chunked', 12, 'chunked'],
    ] as const)('answers a body of %s sent by fetch with a 413 problem the client reads', async (_case, mebibytes, framing) => {
      const answer = await postOversized(`${app.url}/api/v1/admin/partners`, { 'x-api-key': OPERATOR_KEY }, mebibytes * 2 ** 20, framing);
      expect(answer).toEqual({ status: 413, contentType: expect.stringMatching(PROBLEM_JSON), code: 'PAYLOAD_TOO_LARGE' });
    });

    it('answers an 11 MiB body with a 413 problem that a client reading only after sending it all reads (no reset)', async () => {
      const answer = await sendThenRead(app.url, '/api/v1/admin/partners', { 'x-api-key': OPERATOR_KEY }, 11 * 2 ** 20);
      expect(answer.head).toMatch(/^HTTP\/1\.1 413 .*\r\ncontent-type: application\/problem\+json/is);
      expect(JSON.parse(answer.body)).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    });

    it('reads at most a bounded part of an oversized body that never ends, then closes the connection', async () => {
      const endless = await writeEndlessBody(app.url, '/api/v1/admin/partners', { 'x-api-key': OPERATOR_KEY });
      expect(endless.closed).toBe(true);
      expect(endless.answer).toMatch(/^HTTP\/1\.1 413 /);
      // The drain's 32 MiB, and what the two sockets' buffers hold.
      expect(endless.written).toBeLessThan(48 * 2 ** 20);
    });

    it('returns 400 VALIDATION_FAILED naming every offending field, unknown fields included', async () => {
      const response = await asOperator(app).post('/api/v1/admin/partners').send({ name: '', parentId: 'one', colour: 'red' }).expect(400);
      expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      const fields = response.body.errors.map((error: { field: string }) => error.field);
      expect(fields).toEqual(expect.arrayContaining(['name', 'parentId', 'colour']));
      expect(response.body.errors).toContainEqual({ field: 'colour', message: 'is not an accepted field' });
    });

    it('returns 400 naming the field that carries a NUL character, in a body or a query (PostgreSQL cannot store one)', async () => {
      const body = await asOperator(app).post('/api/v1/admin/partners').send({ name: 'a\u0000b' }).expect(400);
      expect(body.body.errors).toEqual([{ field: 'name', message: 'must not contain NUL characters' }]);
      const query = await asOperator(app).get('/api/v1/admin/partners?search=%00').expect(400);
      expect(query.body.errors).toEqual([{ field: 'search', message: 'must not contain NUL characters' }]);
    });

    it('lists at most 20 field errors and says how many more there are', async () => {
      const unknown = Object.fromEntries(Array.from({ length: 100 }, (_, index) => [`unknown${index}`, 1]));
      const response = await asOperator(app)
        .post('/api/v1/admin/partners')
        .send({ name: 'x', ...unknown })
        .expect(400);
      expect(response.body.errors).toHaveLength(20);
      expect(response.body.detail).toMatch(/unknown19 and 80 more$/);
    });

    it('returns 400 naming limit when the page size is out of range', async () => {
      const response = await asOperator(app).get('/api/v1/admin/partners?limit=101').expect(400);
      expect(response.body.errors).toEqual([{ field: 'limit', message: 'must not be greater than 100' }]);
      const pageZero = await asOperator(app).get('/api/v1/admin/partners?page=0').expect(400);
      expect(pageZero.body.errors[0].field).toBe('page');
    });

    it('answers 404 as a problem body for a path that is not valid percent-encoded UTF-8 (it names nothing)', async () => {
      const response = await asOperator(app).get('/api/v1/admin/partners/%FF%FE').expect(404);
      expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
      expect(response.body).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    });

    it('answers a request HTTP cannot parse with a problem body too', async () => {
      const { port } = new URL(app.url);
      const raw = await new Promise<string>((resolve, reject) => {
        let received = '';
        const socket = connect(Number(port), '127.0.0.1', () =>
          socket.write('GET /api/v1/admin/partners?search=\u0000 HTTP/1.1\r\nHost: x\r\n\r\n'),
        );
        socket.on('data', (chunk) => (received += chunk.toString()));
        socket.on('end', () => resolve(received));
        socket.on('error', reject);
      });
      expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request/);
      expect(raw).toContain('application/problem+json');
      expect(JSON.parse(raw.slice(raw.indexOf('{')))).toMatchObject({ status: 400, code: 'BAD_REQUEST', requestId: expect.any(String) });
    });

    it('returns 500 INTERNAL_ERROR for an exception inside a handler, revealing nothing of it', async () => {
      const response = await request(app.url).get('/test-probe/boom').expect(500);
      expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
      expect(response.body).toEqual({
        type: 'urn:problem:internal-error',
        title: 'Internal Server Error',
        status: 500,
        detail: expect.any(String),
        code: 'INTERNAL_ERROR',
        requestId: response.headers['x-request-id'],
      });
      expect(JSON.stringify(response.body)).not.toMatch(/10\.0\.0\.7|SELECT|phone|at /);
    });
  });
  describe('hostile shapes, refused before anything reads them', () => {
    let partnerKey: string;

    beforeAll(async () => {
      ({ apiKey: partnerKey } = await given(app).partner('Hostile shapes').key());
    });

    it('returns 400 naming the field for a body nested deeper than 32 levels (2,000 deep was a stack overflow, 500)', async () => {
      const deep = await asOperator(app)
        .post('/api/v1/admin/partners')
        .set('Content-Type', 'application/json')
        .send(nameNested(2000))
        .expect(400);
      expect(deep.headers['content-type']).toMatch(PROBLEM_JSON);
      expect(deep.body.errors).toEqual([{ field: `name${'.0'.repeat(31)}`, message: 'must not nest deeper than 32 levels' }]);

      const justOver = await asOperator(app)
        .post('/api/v1/admin/partners')
        .set('Content-Type', 'application/json')
        .send(nameNested(32))
        .expect(400);
      expect(justOver.body.errors).toEqual([{ field: `name${'.0'.repeat(31)}`, message: 'must not nest deeper than 32 levels' }]);
      const atTheLimit = await asOperator(app)
        .post('/api/v1/admin/partners')
        .set('Content-Type', 'application/json')
        .send(nameNested(31))
        .expect(400);
      expect(atTheLimit.body.errors).toContainEqual({ field: 'name', message: 'must be a string' });
    });

    it('returns 400 within milliseconds, the event loop free, for an object of 60,000 keys (took 2–7 s and listed every key)', async () => {
      const body = objectWithKeys(60_000);
      const { result, elapsedMs, maxEventLoopDelayMs } = await measured(() =>
        withKey(app, partnerKey).post('/api/v1/leads/contacts').set('Content-Type', 'application/json').send(body),
      );
      expect(result.status).toBe(400);
      expect(result.body.errors).toEqual([{ field: '(body)', message: 'must not have more than 256 keys' }]);
      expect(result.text.length).toBeLessThan(1000);
      expect(elapsedMs).toBeLessThan(STALL_MS);
      expect(maxEventLoopDelayMs).toBeLessThan(STALL_MS);
    });

    it('returns 400 naming the field for an array of more than 1,000 items, before validating each (10,000 order lines took 0.5 s)', async () => {
      const lines = JSON.stringify({
        productId: '0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10',
        ordererName: '김담당',
        ordererContact: '010-1234-5678',
        regionQuantities: Array.from({ length: 10_000 }, () => ({ region: '서울', quantity: 1 })),
      });
      const { result, maxEventLoopDelayMs } = await measured(() =>
        withKey(app, partnerKey).post('/api/v1/orders').set('Content-Type', 'application/json').send(lines),
      );
      expect(result.status).toBe(400);
      expect(result.body.errors).toEqual([{ field: 'regionQuantities', message: 'must not have more than 1000 items' }]);
      expect(maxEventLoopDelayMs).toBeLessThan(STALL_MS);
    });

    it('returns 400 naming the field for text with an unpaired surrogate, in a value or a key (a name was stored mangled)', async () => {
      const value = await asOperator(app).post('/api/v1/admin/partners').send({ name: 'a\ud800b' }).expect(400);
      expect(value.body.errors).toEqual([{ field: 'name', message: 'must be valid Unicode text (it has an unpaired surrogate)' }]);
      const key = await asOperator(app).post('/api/v1/admin/partners').send({ name: 'x', '\udc00': 1 }).expect(400);
      expect(key.body.errors).toEqual([{ field: '\ufffd', message: 'must be valid Unicode text (it has an unpaired surrogate)' }]);
    });

    it('refuses keys named like built-in object properties, which validation would not notice as unknown', async () => {
      const response = await asOperator(app).post('/api/v1/admin/partners').send({ name: 'x', toString: 1 }).expect(400);
      expect(response.body.errors).toEqual([{ field: 'toString', message: 'is not an accepted field name' }]);
    });

    it('returns 400 naming the id for integers beyond int4 in the path, the query and the body (were 500)', async () => {
      for (const value of ['2147483648', '9007199254740993', '1e308', '1767225600000', '-2147483649']) {
        const path = await asOperator(app).get(`/api/v1/admin/partners/${value}`).expect(400);
        expect(path.body.errors).toEqual([{ field: 'id', message: ID_MESSAGE }]);
        const query = await asOperator(app).get(`/api/v1/admin/partners?parentId=${value}`).expect(400);
        expect(query.body.errors).toEqual([{ field: 'parentId', message: ID_MESSAGE }]);
        const body = await asOperator(app)
          .post('/api/v1/admin/partners')
          .set('Content-Type', 'application/json')
          .send(`{"name":"x","parentId":${value}}`)
          .expect(400);
        expect(body.body.errors).toEqual([{ field: 'parentId', message: ID_MESSAGE }]);
      }
      await asOperator(app).get('/api/v1/admin/partners/2147483647').expect(404);
    });
  });
});
