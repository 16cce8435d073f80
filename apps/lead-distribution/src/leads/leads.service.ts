import { Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import {
  AS_STATUS_LABELS,
  ApiKeyRole,
  toPagination,
  type AsStatus,
  type CreateLeadV1Request,
  type DistributedLeadsQueryDto,
  type DistributedLeadsResponse,
  type LeadContactsResponse,
  type LeadCreated,
  type LeadDto,
  type LeadsListResponse,
  type ListLeadsQueryDto,
} from '#contracts';
import type { ApiKeyPrincipal } from '../auth/principal.js';
import { AllocationRepository } from '../allocation/allocation.repository.js';
import { AssignmentKind } from '../allocation/entities/lead-assignment.entity.js';
import { LeadDistributionConfig } from '../config/lead-distribution.config.js';
import { FilesService } from '../files/files.service.js';
import { PartnersRepository } from '../partners/partners.repository.js';
import { ProductsService } from '../products/products.service.js';
import { Lead } from './entities/lead.entity.js';
import { LeadContactCipher } from './lead-contact-cipher.js';
import { withFileUrls } from './lead-metadata.js';
import { formatPhone, maskAddress, maskEmail } from './lead-masking.js';
import { LeadErrors } from './leads.errors.js';
import { LeadsRepository, searchText, type LeadRow } from './leads.repository.js';

const MAX_METADATA_BYTES = 16 * 1024;

export type RegistrationOutcome = { status: 'CREATED'; lead: LeadCreated } | { status: 'DUPLICATE' };

@Injectable()
export class LeadsService {
  constructor(
    private readonly leads: LeadsRepository,
    private readonly cipher: LeadContactCipher,
    private readonly products: ProductsService,
    private readonly partners: PartnersRepository,
    private readonly config: LeadDistributionConfig,
    private readonly files: FilesService,
    private readonly allocation: AllocationRepository,
  ) {}

  async listOwned(partnerId: number, query: ListLeadsQueryDto): Promise<LeadsListResponse> {
    const { rows, total } = await this.leads.listOwned({
      partnerId,
      used: query.used,
      hasAs: query.hasAs,
      region: query.region,
      gender: query.gender,
      search: query.search,
      sortBy: query.sortBy ?? 'assignedAt',
      sortOrder: query.sortOrder ?? 'desc',
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    });
    const history = query.expand === 'leadAs' ? await this.leads.asStatusesOf(rows.map((row) => row.id)) : undefined;
    return {
      data: rows.map((row) => this.toLeadResponse(row, history?.get(row.id))),
      pagination: toPagination(query, total),
    };
  }

  async listDistributed(partnerId: number, query: DistributedLeadsQueryDto): Promise<DistributedLeadsResponse> {
    const { rows, total } = await this.leads.listHandedDown(partnerId, query.toPartnerId, (query.page - 1) * query.limit, query.limit);
    return {
      data: rows.map((row) => ({ ...this.toLeadResponse(row), ownerPartnerId: row.ownerPartnerId })),
      pagination: toPagination(query, total),
    };
  }

  async getOwned(partnerId: number, id: string): Promise<LeadDto> {
    const row = await this.leads.findOwned(partnerId, id);
    if (!row) throw LeadErrors.notFound(id);
    const history = await this.leads.asStatusesOf([id]);
    const lead = this.toLeadResponse(row, history.get(id));
    return { ...lead, metadata: lead.metadata ? withFileUrls(lead.metadata, (key) => this.files.cdnUrl(key)) : null };
  }

  /** Marks the lead used, which lifts masking for good; using a used lead again changes nothing. */
  async use(partnerId: number, id: string): Promise<LeadDto> {
    if (!(await this.leads.markUsed(partnerId, id))) throw LeadErrors.notFound(id);
    const row = (await this.leads.findOwned(partnerId, id))!;
    return this.toLeadResponse(row, (await this.leads.asStatusesOf([id])).get(id));
  }

  /** Decrypted name and phone of the requested leads the partner owns and has used; every call is audited. */
  async contacts(partnerId: number, leadIds: string[], principal: ApiKeyPrincipal, requestId: string): Promise<LeadContactsResponse> {
    const requested = [...new Set(leadIds)];
    const leads = await this.leads.findUsedOwned(partnerId, requested);
    await this.leads.insertContactAudit({
      id: uuidv7(),
      partnerId,
      apiKeyId: principal.keyId,
      requestId,
      requestedLeadIds: requested,
      revealedLeadIds: leads.map((lead) => lead.id),
      createdAt: new Date(),
    });
    return { data: leads.map((lead) => ({ id: lead.id, name: lead.name, phone: formatPhone(this.cipher.openPhone(lead)) })) };
  }

  /**
   * Registers one lead. Providers register for their own products; operators for any, and may name
   * a partner to deliver to directly. Otherwise the lead waits in the pool.
   */
  async register(input: CreateLeadV1Request, principal: ApiKeyPrincipal): Promise<RegistrationOutcome> {
    const product = await this.products.find(input.productId);
    if (!product || (principal.role === ApiKeyRole.Provider && product.providerId !== principal.providerId)) {
      throw LeadErrors.productNotFound(input.productId);
    }
    if (input.partnerId !== undefined) {
      if (principal.role !== ApiKeyRole.Operator) throw LeadErrors.partnerIdNotAllowed();
      if (!(await this.partners.findById(input.partnerId))) throw LeadErrors.partnerUnknown(input.partnerId);
    }
    if (input.metadata && Buffer.byteLength(JSON.stringify(input.metadata)) > MAX_METADATA_BYTES) throw LeadErrors.metadataTooLarge();

    const now = new Date();
    const delivered = input.partnerId !== undefined;
    const lead = Object.assign(new Lead(), {
      id: uuidv7(),
      productId: input.productId,
      partnerId: input.partnerId ?? null,
      orderId: null,
      assignmentId: delivered ? uuidv7() : null,
      name: input.name,
      ...this.cipher.sealPhone(input.phone),
      email: input.email ?? null,
      region: input.region,
      address: input.address ?? null,
      birthDate: input.birth_date,
      gender: input.gender,
      memo: input.memo ?? null,
      metadata: input.metadata ?? null,
      searchText: searchText({ name: input.name, email: input.email ?? null, memo: input.memo ?? null }, product.name),
      usedAt: null,
      assignedAt: delivered ? now : null,
      lastDistributedAt: delivered ? now : null,
      returnedAt: null,
      latestAsId: null,
      latestAsStatus: null,
    });
    // One transaction: the lead, then its delivery (manual, or to the oldest open order) or the pool.
    const outcome = await this.leads.transaction(async (tx) => {
      if (!(await this.leads.insertUnlessDuplicate(lead, this.config.DUPLICATE_WINDOW_DAYS, tx))) return null;
      if (delivered) {
        await this.allocation.recordAssignments(tx, [lead.id], [lead.assignmentId!], AssignmentKind.Manual, null, null, lead.partnerId!);
        return { partnerId: lead.partnerId, orderId: null };
      }
      const delivery = await this.allocation.deliverToOldestOrder(tx, lead);
      return { partnerId: delivery?.partnerId ?? null, orderId: delivery?.orderId ?? null };
    });
    if (!outcome) return { status: 'DUPLICATE' };
    return {
      status: 'CREATED',
      lead: {
        id: lead.id,
        productId: lead.productId,
        partnerId: outcome.partnerId,
        orderId: outcome.orderId,
        createdAt: lead.createdAt.toISOString(),
      },
    };
  }

  /** The Lead resource: contact data masked until the lead is used. */
  private toLeadResponse(row: LeadRow, asHistory?: AsStatus[]): LeadDto {
    const used = row.usedAt !== null;
    const lead: LeadDto = {
      id: row.id,
      productId: row.productId,
      product: { id: row.productId, name: row.productName },
      ...this.cipher.contactAsOwnerSees({ used, ...row }),
      email: row.email === null ? null : used ? row.email : maskEmail(row.email),
      region: row.region,
      address: row.address === null ? null : used ? row.address : maskAddress(row.address),
      birth_date: row.birthDate,
      gender: row.gender,
      memo: row.memo,
      assignmentId: row.assignmentId,
      usedAt: row.usedAt,
      assignedAt: row.assignedAt,
      lastDistributedAt: row.lastDistributedAt,
      metadata: row.metadata,
      leadAsStatus: row.latestAsStatus,
      leadAsStatusLabel: row.latestAsStatus ? AS_STATUS_LABELS[row.latestAsStatus] : null,
    };
    if (asHistory) lead.leadAs = asHistory.map((status) => ({ status }));
    return lead;
  }
}
