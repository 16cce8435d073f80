import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { PDFDocument } from '@cantoo/pdf-lib';
import {
  FaxFailureKind,
  RETRYABLE_FAX_FAILURES,
  type FaxDocument,
  type FaxResult,
  type FaxSender,
} from '../../src/integrations/fax/fax.port.js';

/**
 * What every adapter of the fax port must do, whichever gateway is behind it: the claim delivery cannot
 * tell them apart. `describeFaxPortContract` runs the same tests against one adapter; the harness says
 * how to reach it (built in the caller's beforeAll, so every member is read inside the tests).
 */
export interface FaxPortHarness {
  /** The adapter under test. */
  sender(): FaxSender;
  /** Fax numbers this adapter's gateway treats as: receiving, always busy, not a fax number in service. */
  numbers(): { fine: string; busy: string; invalid: string };
  /** How many transmissions the gateway holds (or made) under a request id. */
  transmissionsOf(requestId: string): number | Promise<number>;
  /** How long a one-page transmission may take to end, in ms (10,000 unless given). */
  settleWithinMs?: number;
}

/** A one-page A4 PDF, as the claim renderer would hand over (without its content). */
export async function onePagePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595.28, 841.89]);
  return Buffer.from(await pdf.save());
}

/** A request id no test has used: the port's ids are never reused. */
export function newRequestId(prefix = 'contract'): string {
  return `${prefix}-${randomUUID().replaceAll('-', '').slice(0, 24)}`;
}

/** Asks `resultOf` until the transmission is no longer PENDING, or the time is up (then the last answer). */
export async function settledResult(sender: FaxSender, requestId: string, withinMs = 10_000): Promise<FaxResult> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const result = await sender.resultOf(requestId, AbortSignal.timeout(5_000));
    if (result.state !== 'PENDING' || Date.now() > deadline) return result;
    await sleep(20);
  }
}

export function describeFaxPortContract(name: string, harness: FaxPortHarness): void {
  describe(`fax port contract: ${name}`, () => {
    let pdf: Buffer;

    beforeAll(async () => {
      pdf = await onePagePdf();
    });

    const document = (to: string, requestId: string, body = pdf): FaxDocument => ({
      to,
      pdf: body,
      pages: 1,
      reference: `claim-${requestId}`,
      title: `보험금 청구서 ${requestId}`,
    });
    const submit = (to: string, requestId: string, body?: Buffer) =>
      harness.sender().submit(document(to, requestId, body), requestId, AbortSignal.timeout(30_000));
    const settle = (requestId: string) => settledResult(harness.sender(), requestId, harness.settleWithinMs);

    it('accepts a fax to a number that receives it, and its result ends SENT with the gateway’s id', async () => {
      const requestId = newRequestId();
      const submitted = await submit(harness.numbers().fine, requestId);
      expect(submitted).toEqual({ outcome: 'ACCEPTED', receiptId: expect.any(String) });
      expect(await settle(requestId)).toEqual({ state: 'SENT', jobId: expect.any(String) });
      expect(await harness.transmissionsOf(requestId)).toBe(1);
    });

    it('ends a fax to a busy line FAILED BUSY, a failure worth another try', async () => {
      const requestId = newRequestId();
      expect(await submit(harness.numbers().busy, requestId)).toMatchObject({ outcome: 'ACCEPTED' });
      expect(await settle(requestId)).toEqual({ state: 'FAILED', kind: FaxFailureKind.Busy, message: expect.any(String) });
      expect(RETRYABLE_FAX_FAILURES.has(FaxFailureKind.Busy)).toBe(true);
    });

    it('ends a fax to a number that is not a fax number FAILED INVALID_NUMBER, a failure not worth another try', async () => {
      const requestId = newRequestId();
      const submitted = await submit(harness.numbers().invalid, requestId);
      // A gateway may refuse the number at once or fail the transmission: either way, INVALID_NUMBER.
      if (submitted.outcome === 'REFUSED') expect(submitted.kind).toBe(FaxFailureKind.InvalidNumber);
      else {
        expect(submitted.outcome).toBe('ACCEPTED');
        expect(await settle(requestId)).toEqual({ state: 'FAILED', kind: FaxFailureKind.InvalidNumber, message: expect.any(String) });
      }
      expect(RETRYABLE_FAX_FAILURES.has(FaxFailureKind.InvalidNumber)).toBe(false);
    });

    it('sends a request id once: submitting it again answers the first receipt and transmits nothing more', async () => {
      const requestId = newRequestId();
      const first = await submit(harness.numbers().fine, requestId);
      expect(first).toMatchObject({ outcome: 'ACCEPTED' });
      expect(await submit(harness.numbers().fine, requestId)).toEqual(first);
      await settle(requestId);
      expect(await submit(harness.numbers().fine, requestId)).toEqual(first);
      expect(await harness.transmissionsOf(requestId)).toBe(1);
    });

    it('answers UNKNOWN for a request id the gateway never received', async () => {
      expect(await harness.sender().resultOf(newRequestId('never'), AbortSignal.timeout(5_000))).toEqual({ state: 'UNKNOWN' });
    });

    it('refuses a document that is not a PDF (REJECTED, not worth another try) and holds nothing under its id', async () => {
      const requestId = newRequestId();
      const submitted = await submit(harness.numbers().fine, requestId, Buffer.from('GIF89a: not a PDF'));
      expect(submitted).toEqual({ outcome: 'REFUSED', kind: FaxFailureKind.Rejected, message: expect.any(String) });
      expect(RETRYABLE_FAX_FAILURES.has(FaxFailureKind.Rejected)).toBe(false);
      expect(await harness.transmissionsOf(requestId)).toBe(0);
      expect(await harness.sender().resultOf(requestId, AbortSignal.timeout(5_000))).toEqual({ state: 'UNKNOWN' });
    });
  });
}
