import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { uuidv7 } from '#platform';
import { CoverageClaimsConfig } from '../../../config/coverage-claims.config.js';
import {
  FAX_REQUEST_ID,
  FaxFailureKind,
  FaxUnavailableError,
  type FaxDocument,
  type FaxResult,
  type FaxSender,
  type FaxSubmission,
} from '../fax.port.js';
import type { SandboxFaxResult } from './entities/sandbox-fax-transmission.entity.js';
import { SandboxFaxRepository } from './sandbox-fax.repository.js';

/**
 * The sandbox's magic fax numbers, by their last four digits (docs/decisions/claims.md, "Delivery"). Any other
 * number receives every document.
 */
export const SANDBOX_FAX_NUMBERS = {
  /** Always busy. */
  alwaysBusy: '0001',
  /** Busy for the first two transmissions of a reference, then received. */
  busyTwice: '0002',
  /** Not a fax number in service: a permanent failure. */
  invalid: '0003',
  /** Never answers. */
  noAnswer: '0004',
} as const;

const BUSY_TWICE_TIMES = 2;
const PDF_SIGNATURE = Buffer.from('%PDF-');

/**
 * The `sandbox` fax adapter: sends nothing, keeps a record of every transmission (no document) in
 * `sandbox_fax_transmissions`, shared by the replicas, and behaves as a gateway does: a hand-over is
 * answered at once (ACCEPTED, or REFUSED for what is not a PDF with pages), the same request id is
 * never taken twice, and the result shows after FAX_SANDBOX_MS_PER_PAGE per page (the line's time),
 * decided by the magic numbers above.
 */
@Injectable()
export class SandboxFaxAdapter implements FaxSender {
  private readonly msPerPage: number;

  constructor(
    private readonly transmissions: SandboxFaxRepository,
    config: CoverageClaimsConfig,
  ) {
    this.msPerPage = config.FAX_SANDBOX_MS_PER_PAGE;
  }

  forget(tx: EntityManager, references: string[]): Promise<void> {
    return this.transmissions.deleteByReferences(tx, references);
  }

  async submit(document: FaxDocument, requestId: string, signal: AbortSignal): Promise<FaxSubmission> {
    if (signal.aborted) return { outcome: 'UNCONFIRMED', message: 'The hand-over was cut off before the gateway answered' };
    if (!FAX_REQUEST_ID.test(requestId)) throw new Error('A fax request id is 1 to 36 characters [A-Za-z0-9_-]');
    if (document.pages < 1 || !document.pdf.subarray(0, PDF_SIGNATURE.length).equals(PDF_SIGNATURE))
      return { outcome: 'REFUSED', kind: FaxFailureKind.Rejected, message: MESSAGES[FaxFailureKind.Rejected] };
    const receiptId = await this.transmissions.insertOnce(
      {
        id: uuidv7(),
        requestId,
        reference: document.reference,
        toNumber: document.to,
        pages: document.pages,
        bytes: document.pdf.length,
        result: await this.resultFor(document),
      },
      document.pages * this.msPerPage,
    );
    return { outcome: 'ACCEPTED', receiptId };
  }

  async resultOf(requestId: string, signal: AbortSignal): Promise<FaxResult> {
    if (signal.aborted) throw new FaxUnavailableError('The result check was cut off');
    const transmission = await this.transmissions.findByRequest(requestId);
    if (!transmission) return { state: 'UNKNOWN' };
    if (!transmission.completed) return { state: 'PENDING' };
    if (transmission.result === 'SENT') return { state: 'SENT', jobId: transmission.id };
    return { state: 'FAILED', kind: transmission.result, message: `${MESSAGES[transmission.result]} (sandbox job ${transmission.id})` };
  }

  /** How the transmission will end, by the number's magic ending. */
  private async resultFor(document: FaxDocument): Promise<SandboxFaxResult> {
    const ending = document.to.slice(-4);
    if (ending === SANDBOX_FAX_NUMBERS.invalid) return FaxFailureKind.InvalidNumber;
    if (ending === SANDBOX_FAX_NUMBERS.alwaysBusy) return FaxFailureKind.Busy;
    if (ending === SANDBOX_FAX_NUMBERS.noAnswer) return FaxFailureKind.NoAnswer;
    if (
      ending === SANDBOX_FAX_NUMBERS.busyTwice &&
      (await this.transmissions.count(document.reference, FaxFailureKind.Busy)) < BUSY_TWICE_TIMES
    )
      return FaxFailureKind.Busy;
    return 'SENT';
  }
}

const MESSAGES: Record<FaxFailureKind, string> = {
  [FaxFailureKind.Busy]: 'The line was busy',
  [FaxFailureKind.NoAnswer]: 'No fax machine answered',
  [FaxFailureKind.InvalidNumber]: 'The number is not a fax number in service',
  [FaxFailureKind.Rejected]: 'The gateway refused the document: not a PDF with pages',
  [FaxFailureKind.Unavailable]: 'The gateway could not be reached',
  [FaxFailureKind.AccountRefused]: 'The gateway refused the account',
  [FaxFailureKind.Aborted]: 'The transmission was cut off before it ended',
};
