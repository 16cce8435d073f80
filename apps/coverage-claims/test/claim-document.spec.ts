import { randomBytes } from 'node:crypto';
import { PDFDocument } from '@cantoo/pdf-lib';
import type { ProblemDto } from '#contracts';
import { pdfPages } from '../../../test/support/pdf-text.js';
import { startCoverageClaims, withToken, type CoverageClaimsTestApp } from './support/coverage-claims.js';
import { deliveryState, fileClaim, fixture, startReplica, upload, waitForDelivery } from './support/claim-delivery.js';
import { claimBody } from './support/claim-body.js';
import { given, type Team } from './support/given.js';

/**
 * GET /api/v1/claim/requests/{claimReqId}/document (docs/decisions/claims.md, "The document"): the
 * claim's fax, for whoever sees the claim in the history. The filing replica runs no delivery worker,
 * so a claim stays RECEIVED until a delivering replica is started on the same database and files.
 */
describe('claim document: the fax of a claim, before and after it is sent', () => {
  const INSURER = { code: 'N03', fax: '05051811234' };
  let app: CoverageClaimsTestApp;
  /** Started by the first test; it runs until the end. */
  let delivering: CoverageClaimsTestApp | undefined;
  let team: Team;

  beforeAll(async () => {
    app = await startCoverageClaims({ env: { CLAIM_DELIVERY_ENABLED: 'false' } });
    team = await given(app).team('청구서 에셋');
    await given(app).insurerFax(INSURER.code, INSURER.fax);
  });
  afterAll(async () => {
    await delivering?.close();
    await app.close();
  });

  const document = (token: string, claimReqId: number | string) =>
    withToken(app, token)
      .get(`/api/v1/claim/requests/${claimReqId}/document`)
      .buffer(true)
      .parse((response, callback) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => callback(null, Buffer.concat(chunks)));
      });
  const problemOf = (body: unknown) => JSON.parse((body as Buffer).toString('utf8')) as ProblemDto;
  /** A claim of the team's planner with a receipt photo, a scanned page and a two-page PDF. */
  const claimWithEvidence = async () => {
    const token = team.planner.accessToken;
    const fileIds = [
      await upload(app, token, await fixture('claim-receipt-photo.jpg'), 'image/jpeg'),
      await upload(app, token, await fixture('claim-diagnosis-scan.png'), 'image/png'),
      await upload(app, token, await fixture('claim-diagnosis.pdf'), 'application/pdf'),
    ];
    return fileClaim(app, token, claimBody(INSURER.code, { fileIds, bankAccount: '110987654321' }));
  };

  it('gives the filing planner the fax before it is sent and the same bytes after, as the gateway got them; an ORG_ADMIN too', async () => {
    const claimId = await claimWithEvidence();
    const before = await document(team.planner.accessToken, claimId).expect(200);
    expect(await deliveryState(app, claimId)).toMatchObject({ status: 'RECEIVED', attempts: 0 });
    expect(before.headers['content-type']).toBe('application/pdf');
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.headers['content-disposition']).toBe(`attachment; filename="claim-${claimId}.pdf"`);
    const pdf = before.body as Buffer;
    const pages = (await pdfPages(pdf)).map((page) => page.text);
    // the form, the consent, the photo, the scan and the PDF's two pages
    expect(pages).toHaveLength(6);
    for (const text of ['보험금 청구서', `청구번호 ${claimId}`, '홍길동', '1985.03.14', '010-1234-5678', '110987654321', '발목 골절']) {
      expect(pages[0]).toContain(text);
    }
    expect(pages[0]).toMatch(/작성 \d{4}\.\d{2}\.\d{2} \d{2}:\d{2} \(KST\)/);
    expect(pages[1]).toContain('개인정보 수집·이용 및 제공 동의');
    expect(pages[5]).toContain('첨부 3 / 3 · PDF 2 / 2쪽');

    // an ORG_ADMIN of the organisation reads the same document
    expect((await document(team.admin.accessToken, claimId).expect(200)).body).toEqual(pdf);

    delivering = await startReplica(app);
    expect(await waitForDelivery(delivering, claimId)).toMatchObject({ status: 'SENT' });
    const after = (await document(team.planner.accessToken, claimId).expect(200)).body as Buffer;
    expect(after.equals(pdf)).toBe(true);
    // what the gateway was handed: as many bytes and pages (the sandbox keeps no document)
    const [sent] = await app.dataSource.query<Array<{ bytes: number; pages: number }>>(
      `SELECT bytes, pages FROM sandbox_fax_transmissions WHERE reference = $1 AND result = 'SENT'`,
      [`claim-${claimId}`],
    );
    expect(sent).toEqual({ bytes: after.length, pages: (await PDFDocument.load(after)).getPageCount() });
  });

  it('answers 404 CLAIM_NOT_FOUND, the problem of an unknown claim, to another planner, another organisation’s admin and for an unknown id', async () => {
    const claimId = await fileClaim(app, team.planner.accessToken, claimBody(INSURER.code));
    const unknown = 2_000_000_000;
    const answers = [
      await document(team.otherPlanner.accessToken, claimId).expect(404),
      await document(team.outsiderAdmin.accessToken, claimId).expect(404),
      await document(team.admin.accessToken, unknown).expect(404),
    ];
    for (const answer of answers) expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
    const [otherPlanner, outsider, missing] = answers.map((answer) => problemOf(answer.body));
    const asUnknown = (problem: ProblemDto, id: number) => ({ ...problem, requestId: '', detail: problem.detail.replace(String(id), 'N') });
    expect(asUnknown(otherPlanner!, claimId)).toEqual(asUnknown(missing!, unknown));
    expect(asUnknown(outsider!, claimId)).toEqual(asUnknown(missing!, unknown));
    expect(missing).toMatchObject({ status: 404, code: 'CLAIM_NOT_FOUND' });
    // the claim operations' own answer for an unknown claim
    const resend = (await withToken(app, team.admin.accessToken).post(`/api/v1/claim/requests/${unknown}/resend`).expect(404))
      .body as ProblemDto;
    expect(asUnknown(resend, unknown)).toEqual(asUnknown(missing!, unknown));
    // the filer still reads it
    await document(team.planner.accessToken, claimId).expect(200);
  });

  it('answers 400 naming claimReqId when it is not an id', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '2147483648']) {
      const answer = await document(team.planner.accessToken, id).expect(400);
      expect(problemOf(answer.body)).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'claimReqId' }] });
    }
  });

  it('answers 400 naming claimReqId for every spelling of an id but plain decimal digits (hex, sign, spaces, leading zero, exponent)', async () => {
    const token = team.planner.accessToken;
    const claimId = await fileClaim(app, token, claimBody(INSURER.code));
    await document(token, claimId).expect(200);
    const spellings = [
      `0x${claimId.toString(16)}`,
      `+${claimId}`,
      `%20${claimId}`,
      `${claimId}%20`,
      `0${claimId}`,
      `${claimId}e0`,
      `%09${claimId}`,
      `${claimId}.0`,
      `0b${claimId.toString(2)}`,
      `0o${claimId.toString(8)}`,
      '1e3',
      '0x1',
    ];
    for (const id of spellings) {
      const answer = await document(token, id);
      expect({ id, status: answer.status }).toEqual({ id, status: 400 });
      expect(problemOf(answer.body)).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [{ field: 'claimReqId', message: 'must be an integer from 1 to 2147483647' }],
      });
    }
  });

  it('answers 422 CLAIM_DOCUMENT_UNRENDERABLE, naming the attachment by position and type, for a claim whose fax cannot be made', async () => {
    const token = team.planner.accessToken;
    const broken = await upload(app, token, randomBytes(1200), 'application/pdf');
    const claimId = await fileClaim(app, token, claimBody(INSURER.code, { fileIds: [broken] }));
    const problem = problemOf((await document(token, claimId).expect(422)).body);
    expect(problem).toMatchObject({
      code: 'CLAIM_DOCUMENT_UNRENDERABLE',
      detail: `Claim ${claimId}'s fax cannot be made: ATTACHMENT_UNREADABLE: Attachment 1 (application/pdf) could not be read as a PDF`,
    });
  });
});
