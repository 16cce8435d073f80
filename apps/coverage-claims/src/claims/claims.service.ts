import { Injectable } from '@nestjs/common';
import {
  CLAIM_EVENT_TYPE_LABELS,
  CLAIM_STATUS_LABELS,
  ClaimStatus,
  TermPurpose,
  koreanToday,
  type ClaimHistoryQueryDto,
  type ClaimHistoryRecordDto,
  type ClaimReceiptDto,
  type ClaimRequestDto,
} from '#contracts';
import { settleIdempotentAnswer, type FieldError } from '#platform';
import { visibilityOf, type UserPrincipal } from '../auth/principal.js';
import { CoverageClaimsConfig } from '../config/coverage-claims.config.js';
import { CustomersService } from '../customers/customers.service.js';
import { FilesService } from '../files/files.service.js';
import { FaxFailureKind } from '../integrations/fax/fax.port.js';
import { TermsService } from '../terms/terms.service.js';
import { attachmentBytesProblem, isFaxable } from './claim-attachments.js';
import { ClaimCipher, type ClaimSecrets } from './claim-cipher.js';
import { ClaimErrors } from './claims.errors.js';
import { ClaimsRepository, type ClaimFilter, type ClaimRow } from './claims.repository.js';
import { ClaimDeliveryWorker } from './delivery/claim-delivery.worker.js';
import { ClaimDocumentError, ClaimDocumentService } from './delivery/claim-document.service.js';

export const DEFAULT_CLAIM_PAGE_SIZE = 20;

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

