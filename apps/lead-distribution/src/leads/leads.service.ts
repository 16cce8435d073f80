import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  currentIdempotencyClaim,
  settleIdempotencyClaims,
  validationFailed,
  uuidv7,
  type AccessRecordValues,
  type IdempotencyClaim,
} from '#platform';
import {
  ApiKeyRole,
  toPagination,
  type AsStatus,
  type CreateLeadV1Request,
  type DistributedLeadsQueryDto,
  type DistributedLeadsResponse,
  type LeadAssignedDataDto,
  type LeadContactsResponse,
  type LeadCreated,
  type LeadDto,
  type LeadsListResponse,
  type ListLeadsQueryDto,
} from '#contracts';
import { AllocationService } from '../allocation/allocation.service.js';
import type { NewLead, RegisteredLead } from '../allocation/allocation.service.js';
import type { ApiKeyPrincipal, ContactViewer } from '../auth/principal.js';
import { LeadDistributionConfig } from '../config/lead-distribution.config.js';
import { FilesService } from '../files/files.service.js';
import { PartnersService } from '../partners/partners.service.js';
import { ProductErrors } from '../products/products.errors.js';
import { ProductsService } from '../products/products.service.js';
import type { Product } from '../products/entities/product.entity.js';
import type { ContactOnlooker } from '../common/access-records.js';
import { ContactAudit, type ContactOperation } from './contact-audit.js';
import { LeadContactCipher } from './lead-contact-cipher.js';
import { fileReferencesOf, shownMetadata } from './lead-metadata.js';
import { formatPhone, maskAddress, maskEmail, maskName, searchTextAsShown } from './lead-masking.js';
import { toLeadResponse } from './lead-response.js';
import { LeadErrors } from './leads.errors.js';
import { LeadsRepository, type LeadRow } from './leads.repository.js';
import { RegistrationBatcher } from './registration-batcher.js';

const isUsed = (row: { usedAt: string | null }) => row.usedAt !== null;
const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id);

const MAX_METADATA_BYTES = 16 * 1024;

export type RegistrationOutcome = { status: 'CREATED'; lead: LeadCreated } | { status: 'DUPLICATE' };

function outcomeOf(lead: NewLead, result: RegisteredLead): RegistrationOutcome {
  if (!result.created) return { status: 'DUPLICATE' };
  return {
    status: 'CREATED',
    lead: {
      id: lead.id,
      productId: lead.productId,
      partnerId: result.partnerId,
      orderId: result.orderId,
      createdAt: result.createdAt.toISOString(),
    },
  };
}

/** The answers of the created leads whose requests hold an Idempotency-Key claim (a duplicate's 409 is not kept). */
function createdAnswers(
  leads: NewLead[],
  claims: Array<IdempotencyClaim | null>,
  results: RegisteredLead[],
): Array<{ claim: IdempotencyClaim; body: LeadCreated }> {
  return results.flatMap((result, index) => {
    const claim = claims[index];
    const outcome = outcomeOf(leads[index]!, result);
    return claim && outcome.status === 'CREATED' ? [{ claim, body: outcome.lead }] : [];
  });
}

/** Products and partners a registration reads, each read once however many rows of an import name it. */
export class RegistrationLookups {
  private readonly productsById = new Map<string, Promise<Product | null>>();
  private readonly partnersById = new Map<number, Promise<boolean>>();

  constructor(
    private readonly products: ProductsService,
    private readonly partners: PartnersService,
  ) {}

  product(id: string): Promise<Product | null> {
    let product = this.productsById.get(id);
    if (!product) this.productsById.set(id, (product = this.products.find(id)));
    return product;
  }

  partnerExists(id: number): Promise<boolean> {
    let exists = this.partnersById.get(id);
    if (!exists) this.partnersById.set(id, (exists = this.partners.exists(id)));
    return exists;
  }
}

