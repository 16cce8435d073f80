import request from 'supertest';
import { accessRecords, plantAccessRecords } from '../../../test/support/access-records.js';
import { asOperator, startLeadDistribution, type LeadDistributionTestApp } from './support/lead-distribution.js';
import { given } from './support/given.js';

const BASE = '/api/v1/admin/access-records';

describe('access records (lead-distribution): search, export and the monthly review for operators', () => {
  let app: LeadDistributionTestApp;

  beforeAll(async () => {
    app = await startLeadDistribution({ env: { ACCESS_RECORD_REVIEW_SUBJECTS_PER_DAY: '3', ACCESS_RECORD_WORKING_HOURS: '09-18' } });
    await plantAccessRecords(app, [
      // November 2026, Korean time. Mon 2 Nov 10:00 KST = 01:00Z: a working hour.
      { recordedAt: '2026-11-02T01:00:00Z', actorId: 'op-ann', subjects: [{ type: 'lead', id: 'L-1' }] },
      {
        recordedAt: '2026-11-02T02:00:00Z',
        actorId: 'op-ann',
        subjects: [
          { type: 'lead', id: 'L-2' },
          { type: 'lead', id: 'L-3' },
        ],
      },
      {
        recordedAt: '2026-11-02T03:00:00Z',
        actorId: 'op-ann',
        subjects: [
          { type: 'lead', id: 'L-4' },
          { type: 'lead', id: 'L-1' },
        ],
      },
      // Mon 2 Nov 23:30 KST (14:30Z): after hours; and Sat 7 Nov 11:00 KST: a weekend.
      { recordedAt: '2026-11-02T14:30:00Z', actorId: 'op-bob', subjects: [{ type: 'customer', id: 'C-9' }] },
      { recordedAt: '2026-11-07T02:00:00Z', actorId: 'op-bob', subjects: [{ type: 'customer', id: 'C-9' }] },
      // A partner's key at night is a machine: not listed as off-hours.
      { recordedAt: '2026-11-03T16:00:00Z', actorKind: 'partner-key', actorId: 'key-7', subjects: [{ type: 'lead', id: 'L-5' }] },
      {
        recordedAt: '2026-11-04T01:00:00Z',
        actorId: 'op-ann',
        action: 'download',
        operation: 'AccessRecordsAdmin_export',
        reason: 'quarterly audit',
        subjects: [{ type: 'lead', id: 'L-1' }],
      },
      {
        recordedAt: '2026-11-05T01:00:00Z',
        actorKind: 'operator',
        actorId: 'ann@example.com',
        action: 'sign-in-failed',
        operation: 'operator.sign-in',
      },
      { recordedAt: '2026-11-05T02:00:00Z', actorKind: 'partner-key', actorId: 'key-revoked', action: 'key-refused', operation: 'api-key' },
      // October (UTC) but 1 Nov 00:30 KST: in November's review; 30 Nov 15:30Z is 1 Dec KST: not.
      { recordedAt: '2026-10-31T15:30:00Z', actorId: 'op-cat', action: 'download', operation: 'Leads_export', reason: 'edge of month' },
      { recordedAt: '2026-11-30T15:30:00Z', actorId: 'op-cat', action: 'download', operation: 'Leads_export', reason: 'next month' },
    ]);
  });
  afterAll(() => app.close());

  it('refuses callers without an operator key', async () => {
    await request(app.url).get(BASE).expect(401);
    const partner = await given(app).partner('Records Agency').key();
    await request(app.url).get(BASE).set('X-API-Key', partner.apiKey).expect(403);
  });

  it('searches by subject, actor, action and time, newest first and paged; the search is itself recorded', async () => {
    const bySubject = await asOperator(app).get(`${BASE}?subjectType=lead&subjectId=L-1`).set('X-Request-Id', 'req-search-1').expect(200);
    expect(bySubject.body.data.map((record: { actor: { id: string } }) => record.actor.id)).toEqual(['op-ann', 'op-ann', 'op-ann']);
    expect(bySubject.body.data[0]).toMatchObject({ action: 'download', reason: 'quarterly audit', operation: 'AccessRecordsAdmin_export' });
    expect(bySubject.body.pagination).toEqual({ page: 1, limit: 20, total: 3, totalPages: 1 });
    const [searched] = await accessRecords(app, { requestId: 'req-search-1' });
    expect(searched).toMatchObject({ action: 'view', operation: 'AccessRecordsAdmin_search', subjects: [{ type: 'lead', id: 'L-1' }] });

    const byActor = await asOperator(app).get(`${BASE}?actorKind=operator&actorId=op-bob&limit=1&page=2`).expect(200);
    expect(byActor.body.pagination).toMatchObject({ total: 2, totalPages: 2 });
    expect(byActor.body.data[0].recordedAt).toBe('2026-11-02T14:30:00.000Z');

    const byAction = await asOperator(app).get(`${BASE}?action=key-refused`).expect(200);
    expect(byAction.body.data.map((record: { actor: { id: string } }) => record.actor.id)).toEqual(['key-revoked']);

    const byTime = await asOperator(app).get(`${BASE}?from=2026-11-07T00:00:00%2B09:00&to=2026-11-08T00:00:00%2B09:00`).expect(200);
    expect(byTime.body.data.map((record: { recordedAt: string }) => record.recordedAt)).toEqual(['2026-11-07T02:00:00.000Z']);
  });

  it('names the field of a bad filter', async () => {
    const lonely = await asOperator(app).get(`${BASE}?subjectId=L-1`).expect(400);
    expect(lonely.body.errors.map((error: { field: string }) => error.field)).toEqual(['subjectType']);
    const badTime = await asOperator(app).get(`${BASE}?from=yesterday`).expect(400);
    expect(badTime.body.errors.map((error: { field: string }) => error.field)).toEqual(['from']);
  });

  it('exports CSV only with a reason, and records the export as a download with it', async () => {
    const refused = await asOperator(app).get(`${BASE}/export?actorId=op-bob`).expect(400);
    expect(refused.body.errors.map((error: { field: string }) => error.field)).toEqual(['reason']);

    const csv = await asOperator(app)
      .get(`${BASE}/export?actorId=op-bob&reason=${encodeURIComponent('=HYPERLINK("x"), checking bob')}`)
      .set('X-Request-Id', 'req-export-1')
      .expect(200)
      .expect('content-type', /^text\/csv/)
      .expect('content-disposition', /attachment/);
    const lines = csv.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,recorded_at,actor_kind,actor_id,address,action,operation,subjects,reason,request_id,sequence');
    expect(lines.slice(1).map((line) => line.split(',').slice(1, 4).join(','))).toEqual([
      '2026-11-02T14:30:00.000Z,operator,op-bob',
      '2026-11-07T02:00:00.000Z,operator,op-bob',
    ]);
    expect(lines[1]).toContain(',customer:C-9,');

    const [exported] = await accessRecords(app, { requestId: 'req-export-1' });
    expect(exported).toMatchObject({ action: 'download', operation: 'AccessRecordsAdmin_export', reason: '=HYPERLINK("x"), checking bob' });
    // The next export lists that download, its reason quoted and defused for spreadsheets.
    const again = await asOperator(app).get(`${BASE}/export?action=download&operation=AccessRecordsAdmin_export&reason=check`).expect(200);
    expect(again.text).toContain(`"'=HYPERLINK(""x""), checking bob"`);
  });

  it("lists what November's review must look at, in Korean time", async () => {
    const review = await asOperator(app).get(`${BASE}/review?month=2026-11`).set('X-Request-Id', 'req-review-1').expect(200);
    expect(review.body.rules).toEqual({ timeZone: 'Asia/Seoul', workingHours: '09-18', subjectsPerDay: 3, listLimit: 500 });
    expect(review.body.downloads.map((download: { reason: string }) => download.reason)).toEqual(['edge of month', 'quarterly audit']);
    expect(review.body.busyActors).toEqual([{ day: '2026-11-02', actor: { kind: 'operator', id: 'op-ann' }, subjects: 4 }]);
    expect(
      review.body.outsideWorkingHours.map((entry: { day: string; actor: { id: string }; records: number }) => [
        entry.day,
        entry.actor.id,
        entry.records,
      ]),
    ).toEqual([
      ['2026-11-01', 'op-cat', 1],
      ['2026-11-02', 'op-bob', 1],
      ['2026-11-07', 'op-bob', 1],
    ]);
    expect(review.body.failedSignIns).toEqual([
      expect.objectContaining({ actor: { kind: 'operator', id: 'ann@example.com' }, operation: 'operator.sign-in' }),
    ]);
    expect(review.body.refusedKeys).toEqual([expect.objectContaining({ actor: { kind: 'partner-key', id: 'key-revoked' } })]);
    expect(review.body.truncated).toEqual([]);
    expect(await accessRecords(app, { requestId: 'req-review-1' })).toEqual([
      expect.objectContaining({ operation: 'AccessRecordsAdmin_review' }),
    ]);

    const bad = await asOperator(app).get(`${BASE}/review?month=2026-13`).expect(400);
    expect(bad.body.errors.map((error: { field: string }) => error.field)).toEqual(['month']);
  });
});
