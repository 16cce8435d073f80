import { Inject, Injectable, Logger } from '@nestjs/common';
import { CLAIM_CALLBACK_WHO_LABELS, CLAIM_EVENT_TYPE_LABELS } from '#contracts';
import { StoredBytesMissingError } from '#platform';
import { CoverageClaimsConfig } from '../../config/coverage-claims.config.js';
import { FAX_SENDER, FaxFailureKind, RETRYABLE_FAX_FAILURES, type FaxOutcome, type FaxSender } from '../../integrations/fax/fax.port.js';
import { FilesService } from '../../files/files.service.js';
import { ClaimCipher } from '../claim-cipher.js';
import { ClaimsRepository } from '../claims.repository.js';
import type { ClaimAttachment, RenderedClaim } from './claim-pdf.js';
import { ClaimDeliveryRepository, type TakenDelivery } from './claim-delivery.repository.js';
import { ClaimRenderError, ClaimRenderer } from './claim-renderer.js';

const ATTEMPT_OUT_OF_TIME = 'The attempt ran out of time before the fax was sent';

/** The longest wait between two attempts. */
const MAX_RETRY_DELAY_MS = 3_600_000;

/** Wait before the attempt after `attempt` (1-based): the base, doubled with each attempt, at most an hour. */
export function retryDelayMs(baseMs: number, attempt: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** (attempt - 1));
}

/** The kind of a render's failure (claim-renderer.ts), and whether it is worth another attempt. */
const RENDER_FAILURES: Record<Exclude<ClaimRenderError['reason'], 'aborted'>, { kind: string; retryable: boolean }> = {
  unreadable: { kind: 'ATTACHMENT_UNREADABLE', retryable: false },
  'too-large': { kind: 'ATTACHMENT_TOO_LARGE', retryable: false },
  'too-long': { kind: 'TOO_MANY_PAGES', retryable: false },
  // Memory or time ran out, or the thread crashed: maybe a passing shortage, so tried again with the
  // backoff; a claim that defeats the render every time ends FAILED after the last attempt.
  'thread-failed': { kind: 'RENDER_FAILED', retryable: true },
};

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
 * One delivery attempt of a claim a worker has taken: its parts read (the claim opened, the files
 * from storage), rendered to the fax's PDF (in the render thread: claim-renderer.ts), faxed through
 * the port, and the outcome recorded. Reasons name kinds, attachments by position and type, and the
 * gateway's words: never client data.
 */
@Injectable()
export class ClaimDeliveryService {
  private readonly logger = new Logger('ClaimDelivery');

  constructor(
    private readonly deliveries: ClaimDeliveryRepository,
    private readonly claims: ClaimsRepository,
    private readonly cipher: ClaimCipher,
    private readonly files: FilesService,
    @Inject(FAX_SENDER) private readonly fax: FaxSender,
    private readonly renderer: ClaimRenderer,
    private readonly config: CoverageClaimsConfig,
  ) {}