@Injectable()
export class LeadsService {
  constructor(
    private readonly leads: LeadsRepository,
    private readonly cipher: LeadContactCipher,
    private readonly products: ProductsService,
    private readonly partners: PartnersService,
    private readonly config: LeadDistributionConfig,
    private readonly files: FilesService,
    private readonly audit: ContactAudit,
    private readonly allocation: AllocationService,
  ) {
    this.singleRegistrations = new RegistrationBatcher(
      (leads, claims) =>
        this.allocation.registerLeads(
          leads,
          this.config.DUPLICATE_WINDOW_DAYS,
          claims.some(Boolean) ? (tx, results) => settleIdempotencyClaims(tx, createdAnswers(leads, claims, results)) : undefined,
        ),
      this.config.REGISTRATION_STATEMENTS_AT_ONCE,
    );
  }

  /** Single registrations arriving together share one statement. */
  private readonly singleRegistrations: RegistrationBatcher;

  /** Single registrations waiting for a statement (the tests hold one open and watch this). */
  get registrationsWaiting(): number {
    return this.singleRegistrations.waiting;
  }

  /** A lead's name and phone as a response of another feature shows them (LeadContactCipher.contactAsShown). */
  contactAsShown(lead: Parameters<LeadContactCipher['contactAsShown']>[0]): { name: string; phone: string } {
    return this.cipher.contactAsShown(lead);
  }

  /** A lead's email and address as a response of another feature shows them to whoever is not shown its contact in clear: masked. */
  maskedEmailAndAddress(lead: { email: string | null; address: string | null }): { email: string | null; address: string | null } {
    return {
      email: lead.email === null ? null : maskEmail(lead.email),
      address: lead.address === null ? null : maskAddress(lead.address),
    };
  }

  /** Records the decryption of contacts an answer of another feature shows in clear (ContactAudit.revealed). */
  recordContactsShown(onlooker: ContactOnlooker, operation: ContactOperation, revealed: string[]): Promise<void> {
    return this.audit.revealed(onlooker, operation, revealed);
  }

