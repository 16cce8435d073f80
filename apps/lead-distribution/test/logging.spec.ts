import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import request from 'supertest';
import { Public } from '#platform';
import { LogCapture } from '../../../test/support/log-capture.js';
import {
  asOperator,
  deliverLead,
  leadInput,
  OPERATOR_KEY,
  startLeadDistribution,
  withKey,
  type LeadDistributionTestApp,
} from './support/lead-distribution.js';
import { given } from './support/given.js';

@ApiExcludeController()
@Public()
@Controller('test-probe')
class FailingController {
  @Get('fail')
  fail(): never {
    throw new TypeError('cannot read properties of undefined');
  }
}

describe('request logs', () => {
  const logs = new LogCapture();
  let app: LeadDistributionTestApp;

  beforeAll(async () => {
    app = await startLeadDistribution({ env: { LOG_LEVEL: 'info' }, logDestination: logs, controllers: [FailingController] });
  });
  afterAll(() => app.close());

  it('writes one JSON line per request with the request id, path, status and duration', async () => {
    await asOperator(app).get('/api/v1/admin/partners').set('X-Request-Id', 'log-line-1').expect(200);
    const [line, ...more] = logs.withRequestId('log-line-1');
    expect(more).toHaveLength(0);
    expect(line).toMatchObject({
      level: 'info',
      service: 'lead-distribution',
      requestId: 'log-line-1',
      req: { method: 'GET', path: '/api/v1/admin/partners' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
  });

  it('keeps credentials and query strings (search terms) out of the logs', async () => {
    await asOperator(app)
      .get(`/api/v1/admin/partners?search=${encodeURIComponent('홍길동')}`)
      .set('X-Request-Id', 'log-line-2')
      .expect(200);
    const text = JSON.stringify(logs.withRequestId('log-line-2'));
    expect(text).not.toContain(OPERATOR_KEY);
    expect(text).not.toContain('search');
    expect(text).not.toContain(encodeURIComponent('홍길동'));
    expect(logs.raw.join('\n')).not.toContain(OPERATOR_KEY);
  });

  it('logs an unexpected error with its request id at level error', async () => {
    await request(app.url).get('/test-probe/fail').set('X-Request-Id', 'log-line-3').expect(500);
    const lines = logs.withRequestId('log-line-3');
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        error: expect.objectContaining({ type: 'TypeError', message: 'cannot read properties of undefined' }),
      }),
    );
  });

  it('writes nothing of a lead’s contact data, whatever the operation', async () => {
    const { partner, apiKey } = await given(app).partner('Log Partner').key();
    const { product } = await given(app).provider().product('로그 확인 상품');
    const leadId = await deliverLead(app, product.id, partner.id, {
      name: '로그고객',
      phone: '01077776543',
      email: 'secret.person@example.com',
    });
    await withKey(app, apiKey)
      .get(`/api/v1/leads?search=${encodeURIComponent('로그고객')}`)
      .expect(200);
    await withKey(app, apiKey).post(`/api/v1/leads/${leadId}/use`).send({}).expect(200);
    await withKey(app, apiKey)
      .post('/api/v1/leads/contacts')
      .send({ leadIds: [leadId] })
      .expect(200);
    await asOperator(app)
      .post('/api/v1/leads')
      .send(leadInput(product.id, { phone: '01077776543' }))
      .expect(409);
    const text = logs.raw.join('\n');
    for (const secret of ['로그고객', '01077776543', '7777-6543', 'secret.person']) expect(text).not.toContain(secret);
  });

  it('does not log health probes', async () => {
    await request(app.url).get('/health/live').set('X-Request-Id', 'log-line-4').expect(200);
    expect(logs.withRequestId('log-line-4')).toHaveLength(0);
  });
});