  /**
   * Makes the attempt. `shutdown` aborts when the process stops: the transmission is cut off and the
   * attempt released uncounted. The attempt as a whole is bounded by CLAIM_DELIVERY_TIMEOUT_SECONDS.
   */
  async deliver(taken: TakenDelivery, shutdown: AbortSignal): Promise<void> {
    const signal = AbortSignal.any([shutdown, AbortSignal.timeout(this.config.CLAIM_DELIVERY_TIMEOUT_SECONDS * 1000)]);
    let outcome: FaxOutcome;
    let pages: number;
    try {
      const document = await this.render(taken, signal);
      if (document === null) return; // The claim is gone (its customer deleted): nothing to send.
      // Rendering takes a while: a claim deleted with its customer meanwhile, or taken by another
      // worker once this one's lease ran out, is not sent from here.
      if (!(await this.deliveries.isCurrent(taken))) {
        this.logger.warn(
          { claimId: taken.claimId, attempt: taken.attempt },
          'Claim fax not sent: the claim is gone or no longer this attempt’s',
        );
        return;
      }
      pages = document.pages;
      outcome = signal.aborted
        ? { sent: false, kind: FaxFailureKind.Aborted, message: ATTEMPT_OUT_OF_TIME }
        : await this.fax.send({ to: document.to, pdf: document.pdf, pages, reference: `claim-${taken.claimId}` }, signal);
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
    if (outcome.sent) {
      if (await this.deliveries.markSent(taken, outcome.jobId))
        this.logger.log({ claimId: taken.claimId, attempt: taken.attempt, pages, faxJobId: outcome.jobId }, 'Claim faxed');
      else this.lostLease(taken);
      return;
    }
    if (outcome.kind === FaxFailureKind.Aborted && shutdown.aborted) {
      await this.release(taken);
      return;
    }
    await this.recordFailure(taken, outcome.kind, outcome.message, RETRYABLE_FAX_FAILURES.has(outcome.kind));
  }

  /** The claim's fax (null when the claim no longer exists); AttemptFailure when it cannot be made. */
  private async render(taken: TakenDelivery, signal: AbortSignal): Promise<(RenderedClaim & { to: string }) | null> {
    const claim = await this.claims.findById(taken.claimId);
    const parts = await this.deliveries.documentParts(taken.claimId);
    if (!claim || !parts) return null;
    const attachments = () =>
      Promise.all(
        parts.files.map(async (file, index): Promise<ClaimAttachment> => {
          try {
            return { mimeType: file.mimeType, bytes: await this.files.read(file) };
          } catch (error) {
            if (error instanceof StoredBytesMissingError)
              throw new AttemptFailure('ATTACHMENT_MISSING', `Attachment ${index + 1} (${file.mimeType}) is not in storage`, false);
            throw new AttemptFailure('STORAGE_UNAVAILABLE', `Attachment ${index + 1} could not be read from storage`, true);
          }
        }),
      );
    const secrets = this.cipher.open(claim);
    try {
      const rendered = await this.renderer.render(
        claim.id,
        {
          claimReqId: claim.id,
          claimDate: claim.claimDate,
          insurerName: claim.insurerName,
          insurerFax: claim.insurerFax,
          organisationName: parts.organisationName,
          plannerName: claim.plannerName,
          client: {
            name: secrets.clientName,
            birthday: secrets.clientBirthday,
            tel: secrets.clientTel,
            jobName: secrets.jobName,
            welfare: secrets.welfare,
          },
          event: {
            typeLabel: CLAIM_EVENT_TYPE_LABELS[secrets.eventType],
            date: secrets.eventDate,
            place: secrets.eventPlace,
            text: secrets.eventText,
          },
          bank:
            claim.bankName === null || secrets.bankAccount === null
              ? null
              : { name: claim.bankName, account: secrets.bankAccount, holder: secrets.bankAccountHolder ?? '' },
          directDebitAccount: claim.directDebitAccount,
          callback: { whoLabel: CLAIM_CALLBACK_WHO_LABELS[claim.callbackWho], name: secrets.callbackName, tel: secrets.callbackTel },
          memo: secrets.clientMemo,
          terms: parts.terms,
          generatedAt: new Date(),
        },
        attachments,
        signal,
      );
      return { ...rendered, to: claim.insurerFax };
    } catch (error) {
      if (!(error instanceof ClaimRenderError)) throw error;
      if (error.reason === 'aborted') throw new AttemptFailure(FaxFailureKind.Aborted, ATTEMPT_OUT_OF_TIME, true);
      const { kind, retryable } = RENDER_FAILURES[error.reason];
      throw new AttemptFailure(
        kind,
        error.reason === 'thread-failed' ? `The fax could not be rendered: ${error.message}` : error.message,
        retryable,
      );
    }
  }

  private async recordFailure(taken: TakenDelivery, kind: string, message: string, retryable: boolean): Promise<void> {
    const maxAttempts = this.config.CLAIM_DELIVERY_MAX_ATTEMPTS;
    const reason = `${kind}: ${message}`;
    const context = { claimId: taken.claimId, attempt: taken.attempt, kind };
    if (retryable && taken.attempt < maxAttempts) {
      const delayMs = retryDelayMs(this.config.CLAIM_DELIVERY_RETRY_BASE_MS, taken.attempt);
      if (await this.deliveries.scheduleRetry(taken, delayMs, `${reason} (attempt ${taken.attempt} of ${maxAttempts})`))
        this.logger.warn({ ...context, retryInMs: delayMs }, 'Claim fax attempt failed; it will be tried again');
      else this.lostLease(taken);
      return;
    }
    const ended = retryable ? `${reason} (gave up after ${taken.attempt} attempts)` : reason;
    if (await this.deliveries.markFailed(taken, ended.slice(0, 500))) this.logger.warn(context, 'Claim fax FAILED');
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
