import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import type {
  AdminClaimDeliveryListDto,
  ClaimFileDto,
  ClaimHistoryRecordDto,
  ClaimPresignedUploadDto,
  CoverageAnalysisSecondStepDto,
  NhisAuthDto,
  UserDto,
  UserListDto,
  VerificationDto,
} from '#contracts';
import type { AccessActor, AccessAction, AccessSubject } from '#platform';
import { CLAIM_FAX_OPERATION } from '../src/claims/delivery/claim-delivery.service.js';
import { accessRecords, expectAccessRecord, readDocument, subject, tableGaps, timed } from '../../../test/support/access-records.js';
import { OPERATOR_ACCOUNT_ROWS } from '../../../test/support/operator-access-rows.js';
import { claimBody } from './support/claim-body.js';
import { QUICK_DELIVERY, fileClaim, fixture, upload, waitForDelivery } from './support/claim-delivery.js';
import {
  OPERATOR_KEY,
  nextCi,
  sandboxCode,
  startCoverageClaims,
  verificationBody,
  type CoverageClaimsTestApp,
  type SignedIn,
} from './support/coverage-claims.js';
import { given, type AnalysedCustomer, type Team } from './support/given.js';

const RECEIVES = '05051811234';
const NOT_A_FAX = '05051810003';
const HEALTH_TERM_ID = 'medical-health-checkup-v1';
const NHIS_APPROVAL_SECONDS = 1;

/** Who a row expects as the actor: a planner or admin user, or the operator (the bootstrap key outside production). */
type ExpectedActor = AccessActor | 'operator';

/** What one call must leave on record, besides its operation and action. */
interface Expected {
  actor: ExpectedActor;
  subjects: AccessSubject[];
  /** The reason an export must give, kept in its record. */
  reason?: string;
}

/** A call of a recorded operation, sent with the row's client address, and what it must record. */
interface Row {
  operation: string;
  action: AccessAction;
  /** What the row shows, when an operation has more than one. */
  note?: string;
  call: (send: Send) => Promise<Expected>;
}

/** Sends as a planner (by token) or as the operator, from the row's client address (X-Forwarded-For). */
interface Send {
  as: (user: SignedIn | 'operator') => Caller;
  /** Sends this X-API-Key (an operator's personal key, or the bootstrap key). */
  withKey: (key: string) => Caller;
}
type Caller = Record<'get' | 'post' | 'put' | 'patch' | 'delete', (path: string) => request.Test>;

const customer = (id: string) => subject('customer', id);
const claim = (id: number) => subject('claim', id);
const planner = (id: string) => subject('planner', id);
const file = (id: string) => subject('file', id);
const by = (user: SignedIn): ExpectedActor => ({ kind: 'planner', id: user.userId });
const OPERATOR: ExpectedActor = 'operator';
const DOCUMENT = 'openapi/coverage-claims.json';

/**
 * Item 3 of issue 41 for coverage-claims (docs/decisions/operators-and-access-records.md, "Coverage
 * claims"): every operation of openapi/coverage-claims.json marked `x-access-record` is called here
 * through the real AppModule, and its record holds the five items: the actor (the planner's or
 * admin's user id, or the operator), the time to the second, the client address (X-Forwarded-For
 * behind one trusted hop), the subjects by id (the right customer, claim, file or user), and the
 * action with the operation. An operation marked without a row here fails the first test.
 */
