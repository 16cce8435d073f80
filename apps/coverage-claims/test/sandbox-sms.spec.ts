import request from 'supertest';
import type { SandboxMessageDto } from '#contracts';
import { SandboxSmsRepository } from '../src/integrations/sms/sandbox/sandbox-sms.repository.js';
import { SANDBOX_RETENTION_HOURS } from '../src/integrations/sms/sandbox/sandbox-sms.adapter.js';
import {
  OPERATOR_KEY,
  asOperator,
  nextPhone,
  startCoverageClaims,
  verificationBody,
  withToken,
  type CoverageClaimsTestApp,
} from './support/coverage-claims.js';
import { given } from './support/given.js';

describe('sandbox SMS adapter', () => {
  let app: CoverageClaimsTestApp;
  let accessToken: string;
  const phones = [nextPhone(), nextPhone()];

  const messages = (query: Record<string, string | number> = {}) => asOperator(app).get('/api/v1/admin/sandbox/messages').query(query);

  beforeAll(async () => {
    app = await startCoverageClaims();
    accessToken = await given(app).planner({ organisation: '문자 에셋' }).token();
    const send = (phone: string) =>
      withToken(app, accessToken).post('/api/v1/coverage/verifications').send(verificationBody({ phone })).expect(201);
    await send(phones[0]!);
    await send(phones[1]!);
    await app.dataSource.query(`UPDATE customer_verifications SET created_at = created_at - interval '1 minute'`);
    await send(phones[0]!);
    await withToken(app, accessToken)
      .post('/api/v1/coverage/verifications')
      .send(verificationBody({ phone: '010-5555-0000' }))
      .expect(502);
  });
  afterAll(() => app.close());

  it('lets the operator read every message, newest first, page by page, with the one-time number in the text', async () => {
    const first = await messages({ limit: 2 }).expect(200);
    expect(first.body.pagination).toEqual({ page: 1, limit: 2, total: 4, totalPages: 2 });
    const all = [...first.body.data, ...(await messages({ limit: 2, page: 2 }).expect(200)).body.data] as SandboxMessageDto[];
    expect(all.map((message) => [message.phone, message.status])).toEqual([
      ['01055550000', 'FAILED'],
      [phones[0], 'DELIVERED'],
      [phones[1], 'DELIVERED'],
      [phones[0], 'DELIVERED'],
    ]);
    expect(all[1]).toEqual({
      id: expect.any(String),
      phone: phones[0],
      text: expect.stringMatching(/^\[보장분석\] 본인확인 인증번호는 \[\d{6}\]입니다\. 3분 안에 입력해 주세요\.$/),
      status: 'DELIVERED',
      createdAt: expect.any(String),
    });
    const times = all.map((message) => Date.parse(message.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('filters by phone (exact, hyphens ignored)', async () => {
    const formatted = `${phones[0]!.slice(0, 3)}-${phones[0]!.slice(3, 7)}-${phones[0]!.slice(7)}`;
    const response = await messages({ phone: formatted }).expect(200);
    expect(response.body.data.map((message: SandboxMessageDto) => message.phone)).toEqual([phones[0], phones[0]]);
    expect((await messages({ phone: '010-0000-1111' }).expect(200)).body.data).toEqual([]);
    expect((await messages({ phone: '12345' }).expect(400)).body.errors).toEqual([
      { field: 'phone', message: 'must be a Korean mobile number (010-1234-5678)' },
    ]);
  });

  it('needs an operator key: none is 401, a planner’s Bearer token is not one', async () => {
    expect((await request(app.url).get('/api/v1/admin/sandbox/messages').expect(401)).body.code).toBe('API_KEY_MISSING');
    await request(app.url).get('/api/v1/admin/sandbox/messages').set('Authorization', `Bearer ${accessToken}`).expect(401);
    await request(app.url).get('/api/v1/admin/sandbox/messages').set('X-API-Key', `${OPERATOR_KEY}x`).expect(401);
  });

  it('forgets messages after 24 hours', async () => {
    const phone = nextPhone();
    await withToken(app, accessToken).post('/api/v1/coverage/verifications').send(verificationBody({ phone })).expect(201);
    const before = (await messages().expect(200)).body.pagination.total as number;
    await app.dataSource.query(
      `UPDATE sandbox_sms_messages SET created_at = now() - interval '25 hours' WHERE phone_hash = (
         SELECT phone_hash FROM sandbox_sms_messages ORDER BY created_at DESC, id DESC LIMIT 1)`,
    );
    await app.app.get(SandboxSmsRepository).pruneOlderThan(SANDBOX_RETENTION_HOURS);
    expect((await messages({ phone }).expect(200)).body.pagination.total).toBe(0);
    expect((await messages().expect(200)).body.pagination.total).toBe(before - 1);
  });
});
