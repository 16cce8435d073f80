import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  AccessRecordSink,
  retryDelayMs as scheduledDelayMs,
  type AccessActor,
  type AccessRecordEntry,
  type DoublingRetrySchedule,
} from '#platform';
import { CoverageClaimsConfig } from '../../config/coverage-claims.config.js';
import {
  FAX_SENDER,
  FaxFailureKind,
  FaxUnavailableError,
  RETRYABLE_FAX_FAILURES,
  type FaxResult,
  type FaxSender,
  type FaxSubmission,
} from '../../integrations/fax/fax.port.js';
import { ClaimDeliveryRepository, type HandOver, type TakenDelivery } from './claim-delivery.repository.js';
import { ClaimDocumentError, ClaimDocumentService, type ClaimDocument } from './claim-document.service.js';

/** The address of a record the service makes itself, with no caller. */
export const SERVICE_ADDRESS = 'internal';

const ATTEMPT_OUT_OF_TIME = 'The attempt ran out of time before the fax was sent';

/** A worker holds its claim this much longer than an attempt may take. */
const LEASE_MARGIN_SECONDS = 60;

/** How long a take holds its claim (the lease): an attempt's time and a minute. */
export function leaseSecondsOf(config: Pick<CoverageClaimsConfig, 'CLAIM_DELIVERY_TIMEOUT_SECONDS'>): number {
  return config.CLAIM_DELIVERY_TIMEOUT_SECONDS + LEASE_MARGIN_SECONDS;
}

/**
 * The request id of an attempt at the fax gateway: the claim and the attempt, for people reading the
 * gateway's records, and a random part, since attempt numbers start again when a FAILED claim is sent
 * again and claim ids again in another database that may share the gateway account. At most 36
 * characters of `[A-Za-z0-9_-]` (Popbill's RequestNum).
 */
function faxRequestId(claimId: number, attempt: number): string {
  return `c${claimId}-${attempt}-${randomBytes(6).toString('hex')}`;
}

/**
 * A claim fax's retries: CLAIM_DELIVERY_RETRY_BASE_MS, doubled with each attempt, at most an hour; no
 * jitter (each claim's fax goes to its own insurer's line). CLAIM_DELIVERY_MAX_ATTEMPTS ends them.
 */
function claimRetrySchedule(baseMs: number): DoublingRetrySchedule {
  return { firstMs: baseMs, maxMs: 3_600_000, jitter: 0 };
}

/** Wait before the attempt after `attempt` (1-based), on the claim schedule. */
export function retryDelayMs(baseMs: number, attempt: number): number {
  return scheduledDelayMs(claimRetrySchedule(baseMs), attempt);
}

/** Who prints a claim's fax: the service itself, on behalf of the planner who filed it (or the admin or operator who sent it again). */
export const CLAIM_DELIVERY_ACTOR: AccessActor = { kind: 'service', id: 'claim-delivery' };

/** The operation a fax print is recorded under (an operation's record names its operationId). */
export const CLAIM_FAX_OPERATION = 'ClaimDelivery_fax';

/**
 * The access record of one attempt's fax (docs/decisions/operators-and-access-records.md, "Coverage
 * claims"): printed by the service, with no client address (no caller), for the claim; the attempt's
 * fax request id ties it to the gateway's records.
 */
function faxPrintRecord(claimId: number, requestId: string): AccessRecordEntry {
  return {
    actor: CLAIM_DELIVERY_ACTOR,
    address: SERVICE_ADDRESS,
    action: 'print',
    operation: CLAIM_FAX_OPERATION,
    subjects: [{ type: 'claim', id: String(claimId) }],
    requestId,
  };
}