describe('coverage-claims access records: every recorded operation, with its five items', () => {
  let app: CoverageClaimsTestApp;
  let team: Team;
  let analysed: AnalysedCustomer;
  let failedClaims: number[];
  let sentClaim: number;
  let operatorActor: AccessActor;
  let rowNumber = 0;

  /** A verified customer of `user` with the number confirmed: their id and verification token. */
  const verified = async (user: SignedIn) => given(app).as(user).verifiedCustomer();

  const rows: Row[] = [
    {
      operation: 'Verifications_request',
      action: 'input',
      call: async ({ as }) => {
        const response = await as(team.planner).post('/api/v1/coverage/verifications').send(verificationBody()).expect(201);
        return { actor: by(team.planner), subjects: [customer((response.body as VerificationDto).customerId)] };
      },
    },
    {
      operation: 'Verifications_confirm',
      action: 'use',
      call: async ({ as }) => {
        const body = verificationBody();
        const verification = await given(app).as(team.planner).customer(body);
        await as(team.planner)
          .post(`/api/v1/coverage/verifications/${verification.id}/confirm`)
          .send({ code: await sandboxCode(app, body.phone) })
          .expect(200);
        return { actor: by(team.planner), subjects: [customer(verification.customerId)] };
      },
    },
    {
      operation: 'Customers_get',
      action: 'view',
      call: async ({ as }) => {
        // An ORG_ADMIN looks at a planner's customer: the record names the admin and that customer.
        await as(team.admin).get(`/api/v1/customers/${analysed.customerId}`).expect(200);
        return { actor: by(team.admin), subjects: [customer(analysed.customerId)] };
      },
    },
    {
      operation: 'Customers_remove',
      action: 'delete',
      call: async ({ as }) => {
        const { customerId } = await given(app).as(team.otherPlanner).customer();
        await as(team.otherPlanner).delete(`/api/v1/customers/${customerId}`).expect(204);
        return { actor: by(team.otherPlanner), subjects: [customer(customerId)] };
      },
    },
    {
      operation: 'Analyses_create',
      action: 'input',
      call: async ({ as }) => {
        const { customerId, verificationToken } = await verified(team.planner);
        await as(team.planner).post('/api/v1/coverage/analyses').send({ verificationToken }).expect(201);
        return { actor: by(team.planner), subjects: [customer(customerId)] };
      },
    },
    {
      operation: 'Analyses_create',
      action: 'input',
      note: 'the second step asked (202)',
      call: async ({ as }) => {
        const { customerId, verificationToken } = await verified(team.planner);
        await as(team.planner)
          .post('/api/v1/coverage/analyses')
          .send({ verificationToken, credit4u: { id: 'sandbox-sms', password: 'pass-word-1' } })
          .expect(202);
        return { actor: by(team.planner), subjects: [customer(customerId)] };
      },
    },
    {
      operation: 'Continuations_continue',
      action: 'input',
      call: async ({ as }) => {
        const { customerId, verificationToken } = await verified(team.otherPlanner);
        const credit4u = { id: 'sandbox-sms', password: 'pass-word-1' };
        const step = (await as(team.otherPlanner).post('/api/v1/coverage/analyses').send({ verificationToken, credit4u }).expect(202))
          .body as CoverageAnalysisSecondStepDto;
        await as(team.otherPlanner)
          .post(`/api/v1/coverage/analysis-continuations/${step.continuationId}`)
          .send({ credit4u, code: '123456' })
          .expect(201);
        return { actor: by(team.otherPlanner), subjects: [customer(customerId)] };
      },
    },
    {
      operation: 'Analyses_get',
      action: 'view',
      call: async ({ as }) => {
        await as(team.admin).get(`/api/v1/coverage/analyses/${analysed.seq}`).expect(200);
        return { actor: by(team.admin), subjects: [customer(analysed.customerId)] };
      },
    },
    {
      operation: 'Analyses_report',
      action: 'print',
      note: 'the PDF',
      call: async ({ as }) => {
        await as(team.planner)
          .post(`/api/v1/coverage/analyses/${analysed.seq}/report`)
          .set('Accept', 'application/pdf')
          .expect(200)
          .expect('content-type', 'application/pdf');
        return { actor: by(team.planner), subjects: [customer(analysed.customerId)] };
      },
    },
    {
      operation: 'Analyses_report',
      action: 'print',
      note: 'its content as JSON',
      call: async ({ as }) => {
        await as(team.planner)
          .post(`/api/v1/coverage/analyses/${analysed.seq}/report`)
          .set('Accept', 'application/json')
          .expect(200)
          .expect('content-type', /^application\/json/);
        return { actor: by(team.planner), subjects: [customer(analysed.customerId)] };
      },
    },
    {
      operation: 'NhisAuth_request',
      action: 'input',
      call: async ({ as }) => {
        await as(team.planner)
          .post('/api/v1/medical-bojang/nhis-auth')
          .send({ customerId: analysed.customerId, provider: 'KAKAO', agreedTermIds: [HEALTH_TERM_ID] })
          .expect(201);
        return { actor: by(team.planner), subjects: [customer(analysed.customerId)] };
      },
    },
    {
      operation: 'Checkups_lookup',
      action: 'input',
      call: async ({ as }) => {
        const auth = (
          await as(team.planner)
            .post('/api/v1/medical-bojang/nhis-auth')
            .send({ customerId: analysed.customerId, provider: 'KAKAO', agreedTermIds: [HEALTH_TERM_ID] })
            .expect(201)
        ).body as NhisAuthDto;
        await sleep(NHIS_APPROVAL_SECONDS * 1000 + 50);
        await as(team.planner).post(`/api/v1/medical-bojang/nhis-auth/${auth.id}/complete`).send().expect(200);
        await as(team.planner).post('/api/v1/medical-bojang/checkups').send({ nhisAuthId: auth.id }).expect(200);
        return { actor: by(team.planner), subjects: [customer(analysed.customerId)] };
      },
    },
    {
      operation: 'MedicalAnalysis_setAnalysis',
      action: 'input',
      call: async ({ as }) => {
        await as(team.planner)
          .post('/api/v1/medical-bojang/set-analysis')
          .send({ seq: analysed.seq, analysis: analysed.analysis })
          .expect(200);
        return { actor: by(team.planner), subjects: [customer(analysed.customerId)] };
      },
    },
    {
      operation: 'MedicalAnalysis_reportPdf',
      action: 'print',
      call: async ({ as }) => {
        await as(team.admin)
          .post('/api/v1/medical-bojang/report/pdf')
          .send({ seq: analysed.seq })
          .expect(200)
          .expect('content-type', 'application/pdf');
        return { actor: by(team.admin), subjects: [customer(analysed.customerId)] };
      },
    },
    {
      operation: 'MedicalAnalysis_reportJson',
      action: 'view',
      call: async ({ as }) => {
        await as(team.planner).post('/api/v1/medical-bojang/report/json').send({ seq: analysed.seq }).expect(200);
        return { actor: by(team.planner), subjects: [customer(analysed.customerId)] };
      },
    },
    {
      operation: 'Files_presign',
      action: 'input',
      call: async ({ as }) => {
        const response = await as(team.planner)
          .post('/api/v1/files/presigned')
          .send({ originalName: '진료비영수증.pdf', mimeType: 'application/pdf', size: 1234 })
          .expect(200);
        return { actor: by(team.planner), subjects: [file((response.body as ClaimPresignedUploadDto).fileId)] };
      },
    },
    {
      operation: 'Files_get',
      action: 'download',
      call: async ({ as }) => {
        const fileId = await upload(app, team.planner.accessToken, await fixture('claim-receipt-photo.jpg'), 'image/jpeg');
        const response = await as(team.admin).get(`/api/v1/files/${fileId}`).expect(200);
        expect((response.body as ClaimFileDto).downloadUrl).toEqual(expect.any(String));
        return { actor: by(team.admin), subjects: [file(fileId)] };
      },
    },
    {
      operation: 'Claims_submit',
      action: 'input',
      call: async ({ as }) => {
        const response = await as(team.planner).post('/api/v1/claim/requests').send(claimBody('N02')).expect(201);
        return { actor: by(team.planner), subjects: [claim((response.body as { claimReqId: number }).claimReqId)] };
      },
    },
    {
      operation: 'Claims_history',
      action: 'view',
      call: async ({ as }) => {
        const response = await as(team.admin).post('/api/v1/claim/histories').send({ pageSize: 100 }).expect(200);
        const listed = (response.body as ClaimHistoryRecordDto[]).map((record) => claim(record.claimReqId));
        expect(listed.length).toBeGreaterThan(1);
        return { actor: by(team.admin), subjects: listed };
      },
    },
    {
      operation: 'Claims_document',
      action: 'print',
      call: async ({ as }) => {
        await as(team.planner).get(`/api/v1/claim/requests/${sentClaim}/document`).expect(200);
        return { actor: by(team.planner), subjects: [claim(sentClaim)] };
      },
    },
    {
      operation: 'Claims_resend',
      action: 'change',
      call: async ({ as }) => {
        await as(team.admin).post(`/api/v1/claim/requests/${failedClaims[0]}/resend`).expect(202);
        return { actor: by(team.admin), subjects: [claim(failedClaims[0]!)] };
      },
    },
    {
      operation: 'ClaimsAdmin_list',
      action: 'view',
      call: async ({ as }) => {
        const response = await as('operator').get('/api/v1/admin/claim/deliveries').query({ limit: 100 }).expect(200);
        const listed = (response.body as AdminClaimDeliveryListDto).data.map((delivery) => claim(delivery.claimReqId));
        expect(listed).toContainEqual(claim(sentClaim));
        return { actor: OPERATOR, subjects: listed };
      },
    },
    {
      operation: 'ClaimsAdmin_resend',
      action: 'change',
      call: async ({ as }) => {
        await as('operator').post(`/api/v1/admin/claim/requests/${failedClaims[1]}/resend`).expect(202);
        return { actor: OPERATOR, subjects: [claim(failedClaims[1]!)] };
      },
    },
    {
      operation: 'SandboxMessagesAdmin_list',
      action: 'view',
      call: async ({ as }) => {
        await as('operator').get('/api/v1/admin/sandbox/messages').query({ limit: 5 }).expect(200);
        return { actor: OPERATOR, subjects: [] };
      },
    },
    {
      operation: 'AccessRecordsAdmin_search',
      action: 'view',
      call: async ({ as }) => {
        await as('operator')
          .get('/api/v1/admin/access-records')
          .query({ subjectType: 'customer', subjectId: analysed.customerId })
          .expect(200);
        return { actor: OPERATOR, subjects: [customer(analysed.customerId)] };
      },
    },
    {
      operation: 'AccessRecordsAdmin_export',
      action: 'download',
      call: async ({ as }) => {
        const reason = '고객 민원 2026-12-07 확인';
        await as('operator')
          .get('/api/v1/admin/access-records/export')
          .query({ subjectType: 'claim', subjectId: String(sentClaim), reason })
          .expect(200)
          .expect('content-type', /^text\/csv/);
        return { actor: OPERATOR, subjects: [claim(sentClaim)], reason };
      },
    },
    {
      operation: 'AccessRecordsAdmin_review',
      action: 'view',
      call: async ({ as }) => {
        await as('operator').get('/api/v1/admin/access-records/review').query({ month: '2026-12' }).expect(200);
        return { actor: OPERATOR, subjects: [] };
      },
    },
    // The platform's operator accounts (the same rows as lead-distribution's).
    ...Object.entries(OPERATOR_ACCOUNT_ROWS).map(([operation, row]): Row => ({
      operation,
      action: row.action,
      call: ({ withKey }) =>
        row.run({
          app,
          bootstrap: operatorActor,
          send: async (key, method, path, { body, status = 200 } = {}) => {
            const test = withKey(key)[method](path);
            return (await (body ? test.send(body) : test).expect(status)).body as unknown;
          },
        }),
    })),
    {
      operation: 'Users_add',
      action: 'input',
      call: async ({ as }) => {
        const response = await as(team.admin).put('/api/v1/users').send({ fcUserCi: nextCi(), name: '신설계' }).expect(201);
        return { actor: by(team.admin), subjects: [planner((response.body as UserDto).id)] };
      },
    },
    {
      operation: 'Users_list',
      action: 'view',
      call: async ({ as }) => {
        const response = await as(team.admin).get('/api/v1/users').query({ limit: 100 }).expect(200);
        const listed = (response.body as UserListDto).data.map((user) => planner(user.id));
        expect(listed).toContainEqual(planner(team.planner.userId));
        return { actor: by(team.admin), subjects: listed };
      },
    },
    {
      operation: 'Users_me',
      action: 'view',
      call: async ({ as }) => {
        await as(team.otherPlanner).get('/api/v1/users/me').expect(200);
        return { actor: by(team.otherPlanner), subjects: [planner(team.otherPlanner.userId)] };
      },
    },
    {
      operation: 'Users_update',
      action: 'change',
      call: async ({ as }) => {
        const added = (await as(team.admin).put('/api/v1/users').send({ fcUserCi: nextCi(), name: '변설계' }).expect(201)).body as UserDto;
        await as(team.admin).patch(`/api/v1/users/${added.id}`).send({ name: '변경설계' }).expect(200);
        return { actor: by(team.admin), subjects: [planner(added.id)] };
      },
    },
    {
      operation: 'Users_remove',
      action: 'delete',
      call: async ({ as }) => {
        const added = (await as(team.admin).put('/api/v1/users').send({ fcUserCi: nextCi(), name: '삭설계' }).expect(201)).body as UserDto;
        await as(team.admin).delete(`/api/v1/users/${added.id}`).expect(204);
        return { actor: by(team.admin), subjects: [planner(added.id)] };
      },
    },
  ];

  /** A request of the row: its own client address, as the Ingress forwards it. */
  function sender(address: string): Send {
    const caller = (headers: Record<string, string>): Caller => {
      const agent = request(app.url);
      headers['X-Forwarded-For'] = address;
      return {
        get: (path) => agent.get(path).set(headers),
        post: (path) => agent.post(path).set(headers),
        put: (path) => agent.put(path).set(headers),
        patch: (path) => agent.patch(path).set(headers),
        delete: (path) => agent.delete(path).set(headers),
      };
    };
    return {
      as: (user) => caller(user === 'operator' ? { 'X-API-Key': OPERATOR_KEY } : { Authorization: `Bearer ${user.accessToken}` }),
      withKey: (key) => caller({ 'X-API-Key': key }),
    };
  }

  beforeAll(async () => {
    app = await startCoverageClaims({
      env: {
        ...QUICK_DELIVERY,
        // Behind the Ingress: one trusted hop, so the client address is the one it forwards.
        TRUSTED_PROXY_HOPS: '1',
        NHIS_SANDBOX_APPROVAL_SECONDS: String(NHIS_APPROVAL_SECONDS),
        CLAIM_DELIVERY_MAX_ATTEMPTS: '1',
      },
    });
    team = await given(app).team('접속기록 에셋');
    analysed = await given(app).as(team.planner).verifiedCustomer().analysis();
    await given(app).insurerFax('N02', RECEIVES);
    await given(app).insurerFax('N01', NOT_A_FAX);
    sentClaim = await fileClaim(app, team.planner.accessToken, claimBody('N02'));
    failedClaims = [
      await fileClaim(app, team.planner.accessToken, claimBody('N01')),
      await fileClaim(app, team.otherPlanner.accessToken, claimBody('N01')),
    ];
    for (const id of [sentClaim, ...failedClaims]) await waitForDelivery(app, id);
    // The operator of these tests: the bootstrap key (OPERATOR_API_KEYS), which outside production
    // acts under an actor of its own. Every operator row must name that one.
    const { window } = await timed(() => sender('198.51.100.1').as('operator').get('/api/v1/admin/sandbox/messages').expect(200));
    const [probe] = (await accessRecords(app, { operation: 'SandboxMessagesAdmin_list' })).filter(
      (record) => record.recordedAt >= window.from,
    );
    expect(probe).toMatchObject({ actorKind: 'bootstrap', actorId: expect.any(String) });
    operatorActor = { kind: 'bootstrap', id: probe!.actorId };
  });
  afterAll(() => app.close());

  it('has a row for every operation openapi/coverage-claims.json marks x-access-record, with its action, and none for an unmarked one', () => {
    const document = readDocument(DOCUMENT);
    expect(tableGaps(document, Object.fromEntries(rows.map((row) => [row.operation, row])))).toEqual({ missing: [], unknown: [] });
    const marked = Object.fromEntries(
      Object.values(document.paths)
        .flatMap((operations) => Object.values(operations))
        .flatMap((operation) => (operation['x-access-record'] ? [[operation.operationId, operation['x-access-record'].action]] : [])),
    );
    for (const row of rows) expect(`${row.operation}: ${row.action}`).toBe(`${row.operation}: ${marked[row.operation]}`);
  });

  it.each(rows.map((row) => [`${row.operation}${row.note ? ` (${row.note})` : ''}`, row] as const))(
    '%s: a record naming the caller, the second, the forwarded address, the subjects and the action',
    async (_name, row) => {
      rowNumber += 1;
      const address = `203.0.113.${rowNumber}`;
      const { result, window } = await timed(() => row.call(sender(address)));
      const actor = result.actor === 'operator' ? operatorActor : result.actor;
      await expectAccessRecord(
        app,
        { actor, address, action: row.action, operation: row.operation, subjects: result.subjects, reason: result.reason },
        window,
      );
    },
  );

  it("records each fax of a claim as printed by the service for the claim, under the attempt's fax request id", async () => {
    const claimId = await fileClaim(app, team.admin.accessToken, claimBody('N02'));
    expect(await waitForDelivery(app, claimId)).toMatchObject({ status: 'SENT' });
    expect(await accessRecords(app, { operation: CLAIM_FAX_OPERATION, subject: claim(claimId) })).toEqual([
      expect.objectContaining({
        actorKind: 'service',
        actorId: 'claim-delivery',
        address: 'internal',
        action: 'print',
        subjects: [claim(claimId)],
        reason: null,
        // The attempt's request id at the fax gateway: the claim, its first attempt, a random part.
        requestId: expect.stringMatching(new RegExp(`^c${claimId}-1-[0-9a-f]{12}$`)),
      }),
    ]);
    // A FAILED claim's attempt was printed too (its fax went to a number that is not a fax).
    expect(await accessRecords(app, { operation: CLAIM_FAX_OPERATION, subject: claim(failedClaims[0]!) })).not.toHaveLength(0);
  });
});
