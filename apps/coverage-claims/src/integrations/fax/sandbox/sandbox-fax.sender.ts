import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { uuidv7 } from '#platform';
import { CoverageClaimsConfig } from '../../../config/coverage-claims.config.js';
import { FaxFailureKind, type FaxDocument, type FaxOutcome, type FaxSender } from '../fax.port.js';
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
 * The `sandbox` fax adapter: sends nothing, takes FAX_SANDBOX_MS_PER_PAGE per page as a line would,
 * fails the magic numbers above, and keeps a record of every transmission (no document) in
 * `sandbox_fax_transmissions`, shared by the replicas.
 */
@Injectable()
export class SandboxFaxSender implements FaxSender {
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

  async send(document: FaxDocument, signal: AbortSignal): Promise<FaxOutcome> {
    const result = await this.transmit(document, signal);
    const jobId = uuidv7();
    await this.transmissions.insert({
      id: jobId,
      reference: document.reference,
      toNumber: document.to,
      pages: document.pages,
      bytes: document.pdf.length,
      result,
    });
    if (result === 'SENT') return { sent: true, jobId };
    return { sent: false, kind: result, message: `${MESSAGES[result]} (sandbox job ${jobId})` };
  }

  private async transmit(document: FaxDocument, signal: AbortSignal): Promise<SandboxFaxResult> {
    if (signal.aborted) return FaxFailureKind.Aborted;
    if (document.pages < 1 || !document.pdf.subarray(0, PDF_SIGNATURE.length).equals(PDF_SIGNATURE)) return FaxFailureKind.Rejected;
    const ending = document.to.slice(-4);
    if (ending === SANDBOX_FAX_NUMBERS.invalid) return FaxFailureKind.InvalidNumber;
    if (ending === SANDBOX_FAX_NUMBERS.alwaysBusy) return FaxFailureKind.Busy;
    if (ending === SANDBOX_FAX_NUMBERS.noAnswer) return FaxFailureKind.NoAnswer;
    if (
      ending === SANDBOX_FAX_NUMBERS.busyTwice &&
      (await this.transmissions.count(document.reference, FaxFailureKind.Busy)) < BUSY_TWICE_TIMES
    )
      return FaxFailureKind.Busy;
    if (this.msPerPage > 0) {
      try {
        await sleep(document.pages * this.msPerPage, undefined, { signal });
      } catch {
        return FaxFailureKind.Aborted;
      }
    }
    return 'SENT';
  }
}

const MESSAGES: Record<FaxFailureKind, string> = {
  [FaxFailureKind.Busy]: 'The line was busy',
  [FaxFailureKind.NoAnswer]: 'No fax machine answered',
  [FaxFailureKind.InvalidNumber]: 'The number is not a fax number in service',
  [FaxFailureKind.Rejected]: 'The gateway refused the document: not a PDF with pages',
  [FaxFailureKind.Unavailable]: 'The gateway could not be reached',
  [FaxFailureKind.Aborted]: 'The transmission was cut off before it ended',
};