  /** The partner's leads; a used lead's contact is shown in clear (recorded), an unused one's masked. */
  async listOwned(viewer: ContactViewer, query: ListLeadsQueryDto, onlooker: ContactOnlooker): Promise<LeadsListResponse> {
    const { rows, total } = await this.leads.listOwned({
      partnerId: viewer.partnerId,
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
    await this.audit.revealed(onlooker, 'Leads_list', ids(rows.filter(isUsed)));
    return {
      data: rows.map((row) => this.leadAsShown(row, isUsed(row), history?.get(row.id))),
      pagination: toPagination(query, total),
    };
  }

  /**
   * Leads the partner handed down that a descendant owns now. The agency paid for them: a lead its
   * descendant has used is shown in clear (DESIGN.md, recorded), an unused one masked.
   */
  async listDistributed(
    viewer: ContactViewer,
    query: DistributedLeadsQueryDto,
    onlooker: ContactOnlooker,
  ): Promise<DistributedLeadsResponse> {
    const { rows, total } = await this.leads.listHandedDown(
      viewer.partnerId,
      query.toPartnerId,
      (query.page - 1) * query.limit,
      query.limit,
    );
    await this.audit.revealed(onlooker, 'Distribution_distributed', ids(rows.filter(isUsed)));
    return {
      data: rows.map((row) => ({ ...this.leadAsShown(row, isUsed(row)), ownerPartnerId: row.ownerPartnerId })),
      pagination: toPagination(query, total),
    };
  }

  async getOwned(viewer: ContactViewer, id: string, onlooker: ContactOnlooker): Promise<LeadDto> {
    const row = await this.leads.findOwned(viewer.partnerId, id);
    if (!row) throw LeadErrors.notFound(id);
    const history = await this.leads.asStatusesOf([id]);
    await this.audit.revealed(onlooker, 'Leads_get', isUsed(row) ? [id] : []);
    const lead = this.leadAsShown(row, isUsed(row), history.get(id));
    // Only keys of the product's provider's files get a URL.
    const urlOf = (key: string) => this.files.providerFileUrl(row.providerId, key);
    return { ...lead, metadata: row.metadata ? shownMetadata(row.metadata, urlOf) : null };
  }

  /**
   * The leads of the hand-overs `assignmentIds` (a lead given to a partner by an order, an operator or
   * a partner above), each as its new owner saw it right after: the Lead of `GET /api/v1/leads/{id}`
   * at that moment, always masked (a webhook never carries a clear contact), metadata without
   * `fileUrl`, `leadAs` the AS requests filed up to the hand-over; and the hand-over itself. One
   * query for all of them; a hand-over that is unknown (or a recall) is left out.
   */
  async handedOver(assignmentIds: string[]): Promise<Map<string, LeadAssignedDataDto>> {
    const rows = await this.leads.findHandedOver(assignmentIds);
    return new Map(
      rows.map((row) => [
        row.assignmentId!,
        {
          lead: toLeadResponse(row, this.cipher.contactAsShown({ inClear: false, ...row }), false, row.asHistory),
          assignment: {
            id: row.assignmentId!,
            kind: row.kind,
            orderId: row.orderId,
            fromPartnerId: row.fromPartnerId,
            toPartnerId: row.toPartnerId,
            at: row.lastDistributedAt!,
          },
        },
      ]),
    );
  }

  /**
   * A partner hands leads down its organisation, or takes them back (distribution/): each goes to
   * `toPartnerId` under its new assignment id; answers when. In the caller's transaction, the leads
   * locked by it.
   */
  handOver(tx: EntityManager, leadIds: string[], assignmentIds: string[], toPartnerId: number): Promise<Date> {
    return this.leads.handOver(tx, leadIds, assignmentIds, toPartnerId);
  }

  /** An AS request was filed on the lead (lead-as/): the lead keeps it as its latest, with its status. */
  recordLatestAs(tx: EntityManager, leadId: string, asRequestId: string, status: AsStatus): Promise<void> {
    return this.leads.recordLatestAs(tx, leadId, asRequestId, status);
  }

  /** The lead's latest AS request changed status (lead-as/); an older request's change is not the lead's. */
  recordAsStatus(tx: EntityManager, leadId: string, asRequestId: string, status: AsStatus): Promise<void> {
    return this.leads.recordAsStatus(tx, leadId, asRequestId, status);
  }

  /** An approved AS request returns the lead (lead-as/): it leaves every partner's list. */
  markReturned(tx: EntityManager, leadId: string): Promise<void> {
    return this.leads.markReturned(tx, leadId);
  }

  /**
   * Marks the lead used, which lifts masking for good: from now on it is shown, and searched, in
   * clear. Using a used lead again changes nothing.
   */
  async use(viewer: ContactViewer, id: string): Promise<LeadDto> {
    let row = await this.leads.findOwned(viewer.partnerId, id);
    if (row && !isUsed(row)) {
      await this.leads.markUsed(viewer.partnerId, id, searchTextAsShown(row, row.productName, true));
      // Read again: the use time, and whether the lead is still the partner's (a recall may have won).
      row = await this.leads.findOwned(viewer.partnerId, id);
    }
    if (!row) throw LeadErrors.notFound(id);
    const history = await this.leads.asStatusesOf([id]);
    // Its access record (Leads_use, a `use`) names the lead: no second one for the contact shown.
    return this.leadAsShown(row, isUsed(row), history.get(id));
  }

  /** Decrypted name and phone of the requested leads the partner owns and has used; every call is recorded (Leads_contacts, a `use` of those answered). */
  async contacts(viewer: ContactViewer, leadIds: string[]): Promise<LeadContactsResponse> {
    const requested = [...new Set(leadIds)];
    const leads = await this.leads.findUsedOwned(viewer.partnerId, requested);
    return { data: leads.map((lead) => ({ id: lead.id, name: lead.name, phone: formatPhone(this.cipher.openPhone(lead)) })) };
  }

  /**
   * Registers one lead. Providers register for their own products; operators for any, and may name
   * a partner to deliver to directly. Otherwise it goes to the oldest open order that wants it, or
   * waits in the pool. `recordOf` gives the call's access record of the lead, appended with it.
   */
  async register(
    input: CreateLeadV1Request,
    principal: ApiKeyPrincipal,
    recordOf?: (leadId: string) => AccessRecordValues,
  ): Promise<RegistrationOutcome> {
    // The answer to an Idempotency-Key commits with the lead (the statement's transaction), so a
    // retry after the connection died mid-request replays it, or registers the lead if nothing committed.
    const claim = currentIdempotencyClaim();
    const prepared = await this.prepare(input, principal, this.lookups());
    const lead = recordOf ? { ...prepared, accessRecord: recordOf(prepared.id) } : prepared;
    return outcomeOf(lead, await this.singleRegistrations.register(lead, claim));
  }

  /** Products and partners read once for all the rows of an import that name them. */
  lookups(): RegistrationLookups {
    return new RegistrationLookups(this.products, this.partners);
  }

  /**
   * Checks a lead against what the caller may register and makes it ready to store (phone
   * encrypted, name masked, search text as shown); throws the problem a registration answers.
   */
  async prepare(input: CreateLeadV1Request, principal: ApiKeyPrincipal, lookups: RegistrationLookups): Promise<NewLead> {
    const product = await lookups.product(input.productId);
    if (!product || (principal.role === ApiKeyRole.Provider && product.providerId !== principal.providerId)) {
      throw ProductErrors.notFoundOrNotYours(input.productId);
    }
    if (input.partnerId !== undefined) {
      if (principal.role !== ApiKeyRole.Operator) throw LeadErrors.partnerIdNotAllowed();
      if (!(await lookups.partnerExists(input.partnerId))) throw LeadErrors.partnerUnknown(input.partnerId);
    }
    if (input.metadata) await this.checkMetadata(input.metadata, product.providerId);
    return {
      id: uuidv7(),
      productId: input.productId,
      partnerId: input.partnerId ?? null,
      assignmentId: uuidv7(),
      name: input.name,
      maskedName: maskName(input.name),
      ...this.cipher.sealPhone(input.phone),
      email: input.email ?? null,
      region: input.region,
      address: input.address ?? null,
      birthDate: input.birth_date,
      gender: input.gender,
      memo: input.memo ?? null,
      metadata: input.metadata ?? null,
      searchText: searchTextAsShown({ name: input.name, email: input.email ?? null, memo: input.memo ?? null }, product.name, false),
    };
  }

  /**
   * Stores prepared leads in one statement, all or nothing: each is a duplicate, or created and
   * delivered (to the partner named, or the oldest open order with room in its region) or pooled.
   * `answerOf` builds the request's answer, stored with the leads for its Idempotency-Key.
   */
  async registerPrepared(leads: NewLead[], answerOf?: (outcomes: RegistrationOutcome[]) => unknown): Promise<RegistrationOutcome[]> {
    const outcomesOf = (results: RegisteredLead[]) => results.map((result, index) => outcomeOf(leads[index]!, result));
    const claim = currentIdempotencyClaim();
    const results = await this.allocation.registerLeads(
      leads,
      this.config.DUPLICATE_WINDOW_DAYS,
      claim && answerOf ? (tx, stored) => settleIdempotencyClaims(tx, [{ claim, body: answerOf(outcomesOf(stored)) }]) : undefined,
    );
    return outcomesOf(results);
  }

  /**
   * Metadata is data, not links: at most 16 KiB, no `fileUrl` anywhere, and every `fileKey` names an
   * uploaded file of the product's provider (400 naming each offending path otherwise).
   */
  private async checkMetadata(metadata: Record<string, unknown>, providerId: string): Promise<void> {
    if (Buffer.byteLength(JSON.stringify(metadata)) > MAX_METADATA_BYTES) throw LeadErrors.metadataTooLarge();
    const { references, errors } = fileReferencesOf(metadata);
    const problems = [...errors, ...(await this.files.requireProviderFiles(providerId, references))];
    if (problems.length > 0) throw validationFailed(problems);
  }

  /** The Lead resource: contact data in clear only when `inClear` (and then audited by the caller). */
  private leadAsShown(row: LeadRow, inClear: boolean, asHistory?: AsStatus[]): LeadDto {
    return toLeadResponse(row, this.cipher.contactAsShown({ inClear, ...row }), inClear, asHistory);
  }
}
