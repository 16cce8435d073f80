import { Injectable } from '@nestjs/common';
import { settleIdempotentAnswer, uuidv7 } from '#platform';
import {
  AsStatus,
  toPagination,
  WebhookEventType,
  type AdminAsDetail,
  type AdminAsListResponse,
  type AdminListAsQueryDto,
  type AsCreatedDto,
  type AsDecision,
  type AsDetail,
  type AsListItem,
  type AsListResponse,
  type AsReasonsResponse,
  type CreateAsRequest,
  type ListAsQueryDto,
} from '#contracts';
import { AllocationService } from '../allocation/allocation.service.js';
import { FilesService } from '../files/files.service.js';
import type { ContactViewer } from '../auth/principal.js';
import type { ContactOnlooker } from '../common/access-records.js';
import { LeadErrors } from '../leads/leads.errors.js';
import { LeadsService } from '../leads/leads.service.js';
import { WebhookOutboxService } from '../webhooks/webhook-outbox.service.js';
import { ACTIVE_AS_STATUSES, LeadAsRequest } from './entities/lead-as-request.entity.js';
import { isCancellable, reviewOutcome, withinAsWindow } from './lead-as-rules.js';
import { LeadAsErrors } from './lead-as.errors.js';
import { LeadAsRepository, type AsRow } from './lead-as.repository.js';
import { toAsListItem } from './as-response.js';

/** Only the lead's current owner, once it used the lead, is shown its contact in clear. */
const shownInClear = (row: AsRow, viewer: ContactViewer) => row.leadPartnerId === viewer.partnerId && row.leadUsedAt !== null;

@Injectable()
export class LeadAsService {
  constructor(
    private readonly requests: LeadAsRepository,
    private readonly files: FilesService,
    private readonly leads: LeadsService,
    private readonly allocation: AllocationService,
    private readonly outbox: WebhookOutboxService,
  ) {}

  async reasons(): Promise<AsReasonsResponse> {
    const reasons = await this.requests.listReasons();
    return { data: reasons.map((reason) => ({ code: reason.code, label: reason.label, requiresEvidence: reason.requiresEvidence })) };
  }

  /** AS requests of the partner's leads: a used lead's contact in clear (recorded), an unused one's masked. */
  async listForOwner(viewer: ContactViewer, query: ListAsQueryDto, onlooker: ContactOnlooker): Promise<AsListResponse> {
    const { rows, total } = await this.requests.listForOwner({
      partnerId: viewer.partnerId,
      leadId: query.leadId,
      status: query.status,
      search: query.search,
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    });
    const inClear = rows.filter((row) => shownInClear(row, viewer));
    await this.leads.recordContactsShown(
      onlooker,
      'LeadAs_list',
      inClear.map((row) => row.leadId),
    );
    return { data: rows.map((row) => this.toListItem(row, shownInClear(row, viewer))), pagination: toPagination(query, total) };
  }

  /** The operators' review queue, with the partner that filed each request: contacts masked (operators are not a lead's owner). */
  async listForOperator(query: AdminListAsQueryDto): Promise<AdminAsListResponse> {
    // A code of no reason (active or retired) is a mistake, not an empty queue.
    if (query.reasonCode && !(await this.requests.reasonExists(query.reasonCode))) throw LeadAsErrors.unknownReason(query.reasonCode);
    const { rows, total } = await this.requests.listForOperator({
      status: query.status,
      partnerId: query.partnerId,
      reasonCode: query.reasonCode,
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    });
    return {
      data: rows.map((row) => ({ ...this.toListItem(row, false), partner: { id: row.partnerId, name: row.partnerName } })),
      pagination: toPagination(query, total),
    };
  }

  /**
   * A request is visible to the partner that filed it and to the lead's current owner; the lead's
   * contact is in clear (recorded) only for its current owner once used, masked for a former owner.
   */
  async getForPartner(viewer: ContactViewer, id: string, onlooker: ContactOnlooker): Promise<AsDetail> {
    const row = await this.requests.findById(id);
    if (!row || (row.partnerId !== viewer.partnerId && row.leadPartnerId !== viewer.partnerId)) throw LeadAsErrors.notFound(id);
    const inClear = shownInClear(row, viewer);
    await this.leads.recordContactsShown(onlooker, 'LeadAs_get', inClear ? [row.leadId] : []);
    return this.toDetail(row, inClear);
  }

  /**
   * One request as the operators' review shows it: the filing partner, the lead with its contact
   * masked (operators are not its owner; nothing to audit), the evidence files with signed download
   * URLs, and for an approved request what the return made an order owe (the replacement).
   */
  async getForOperator(id: string): Promise<AdminAsDetail> {
    const row = await this.requests.findForOperator(id);
    if (!row) throw LeadAsErrors.notFound(id);
    const item = this.toListItem(row, false);
    const replacement = row.status === AsStatus.Approved ? await this.allocation.replacementFor(row.leadId) : null;
    return {
      ...item,
      partner: { id: row.partnerId, name: row.partnerName },
      lead: {
        ...item.lead,
        ...this.leads.maskedEmailAndAddress({ email: row.leadEmail, address: row.leadAddress }),
        birth_date: row.leadBirthDate,
        gender: row.leadGender,
        memo: row.leadMemo,
        orderId: row.leadOrderId,
        assignedAt: row.leadAssignedAt?.toISOString() ?? null,
        usedAt: row.leadUsedAt?.toISOString() ?? null,
        returnedAt: row.leadReturnedAt?.toISOString() ?? null,
      },
      files: await this.files.describeByIds(await this.requests.fileIdsOf(row.id)),
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
      replacement: replacement && {
        orderId: replacement.orderId,
        orderStatus: replacement.orderStatus,
        leadId: replacement.leadId,
        deliveredAt: replacement.deliveredAt?.toISOString() ?? null,
      },
    };
  }

