import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ClaimPresignedUploadDto, ClaimReceiptDto } from '#contracts';
import type { ClaimFormContent } from '../../src/claims/delivery/claim-pdf.js';
import type { TestAppOptions } from '../../../../test/support/test-app.js';
import { startCoverageClaims, withToken, type CoverageClaimsTestApp } from './coverage-claims.js';

/** A fixture of apps/coverage-claims/test/fixtures (a receipt photo, a scanned page, a two-page PDF with a landscape page). */
export const fixture = (name: 'claim-receipt-photo.jpg' | 'claim-diagnosis-scan.png' | 'claim-diagnosis.pdf') =>
  readFile(path.resolve('apps/coverage-claims/test/fixtures', name));

/**
 * Quick delivery: the sandbox fax takes 5 ms a page, the outbox worker polls every 20 ms and checks a
 * handed-over fax's result 20 ms after.
 */
export const QUICK_DELIVERY = { FAX_SANDBOX_MS_PER_PAGE: '5', CLAIM_DELIVERY_POLL_MS: '20', CLAIM_DELIVERY_RESULT_POLL_MS: '20' };

/**
 * Another replica of `filing`'s service: on its database and its files, its worker delivering
 * quickly (`options.env` on top). Closing it leaves the database to `filing`.
 */
export function startReplica(filing: CoverageClaimsTestApp, options: TestAppOptions = {}): Promise<CoverageClaimsTestApp> {
  return startCoverageClaims({
    ...options,
    databaseUrl: filing.databaseUrl,
    env: { DATA_DIR: filing.config.DATA_DIR, ...QUICK_DELIVERY, ...options.env },
  });
}

/** Presigns and uploads `bytes` as the planner; the file id. */
export async function upload(
  app: CoverageClaimsTestApp,
  token: string,
  bytes: Buffer,
  mimeType: string,
  originalName = '서류',
): Promise<string> {
  const presigned = (
    await withToken(app, token).post('/api/v1/files/presigned').send({ originalName, mimeType, size: bytes.length }).expect(200)
  ).body as ClaimPresignedUploadDto;
  const put = await fetch(presigned.uploadUrl, { method: 'PUT', headers: { 'content-type': mimeType }, body: bytes });
  if (put.status !== 204) throw new Error(`upload answered ${put.status}`);
  return presigned.fileId;
}

export async function fileClaim(app: CoverageClaimsTestApp, token: string, body: Record<string, unknown>): Promise<number> {
  return ((await withToken(app, token).post('/api/v1/claim/requests').send(body).expect(201)).body as ClaimReceiptDto).claimReqId;
}

export interface ClaimDeliveryState {
  status: string;
  statusReason: string | null;
  faxJobId: string | null;
  sentAt: Date | null;
  /** The outbox row's attempts, null once it is gone. */
  attempts: number | null;
  /** The outbox row's request id at the fax gateway (written before the hand-over), and the gateway's receipt. */
  requestId: string | null;
  receiptId: string | null;
}

export async function deliveryState(app: CoverageClaimsTestApp, claimId: number): Promise<ClaimDeliveryState> {
  const [row] = (await app.dataSource.query(
    `SELECT c.status, c.status_reason AS "statusReason", c.fax_job_id AS "faxJobId", c.sent_at AS "sentAt", d.attempts,
       d.request_id AS "requestId", d.receipt_id AS "receiptId"
     FROM claims c LEFT JOIN claim_deliveries d ON d.claim_id = c.id WHERE c.id = $1`,
    [claimId],
  )) as ClaimDeliveryState[];
  if (!row) throw new Error(`claim ${claimId} does not exist`);
  return row;
}

/** Waits (polling every 25 ms, up to `timeoutMs`) until `done` holds for the claim's state, and returns it. */
export async function waitForDelivery(
  app: CoverageClaimsTestApp,
  claimId: number,
  done: (state: ClaimDeliveryState) => boolean = (state) => state.status === 'SENT' || state.status === 'FAILED',
  timeoutMs = 20_000,
): Promise<ClaimDeliveryState> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const state = await deliveryState(app, claimId);
    if (done(state)) return state;
    if (Date.now() > until) throw new Error(`claim ${claimId} did not get there: ${JSON.stringify(state)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The sandbox gateway's record of a claim's transmissions, oldest first. */
export async function transmissionsOf(
  app: CoverageClaimsTestApp,
  claimId: number,
): Promise<Array<{ id: string; result: string; pages: number; toNumber: string }>> {
  return (await app.dataSource.query(
    `SELECT id, result, pages, to_number AS "toNumber" FROM sandbox_fax_transmissions WHERE reference = $1 ORDER BY created_at, id`,
    [`claim-${claimId}`],
  )) as Array<{ id: string; result: string; pages: number; toNumber: string }>;
}

/** The content of a claim's fax with as little in it as a claim may have (no attachment listed, no terms): for the renderer's own tests. */
export function minimalClaimForm(claimReqId: number): ClaimFormContent {
  return {
    claimReqId,
    claimDate: '2026-11-23',
    insurerName: '삼성화재',
    insurerFax: '05051811234',
    organisationName: '청구 에셋',
    plannerName: '김설계',
    client: { name: '홍길동', birthday: '19850314', tel: '01012345678', jobName: '사무직', welfare: false },
    event: { typeLabel: '상해', date: '2026-11-02', place: null, text: '골절' },
    bank: null,
    directDebitAccount: false,
    callback: { whoLabel: '고객 본인', name: '홍길동', tel: '01012345678' },
    memo: '',
    terms: [],
    filedAt: new Date('2026-11-23T03:04:05Z'),
  };
}
