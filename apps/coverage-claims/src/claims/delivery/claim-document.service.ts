import { Injectable } from '@nestjs/common';
import { CLAIM_CALLBACK_WHO_LABELS, CLAIM_EVENT_TYPE_LABELS } from '#contracts';
import { StoredBytesMissingError } from '#platform';
import { FaxFailureKind } from '../../integrations/fax/fax.port.js';
import { FilesService } from '../../files/files.service.js';
import { ClaimCipher } from '../claim-cipher.js';
import { ClaimsRepository } from '../claims.repository.js';
import type { ClaimAttachment, RenderedClaim } from './claim-pdf.js';
import { ClaimDeliveryRepository } from './claim-delivery.repository.js';
import { ClaimRenderError, ClaimRenderer, type RenderLane } from './claim-renderer.js';

/** The kind of a render's failure (claim-renderer.ts), and whether it is worth another try. */
const RENDER_FAILURES: Record<Exclude<ClaimRenderError['reason'], 'aborted'>, { kind: string; retryable: boolean }> = {
  unreadable: { kind: 'ATTACHMENT_UNREADABLE', retryable: false },
  'too-large': { kind: 'ATTACHMENT_TOO_LARGE', retryable: false },
  'too-long': { kind: 'TOO_MANY_PAGES', retryable: false },
  // Memory or time ran out, or the render process crashed: maybe a passing shortage.
  'render-failed': { kind: 'RENDER_FAILED', retryable: true },
  // Readers' renders wait behind deliveries, a few at a time.
  busy: { kind: 'RENDERER_BUSY', retryable: true },
};

/**
 * Why a claim's fax could not be made: permanent (an attachment missing, unreadable or over the
 * budgets; too many pages) or not (storage or the render process failed; `ABORTED`: cut off). The
 * message names attachments by position and type only, never client data.
 */
export class ClaimDocumentError extends Error {
  override readonly name = 'ClaimDocumentError';

  constructor(
    readonly kind: string,
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** A claim's fax and the number it goes to. */
export type ClaimDocument = RenderedClaim & { to: string };

/**
 * A claim's fax, made from what is stored of it (docs/decisions/claims.md, "The document"): the sealed
 * claim, its organisation's name, the terms it recorded and its frozen evidence files, dated by when
 * it was filed, rendered in the render process (ClaimRenderer). The same claim gives the same document
 * whenever it is made: the delivery faxes it, and its planner or an ORG_ADMIN reads it, before and
 * after it is sent.
 */
@Injectable()
export class ClaimDocumentService {
  constructor(
    private readonly claims: ClaimsRepository,
    private readonly deliveries: ClaimDeliveryRepository,
    private readonly cipher: ClaimCipher,
    private readonly files: FilesService,
    private readonly renderer: ClaimRenderer,
  ) {}

  /**
   * The claim's fax; null when the claim no longer exists. Rejects with ClaimDocumentError when it
   * cannot be made. `lane`: for the delivery, or for a reader (whose render waits behind deliveries).
   */
  async render(claimId: number, signal: AbortSignal, lane: RenderLane = 'delivery'): Promise<ClaimDocument | null> {
    const claim = await this.claims.findById(claimId);
    const parts = await this.deliveries.documentParts(claimId);
    if (!claim || !parts) return null;
    const attachments = () =>
      Promise.all(
        parts.files.map(async (file, index): Promise<ClaimAttachment> => {
          try {
            return { mimeType: file.mimeType, bytes: await this.files.read(file) };
          } catch (error) {
            if (error instanceof StoredBytesMissingError)
              throw new ClaimDocumentError('ATTACHMENT_MISSING', `Attachment ${index + 1} (${file.mimeType}) is not in storage`, false);
            throw new ClaimDocumentError('STORAGE_UNAVAILABLE', `Attachment ${index + 1} could not be read from storage`, true);
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
          // The filing time, not the render's: every render of the claim is the same document.
          filedAt: new Date(claim.createdAt),
        },
        attachments,
        signal,
        lane,
      );
      return { ...rendered, to: claim.insurerFax };
    } catch (error) {
      if (!(error instanceof ClaimRenderError)) throw error;
      if (error.reason === 'aborted') throw new ClaimDocumentError(FaxFailureKind.Aborted, error.message, true);
      const { kind, retryable } = RENDER_FAILURES[error.reason];
      throw new ClaimDocumentError(
        kind,
        error.reason === 'render-failed' ? `The fax could not be rendered: ${error.message}` : error.message,
        retryable,
      );
    }
  }
}
