import request from 'supertest';
import type { TermListDto } from '#contracts';
import {
  MARKETING_TERM_ID,
  REQUIRED_TERM_IDS,
  startCoverageClaims,
  withToken,
  type CoverageClaimsTestApp,
} from './support/coverage-claims.js';
import { given } from './support/given.js';

describe('coverage terms', () => {
  let app: CoverageClaimsTestApp;
  let accessToken: string;

  beforeAll(async () => {
    app = await startCoverageClaims();
    accessToken = await given(app).planner({ organisation: '약관 에셋' }).token();
  });
  afterAll(() => app.close());

  it('lists the terms in force in display order: three required, marketing optional, each with its full Korean text', async () => {
    const response = await withToken(app, accessToken).get('/api/v1/coverage/terms').expect(200);
    const { data } = response.body as TermListDto;
    expect(data.map((term) => [term.id, term.required])).toEqual([
      ...REQUIRED_TERM_IDS.map((id) => [id, true]),
      [MARKETING_TERM_ID, false],
    ]);
    expect(data.map((term) => term.title)).toEqual([
      '개인정보 수집·이용 동의',
      '개인(신용)정보 제3자 제공 동의',
      '고유식별정보 처리 동의',
      '마케팅 정보 수신 동의',
    ]);
    for (const term of data) {
      expect(term).toEqual({
        id: term.id,
        version: 1,
        title: term.title,
        required: term.required,
        body: expect.any(String),
        effectiveDate: '2026-11-01',
      });
      expect(term.body).toContain('동의를 거부할 권리');
    }
  });

  it('shows only the newest version in force of each term: a later version replaces it from its effective date', async () => {
    await app.dataSource.query(
      `INSERT INTO terms (id, purpose, code, version, title, required, body, effective_date, sort_order)
       VALUES ('coverage-marketing-v2', 'COVERAGE_ANALYSIS', 'coverage-marketing', 2, '마케팅 정보 수신 동의', false, '개정', current_date + 30, 4)`,
    );
    const list = async () => ((await withToken(app, accessToken).get('/api/v1/coverage/terms').expect(200)).body as TermListDto).data;
    expect((await list()).map((term) => term.id)).toContain(MARKETING_TERM_ID);

    await app.dataSource.query(`UPDATE terms SET effective_date = current_date - 1 WHERE id = 'coverage-marketing-v2'`);
    const ids = (await list()).map((term) => term.id);
    expect(ids).toContain('coverage-marketing-v2');
    expect(ids).not.toContain(MARKETING_TERM_ID);
  });

  it('needs a signed-in user', async () => {
    expect((await request(app.url).get('/api/v1/coverage/terms').expect(401)).body.code).toBe('TOKEN_MISSING');
  });
});