/** What stopped an attempt before its fax could be sent: permanent (the claim FAILS) or not (tried again). */
class AttemptFailure extends Error {
  constructor(
    readonly kind: string,
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/**
 * One delivery attempt of a claim a worker has taken: its fax made (ClaimDocumentService: the claim
 * opened, the files read from storage, rendered in the render process), faxed through the port, and
 * the outcome recorded. Reasons name kinds, attachments by position and type, and the
 * gateway's words: never client data.
 */
@Injectable()
export class ClaimDeliveryService {
  private readonly logger = new Logger('ClaimDelivery');

  constructor(
    private readonly deliveries: ClaimDeliveryRepository,
    private readonly documents: ClaimDocumentService,
    @Inject(FAX_SENDER) private readonly fax: FaxSender,
    private readonly config: CoverageClaimsConfig,
    private readonly accessRecords: AccessRecordSink,
  ) {}

  /**
   * Works on the claim for one take. An attempt's fax is rendered and handed to the gateway under a
   * request id written first; the take ends there, and the row comes back after
   * CLAIM_DELIVERY_RESULT_POLL_MS for a result check (`checkResult`), as often as it takes. So a fax
   * the gateway may hold is never sent again, whoever takes the row next: only a result that says it
   * failed leads to a new attempt. `shutdown` aborts when the process stops: work not yet handed over
   * is cut off and released uncounted. Rendering and hand-over are bounded by CLAIM_DELIVERY_TIMEOUT_SECONDS.
   * Resolves to the ms after which the claim is due again for a result check, when it is.
   */
  async deliver(taken: TakenDelivery, shutdown: AbortSignal): Promise<number | void> {
    // As AbortSignal.timeout, but its timer ends with the take (else it lives on for the whole timeout).
    const deadline = new AbortController();
    const timer = setTimeout(
      () => deadline.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
      this.config.CLAIM_DELIVERY_TIMEOUT_SECONDS * 1000,
    ).unref();
    const signal = AbortSignal.any([shutdown, deadline.signal]);
    try {
      if (taken.requestId !== null) return await this.checkResult(taken, taken.requestId, signal, shutdown);
      return await this.send(taken, faxRequestId(taken.claimId, taken.attempt), signal, shutdown);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Renders the claim and hands it to the gateway under `requestId` (a new one, or the attempt's own again). */
  private async send(taken: TakenDelivery, requestId: string, signal: AbortSignal, shutdown: AbortSignal): Promise<number | void> {
    let pages: number;
    let submitted;
    try {
      const document = await this.render(taken, signal);
      if (document === null) return; // The claim is gone (its customer deleted): nothing to send.
      if (signal.aborted) throw new AttemptFailure(FaxFailureKind.Aborted, ATTEMPT_OUT_OF_TIME, true);
      // The fax is printed for the gateway: on record before it can leave (a record that cannot be
      // written fails the attempt, tried again), as an operation's record is before its answer.
      await this.accessRecords.append(faxPrintRecord(taken.claimId, requestId));
      // The request id is written, and the lease renewed, before the hand-over. Rendering takes a
      // while: a claim deleted with its customer meanwhile, or whose lease ran out (another worker may
      // be taking it), is not sent from here.
      if (!(await this.deliveries.recordRequest(taken, requestId, this.leaseSeconds))) {
        this.logger.warn(
          { claimId: taken.claimId, attempt: taken.attempt },
          'Claim fax not sent: the claim is gone or no longer this take’s',
        );
        return;
      }
      pages = document.pages;
      const document_ = {
        to: document.to,
        pdf: document.pdf,
        pages,
        reference: `claim-${taken.claimId}`,
        title: `보험금 청구서 ${taken.claimId}`,
      };
      // From here the request id is the attempt's: whatever the hand-over does, even throw, leaves the
      // gateway possibly holding the fax, so it is never an attempt failure (a new id) but a doubt.
      submitted = await this.fax.submit(document_, requestId, signal).catch((error: unknown): FaxSubmission => ({
        outcome: 'UNCONFIRMED',
        message: `The hand-over failed (${error instanceof Error ? error.name : 'unknown'}; a bug of the adapter, logged)`,
      }));
    } catch (error) {
      if (error instanceof AttemptFailure) {
        if (error.kind === FaxFailureKind.Aborted && shutdown.aborted) await this.release(taken);
        else await this.recordFailure(taken, error.kind, error.message, error.retryable);
        return;
      }
      // Anything else (a key that cannot open the claim, a bug, the database) is tried again with the
      // backoff and ends FAILED after the last attempt, rather than coming back with every lease.
      this.logger.error(
        { claimId: taken.claimId, attempt: taken.attempt, error: error instanceof Error ? error.name : 'unknown' },
        'Preparing a claim fax failed',
      );
      await this.recordFailure(taken, 'INTERNAL_ERROR', 'The claim could not be prepared for faxing (an internal error, logged)', true);
      return;
    }
    const context = { claimId: taken.claimId, attempt: taken.attempt, faxRequestId: requestId, pages };
    switch (submitted.outcome) {
      case 'ACCEPTED':
        this.logger.log({ ...context, receiptId: submitted.receiptId }, 'Claim fax handed to the gateway');
        return this.awaitResult(taken, submitted.receiptId, { requestId, pages, confirmed: true });
      case 'UNCONFIRMED':
        // It may have gone through: the result check tells, and sends it again (same id) only if not.
        this.logger.warn({ ...context, reason: submitted.message }, 'Claim fax hand-over unconfirmed; its result will be checked');
        return this.awaitResult(taken, null, { requestId, pages, confirmed: false, message: submitted.message });
      case 'REFUSED':
        return this.recordFailure(taken, submitted.kind, submitted.message, RETRYABLE_FAX_FAILURES.has(submitted.kind), requestId);
    }
  }

  /** Asks the gateway how the attempt's transmission stands, and records what it says. */
  private async checkResult(taken: TakenDelivery, requestId: string, signal: AbortSignal, shutdown: AbortSignal): Promise<number | void> {
    let result: FaxResult;
    try {
      result = await this.fax.resultOf(requestId, signal);
    } catch (error) {
      if (!(error instanceof FaxUnavailableError)) throw error;
      if (shutdown.aborted) return this.release(taken);
      this.logger.warn(
        { claimId: taken.claimId, attempt: taken.attempt, faxRequestId: requestId },
        'Claim fax result check got no answer; asking again later',
      );
      return this.awaitResultOrGiveUp(taken, requestId);
    }
    const context = { claimId: taken.claimId, attempt: taken.attempt, faxRequestId: requestId };
    switch (result.state) {
      case 'SENT':
        if (await this.deliveries.markSent(taken, result.jobId)) this.logger.log({ ...context, faxJobId: result.jobId }, 'Claim faxed');
        else this.lostLease(taken);
        return;
      case 'FAILED':
        return this.recordFailure(taken, result.kind, result.message, RETRYABLE_FAX_FAILURES.has(result.kind));
      case 'PENDING':
        return this.awaitResultOrGiveUp(taken, requestId);
      case 'UNKNOWN': {
        // The gateway never got it (the hand-over was cut off, or this process stopped before it):
        // hand it over again under the same id, which the gateway takes at most once.
        if (taken.receiptId !== null) {
          // It gave a receipt, so it has the fax: its records are behind; ask again later (within the wait).
          return this.awaitResultOrGiveUp(taken, requestId);
        }
        // Each hand-over again counts as an attempt, so one that never gets through ends, FAILED and
        // not sent under another id (one of them may yet have arrived).
        const maxAttempts = this.config.CLAIM_DELIVERY_MAX_ATTEMPTS;
        if (taken.attempt >= maxAttempts) {
          const reason = `UNCONFIRMED: The gateway never confirmed holding the fax (request ${requestId}) after ${taken.attempt} hand-overs; not sent again, since one may yet arrive`;
          if (await this.deliveries.markFailed(taken, reason)) this.logger.warn({ ...context, kind: 'UNCONFIRMED' }, 'Claim fax FAILED');
          else this.lostLease(taken);
          return;
        }
        const again = await this.deliveries.countHandOverAgain(taken);
        if (!again) return this.lostLease(taken);
        return this.send(again, requestId, signal, shutdown);
      }
    }
  }

  /**
   * Due again for a result check, unless CLAIM_DELIVERY_RESULT_MAX_WAIT_HOURS have passed since the
   * hand-over: then FAILED (RESULT_UNKNOWN), and not sent again, since it may have arrived.
   */
  private async awaitResultOrGiveUp(taken: TakenDelivery, requestId: string): Promise<number | void> {
    const hours = this.config.CLAIM_DELIVERY_RESULT_MAX_WAIT_HOURS;
    if (taken.submittedAt === null || Date.now() - new Date(taken.submittedAt).getTime() <= hours * 3_600_000)
      return this.awaitResult(taken, null);
    const reason = `RESULT_UNKNOWN: The gateway took the fax (request ${requestId}) but gave no final result in ${hours} h; not sent again, since it may have arrived`;
    if (await this.deliveries.markFailed(taken, reason))
      this.logger.warn(
        { claimId: taken.claimId, attempt: taken.attempt, faxRequestId: requestId, kind: 'RESULT_UNKNOWN' },
        'Claim fax FAILED',
      );
    else this.lostLease(taken);
  }

  private get leaseSeconds(): number {
    return leaseSecondsOf(this.config);
  }

  /** Frees the worker's slot: the row is due for a result check after CLAIM_DELIVERY_RESULT_POLL_MS. */
  private async awaitResult(taken: TakenDelivery, receiptId: string | null, handOver?: HandOver): Promise<number | void> {
    const delayMs = this.config.CLAIM_DELIVERY_RESULT_POLL_MS;
    if (await this.deliveries.awaitResult(taken, receiptId, delayMs, handOver)) return delayMs;
    this.lostLease(taken);
  }

  /** The claim's fax (null when the claim no longer exists); AttemptFailure when it cannot be made. */
  private async render(taken: TakenDelivery, signal: AbortSignal): Promise<ClaimDocument | null> {
    try {
      return await this.documents.render(taken.claimId, signal);
    } catch (error) {
      if (!(error instanceof ClaimDocumentError)) throw error;
      if (error.kind === FaxFailureKind.Aborted) throw new AttemptFailure(FaxFailureKind.Aborted, ATTEMPT_OUT_OF_TIME, true);
      throw new AttemptFailure(error.kind, error.message, error.retryable);
    }
  }

  /** `requestId`: the attempt's at the gateway, when the failure came from it. */
  private async recordFailure(
    taken: TakenDelivery,
    kind: string,
    message: string,
    retryable: boolean,
    requestId = taken.requestId,
  ): Promise<void> {
    const maxAttempts = this.config.CLAIM_DELIVERY_MAX_ATTEMPTS;
    const reason = `${kind}: ${message}`;
    const context = { claimId: taken.claimId, attempt: taken.attempt, kind };
    if (retryable && taken.attempt < maxAttempts) {
      const delayMs = retryDelayMs(this.config.CLAIM_DELIVERY_RETRY_BASE_MS, taken.attempt);
      if (await this.deliveries.scheduleRetry(taken, delayMs, `${reason} (attempt ${taken.attempt} of ${maxAttempts})`, requestId))
        this.logger.warn({ ...context, retryInMs: delayMs }, 'Claim fax attempt failed; it will be tried again');
      else this.lostLease(taken);
      return;
    }
    const ended = retryable ? `${reason} (gave up after ${taken.attempt} attempts)` : reason;
    if (await this.deliveries.markFailed(taken, ended.slice(0, 500), requestId)) this.logger.warn(context, 'Claim fax FAILED');
    else this.lostLease(taken);
  }

  /** Cut off by the shutdown: released uncounted, due at once for another replica. */
  private async release(taken: TakenDelivery): Promise<void> {
    await this.deliveries.release(taken);
    this.logger.warn({ claimId: taken.claimId, attempt: taken.attempt }, 'Claim fax cut off by the shutdown; released for another worker');
  }

  /** The lease ran out and another worker took the claim: its outcome is the one recorded. */
  private lostLease(taken: TakenDelivery): void {
    this.logger.warn(
      { claimId: taken.claimId, attempt: taken.attempt },
      'Claim delivery outcome not recorded: the attempt was no longer this worker’s',
    );
  }
}