/** `20261123` as `2026-11-23`. */
const isoDate = (yyyymmdd: string) => `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;

/** All but the last four digits hidden: `123401234567` → `********4567`. */
export function maskAccount(digits: string): string {
  return '*'.repeat(Math.max(0, digits.length - 4)) + digits.slice(-4);
}

/**
 * Claims (보험금 청구): a planner files one for a client with evidence files; it is stored sealed,
 * belonging to the planner's customer of the same identity (recorded then if new), with its fax
 * delivery queued in the same transaction (the claim_deliveries outbox), and shown in the history to
 * the planner who filed it and to the organisation's admins, who may also read its fax. Deleting the
 * customer deletes it.
 */
@Injectable()
export class ClaimsService {
  constructor(
    private readonly claims: ClaimsRepository,
    private readonly cipher: ClaimCipher,
    private readonly files: FilesService,
    private readonly customers: CustomersService,
    private readonly terms: TermsService,
    private readonly delivery: ClaimDeliveryWorker,
    private readonly documents: ClaimDocumentService,
    private readonly config: CoverageClaimsConfig,
  ) {}

  async submit(user: UserPrincipal, input: ClaimRequestDto): Promise<ClaimReceiptDto> {
    const bankCode = input.bankCd ?? null;
    const references = await this.claims.references(input.insuCompCd, bankCode, input.jobCd);
    const errors: FieldError[] = [];
    if (!references.insurer) errors.push({ field: 'insuCompCd', message: 'is not an insurer code of GET /api/v1/claim/insurers' });
    if (!references.job) errors.push({ field: 'jobCd', message: 'is not a job code of GET /api/v1/claim/job-codes' });
    if (bankCode !== null) {
      if (!references.bank) errors.push({ field: 'bankCd', message: 'is not a bank code of GET /api/v1/claim/banks' });
      if (input.bankAccount == null) errors.push({ field: 'bankAccount', message: 'is required with bankCd' });
      if (input.bankAccountHolder == null) errors.push({ field: 'bankAccountHolder', message: 'is required with bankCd' });
    } else {
      if (input.bankAccount != null) errors.push({ field: 'bankAccount', message: 'needs bankCd (null: no account is given)' });
      if (input.bankAccountHolder != null) errors.push({ field: 'bankAccountHolder', message: 'needs bankCd (null: no account is given)' });
    }
    if (input.eventDate.replaceAll('-', '') < input.clientBirthday)
      errors.push({ field: 'eventDate', message: 'must not be before clientBirthday' });
    if (errors.length > 0) throw ClaimErrors.invalid(errors);
    const insurer = references.insurer!;
    if (insurer.fax === null) throw ClaimErrors.insurerHasNoFax(input.insuCompCd);

    const fileIds = input.fileIds.map((id) => id.toLowerCase());
    const plannerName = (await this.claims.userName(user.userId)) ?? '';
    const termIds = (await this.terms.list(TermPurpose.Claim)).data.map((term) => term.id);
    const secrets: ClaimSecrets = {
      clientName: input.clientNm,
      clientBirthday: input.clientBirthday,
      clientTel: input.clientTel,
      clientMemo: input.clientMemo ?? '',
      bankAccount: input.bankAccount ?? null,
      bankAccountHolder: input.bankAccountHolder ?? null,
      eventPlace: input.eventPlace ?? null,
      eventText: input.eventText,
      callbackName: input.callbackName,
      callbackTel: input.callbackTel,
      jobCode: input.jobCd,
      jobName: references.job!.name,
      welfare: input.wellFareYn,
      eventType: input.eventTypeCd,
      eventDate: input.eventDate,
    };
    const claim = {
      organisationId: user.organisationId,
      plannerId: user.userId,
      plannerName,
      claimDate: koreanToday(),
      insurerCode: input.insuCompCd,
      insurerName: insurer.name,
      insurerLogoUrl: insurer.logoUrl,
      insurerFax: insurer.fax,
      bankCode,
      bankName: references.bank?.name ?? null,
      callbackWho: input.callbackWho,
      directDebitAccount: input.directDebitAccntYn,
      fileCount: fileIds.length,
      termIds,
      status: ClaimStatus.Received,
      ...this.cipher.seal(secrets),
    };

    // The bytes are checked (and later faxed and shown) as frozen now: an upload URL used again cannot
    // change them. From here every failure lets the copies go.
    const frozen = await this.files.freezeOwnFiles(user, fileIds, 'fileIds', {
      declared: (file) =>
        isFaxable(file.mimeType) ? null : `is ${file.mimeType}; a claim is faxed, which carries JPEG, PNG and PDF files only`,
      bytes: (file, bytes) => attachmentBytesProblem(file.mimeType, bytes),
    });
    const client = { name: input.clientNm, birthDate: input.clientBirthday, gender: null, phone: input.clientTel };
    // The answer to an Idempotency-Key commits with the claim (settleIdempotentAnswer).
    const file = () =>
      this.claims.transaction(async (tx): Promise<ClaimReceiptDto> => {
        const taken = await this.claims.filesInClaims(tx, fileIds);
        if (taken.length > 0) throw ClaimErrors.filesInOtherClaims(fileIds, taken);
        const customerId = await this.customers.findOrCreate(tx, user, client);
        const claimId = await this.claims.insert(tx, { ...claim, customerId }, fileIds);
        await this.files.recordFrozen(tx, frozen);
        const receipt = {
          claimReqId: claimId,
          claimStatusCd: ClaimStatus.Received,
          claimStatus: CLAIM_STATUS_LABELS[ClaimStatus.Received],
          claimDate: claim.claimDate,
        };
        await settleIdempotentAnswer(tx, receipt);
        return receipt;
      });
    let receipt: ClaimReceiptDto;
    try {
      // The customer found may be deleted before this transaction's insert: it then records them anew.
      receipt = await file().catch((error: unknown) => {
        if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) return file();
        throw error;
      });
    } catch (error) {
      await this.files.discardFrozen(frozen);
      // Another claim took one of the files between the check and the insert.
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
      throw ClaimErrors.filesInOtherClaims(fileIds, await this.claims.transaction((tx) => this.claims.filesInClaims(tx, fileIds)));
    }
    this.delivery.wake();
    return receipt;
  }

  /** A page of the claims the user sees, with the number matching in all. */
  async history(user: UserPrincipal, query: ClaimHistoryQueryDto): Promise<{ records: ClaimHistoryRecordDto[]; total: number }> {
    if (query.startDate != null && query.endDate != null && query.endDate < query.startDate)
      throw ClaimErrors.invalid([{ field: 'endDate', message: 'must not be before startDate' }]);
    const filter: ClaimFilter = {
      fcUserCiHash: query.fcUserCi == null ? undefined : this.cipher.fcUserCiHash(query.fcUserCi),
      clientNameHash: query.clientNm == null ? undefined : this.cipher.nameHash(query.clientNm),
      clientBirthdayHash: query.clientBirthday == null ? undefined : this.cipher.birthdayHash(query.clientBirthday),
      clientTelHash: query.clientTel == null ? undefined : this.cipher.telHash(query.clientTel),
      from: query.startDate == null ? undefined : isoDate(query.startDate),
      to: query.endDate == null ? undefined : isoDate(query.endDate),
    };
    const pageSize = query.pageSize ?? DEFAULT_CLAIM_PAGE_SIZE;
    const { rows, total } = await this.claims.page(visibilityOf(user), filter, ((query.page ?? 1) - 1) * pageSize, pageSize);
    const now = new Date();
    return { records: await Promise.all(rows.map((row) => this.toRecord(row, now))), total };
  }

  /**
   * The claim's fax as the insurer gets (or got) it, for whoever sees the claim in the history: made
   * from the stored claim as the delivery makes it (ClaimDocumentService), so the same document before
   * and after it is sent. Waiting for the render process and rendering take at most
   * CLAIM_DELIVERY_RENDER_TIMEOUT_SECONDS.
   */
  async document(user: UserPrincipal, claimReqId: number): Promise<Buffer> {
    if (!(await this.claims.isVisible(visibilityOf(user), claimReqId))) throw ClaimErrors.notFound(claimReqId);
    const seconds = this.config.CLAIM_DELIVERY_RENDER_TIMEOUT_SECONDS;
    const signal = AbortSignal.timeout(seconds * 1000);
    try {
      // A reader's render: deliveries go first, and only a few readers wait (else 503, come back).
      const document = await this.documents.render(claimReqId, signal, 'reading');
      // Deleted with its customer since the check.
      if (!document) throw ClaimErrors.notFound(claimReqId);
      return document.pdf;
    } catch (error) {
      if (!(error instanceof ClaimDocumentError)) throw error;
      if (!error.retryable) throw ClaimErrors.documentUnrenderable(claimReqId, `${error.kind}: ${error.message}`);
      throw ClaimErrors.documentUnavailable(
        claimReqId,
        error.kind === FaxFailureKind.Aborted ? `it took longer than ${seconds} s` : `${error.kind}: ${error.message}`,
      );
    }
  }

  private async toRecord(row: ClaimRow, now: Date): Promise<ClaimHistoryRecordDto> {
    const secrets = this.cipher.open(row);
    const files = await Promise.all(row.files.map((file) => this.files.downloadUrl(file, now)));
    return {
      claimDate: row.claimDate,
      insuCompCd: row.insurerCode,
      insuCompNm: row.insurerName,
      insuLogoUrl: row.insurerLogoUrl,
      claimStatus: CLAIM_STATUS_LABELS[row.status],
      claimStatusCd: row.status,
      fcUserNm: row.plannerName,
      clientNm: secrets.clientName,
      clientBirthday: secrets.clientBirthday.slice(2),
      clientTel: secrets.clientTel,
      clientMemo: secrets.clientMemo,
      jobCd: secrets.jobCode,
      claimReqId: row.id,
      bankCd: row.bankCode,
      bankNm: row.bankName,
      bankAccount: secrets.bankAccount === null ? null : maskAccount(secrets.bankAccount),
      bankAccountHolder: secrets.bankAccountHolder ?? '',
      fileCnt: row.fileCount,
      wellFareYn: secrets.welfare,
      insuFax: row.insurerFax,
      eventDate: secrets.eventDate,
      eventTypeCd: secrets.eventType,
      eventType: CLAIM_EVENT_TYPE_LABELS[secrets.eventType],
      eventPlace: secrets.eventPlace,
      eventText: secrets.eventText,
      callbackWho: row.callbackWho,
      callbackName: secrets.callbackName,
      callbackTel: secrets.callbackTel,
      directDebitAccntYn: row.directDebitAccount,
      files,
      file_length: files.length,
    };
  }
}