  /**
   * AS requests as the list shows them, the lead's contact masked whoever owns it now (what a webhook
   * carries), in one query; unknown ids are left out.
   */
  async maskedListItems(ids: string[]): Promise<Map<string, AsListItem>> {
    const rows = await this.requests.findByIds(ids);
    return new Map(rows.map((row) => [row.id, this.toListItem(row, false)]));
  }

  /**
   * Files an AS request about a lead the partner owns. Refused while another request on the lead is
   * open or after one was approved, and past the product's AS window. The lead's row lock makes
   * concurrent requests on one lead decide one at a time.
   */
  async create(partnerId: number, input: CreateAsRequest): Promise<AsCreatedDto> {
    const reason = await this.requests.findReason(input.reasonCode);
    if (!reason) throw LeadAsErrors.unknownReason(input.reasonCode);
    const fileIds = input.storedFileIds ?? [];
    if (reason.requiresEvidence && fileIds.length === 0) throw LeadAsErrors.evidenceRequired(reason.code);
    if (fileIds.length > 0) await this.files.requireUploadedFiles(partnerId, fileIds);

    // The answer to an Idempotency-Key commits with the request (settleIdempotentAnswer).
    return this.requests.transaction(async (tx) => {
      const lead = await this.requests.lockLead(tx, input.leadId);
      if (!lead || lead.partnerId !== partnerId) throw LeadErrors.notFound(input.leadId);
      if (lead.latestAsStatus && ACTIVE_AS_STATUSES.includes(lead.latestAsStatus)) throw LeadAsErrors.alreadyActive();
      if (lead.hasApprovedAs) throw LeadAsErrors.alreadyApproved();
      if (!withinAsWindow(lead.assignedAt, lead.asWindowDays, new Date())) throw LeadAsErrors.windowExpired(lead.asWindowDays);
      const attached = await this.requests.filesAlreadyAttached(tx, fileIds);
      if (attached.length > 0) throw LeadAsErrors.filesAlreadyAttached(fileIds, attached);

      const request = Object.assign(new LeadAsRequest(), {
        id: uuidv7(),
        leadId: lead.id,
        partnerId,
        reasonCode: reason.code,
        status: AsStatus.Pending,
        customerMemo: input.memo ?? null,
        adminNote: null,
        reviewedAt: null,
      });
      const created = await this.requests.insert(tx, request, fileIds);
      await this.leads.recordLatestAs(tx, created.leadId, created.id, created.status);
      const answer: AsCreatedDto = {
        id: created.id,
        leadId: created.leadId,
        reasonCode: created.reasonCode,
        status: created.status,
        createdAt: created.createdAt.toISOString(),
        updatedAt: created.updatedAt.toISOString(),
      };
      await settleIdempotentAnswer(tx, answer);
      return answer;
    });
  }

  /** Pending and on-hold requests can be cancelled by the partner that filed them. */
  async cancel(partnerId: number, id: string): Promise<void> {
    await this.requests.transaction(async (tx) => {
      const request = await this.requests.lockRequest(tx, id);
      if (!request) throw LeadAsErrors.notFound(id);
      if (request.partnerId !== partnerId) throw LeadAsErrors.notYours(id);
      if (!isCancellable(request.status)) throw LeadAsErrors.notCancellable(request.status);
      await this.requests.updateStatus(tx, request, AsStatus.Cancelled);
      await this.leads.recordAsStatus(tx, request.leadId, request.id, AsStatus.Cancelled);
    });
  }

  /**
   * An operator's decision: PENDING → ON_HOLD | APPROVED | REJECTED, ON_HOLD → APPROVED | REJECTED.
   * Approval returns the lead and, when an order delivered it, makes that order owe a replacement.
   */
  async review(id: string, decision: AsDecision, adminNote: string | null): Promise<AdminAsDetail> {
    await this.requests.transaction(async (tx) => {
      const request = await this.requests.lockRequest(tx, id);
      if (!request) throw LeadAsErrors.notFound(id);
      const next = reviewOutcome(request.status, decision);
      if (!next) throw LeadAsErrors.invalidTransition(request.status, decision);
      await this.requests.updateStatus(tx, request, next, { adminNote });
      // Told to the filer before what the review causes (a replacement given, an order completed).
      await this.outbox.record(tx, [
        { type: WebhookEventType.LeadAsReviewed, partnerId: request.partnerId, subjectId: request.id, status: next },
      ]);
      await this.leads.recordAsStatus(tx, request.leadId, request.id, next);
      if (next === AsStatus.Approved) {
        await this.leads.markReturned(tx, request.leadId);
        await this.allocation.oweReplacement(tx, request.leadId);
      }
    });
    return this.getForOperator(id);
  }

  private async toDetail(row: AsRow, inClear: boolean): Promise<AsDetail> {
    const fileIds = await this.requests.fileIdsOf(row.id);
    return {
      ...this.toListItem(row, inClear),
      files: await this.files.describeByIds(fileIds),
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
    };
  }

  /** The list item; the lead's contact in clear only when `inClear` (and then audited by the caller). */
  private toListItem(row: AsRow, inClear: boolean): AsListItem {
    return toAsListItem(
      row,
      this.leads.contactAsShown({
        inClear,
        name: row.leadName,
        phoneCiphertext: row.leadPhoneCiphertext,
        phoneKeyId: row.leadPhoneKeyId,
        phonePrefix: row.leadPhonePrefix,
        phoneLast4: row.leadPhoneLast4,
      }),
    );
  }
}
