import { Injectable } from '@nestjs/common';
import {
  ApiKeyRole,
  MAX_WEBHOOK_ENDPOINTS_PER_PARTNER,
  MAX_WEBHOOK_URL_LENGTH,
  normalizeWebhookUrl,
  toPagination,
  WEBHOOK_EVENT_CATALOGUE,
  WebhookDeliveryStatus,
  type CreateWebhookEndpointRequest,
  type ListWebhookDeliveriesQueryDto,
  type ListWebhookEndpointsQueryDto,
  type RecoverWebhookDeliveriesRequest,
  type UpdateWebhookEndpointRequest,
  type WebhookAttemptDto,
  type WebhookAttemptOutcome,
  type WebhookDeliveriesRecoveredDto,
  type WebhookDeliveryDetailDto,
  type WebhookDeliveryDto,
  type WebhookDeliveryListResponse,
  type WebhookEndpointCreatedDto,
  type WebhookEndpointDto,
  type WebhookEndpointListResponse,
  type WebhookEventTypesResponse,
  type WebhookPayloadDto,
  type WebhookSecretRotatedDto,
  type WebhookTestEventSentDto,
} from '#contracts';
import { uuidv7 } from '#platform';
import { AuthErrors } from '../auth/auth.errors.js';
import type { ApiKeyPrincipal } from '../auth/principal.js';
import { LeadDistributionConfig } from '../config/lead-distribution.config.js';
import { WEBHOOK_TEST_EVENT_TYPE } from './webhook-event-types.js';
import type { WebhookPayload } from './webhook-payloads.js';
import { SECRET_OVERLAP_MS, WebhookSecrets } from './webhook-secrets.js';
import { WebhookWorker } from './webhook-worker.js';
import { webhookUrlRefusal } from './webhook-url-check.js';
import { WebhookErrors } from './webhooks.errors.js';
import { WebhooksRepository, type AttemptRow, type DeliveryRow, type EndpointChanges, type EndpointRow } from './webhooks.repository.js';

const TEST_EVENT_MESSAGE = 'A test event from lead-distribution: this endpoint receives and can verify deliveries.';

/**
 * A partner's webhook endpoints and their delivery log. A partner key reaches its own partner's
 * endpoints and deliveries, an operator key any partner's; another partner's are not found (404),
 * never forbidden, so ids leak nothing. What it makes due now (a test event, a resend, a recovery,
 * an endpoint enabled again) wakes this replica's worker once committed, as a claim's resend does.
 */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly repository: WebhooksRepository,
    private readonly secrets: WebhookSecrets,
    private readonly config: LeadDistributionConfig,
    private readonly worker: WebhookWorker,
  ) {}

  async create(partnerId: number, input: CreateWebhookEndpointRequest): Promise<WebhookEndpointCreatedDto> {
    const url = await this.checkUrl(input.url);
    const secret = this.secrets.generate();
    const row = await this.repository.transaction(async (tx) => {
      const count = await this.repository.lockAndCountForPartner(tx, partnerId);
      if (count >= MAX_WEBHOOK_ENDPOINTS_PER_PARTNER) throw WebhookErrors.endpointLimit(MAX_WEBHOOK_ENDPOINTS_PER_PARTNER);
      return this.repository.insert(tx, {
        id: uuidv7(),
        partnerId,
        url,
        description: input.description || null,
        eventTypes: input.eventTypes,
        parallelDelivery: input.parallelDelivery ?? false,
        secret: this.secrets.seal(secret),
      });
    });
    return { ...toEndpointResponse(row), secret };
  }

  async list(partnerId: number, query: ListWebhookEndpointsQueryDto): Promise<WebhookEndpointListResponse> {
    const { rows, total } = await this.repository.listForPartner(partnerId, (query.page - 1) * query.limit, query.limit);
    return { data: rows.map(toEndpointResponse), pagination: toPagination(query, total) };
  }

  async get(principal: ApiKeyPrincipal, id: string): Promise<WebhookEndpointDto> {
    return toEndpointResponse(await this.requireEndpoint(principal, id));
  }

  /**
   * Changes what is given. `enabled: false` disables an enabled endpoint, saying who did;
   * `enabled: true` enables a disabled one and forgets why it was disabled and its failing run.
   */
  async update(principal: ApiKeyPrincipal, id: string, input: UpdateWebhookEndpointRequest): Promise<WebhookEndpointDto> {
    const url = input.url === undefined ? undefined : await this.checkUrl(input.url);
    let madeDue = false;
    const row = await this.repository.transaction(async (tx) => {
      const endpoint = await this.repository.lock(tx, id, ownerOf(principal), 'update');
      if (!endpoint) throw WebhookErrors.endpointNotFound(id);
      const changes: EndpointChanges = {
        url,
        description: input.description === undefined ? undefined : input.description || null,
        eventTypes: input.eventTypes,
        parallelDelivery: input.parallelDelivery,
      };
      if (input.enabled === false && endpoint.enabled) {
        Object.assign(changes, { enabled: false, disabledReason: disabledBy(principal), disabledAt: new Date() });
      }
      if (input.enabled === true && !endpoint.enabled) {
        Object.assign(changes, { enabled: true, disabledReason: null, disabledAt: null, failingSince: null });
      }
      if (Object.values(changes).every((value) => value === undefined)) return endpoint;
      const updated = await this.repository.update(tx, id, changes);
      // Enabled again: all it held back is due; made parallel: what its ordered queue held back.
      const enabledAgain = !endpoint.enabled && updated.enabled;
      madeDue = enabledAgain || (!endpoint.parallelDelivery && updated.parallelDelivery);
      if (madeDue) await this.repository.wakePending(tx, id, !enabledAgain);
      return updated;
    });
    if (madeDue) this.worker.wake();
    return toEndpointResponse(row);
  }

  async delete(principal: ApiKeyPrincipal, id: string): Promise<void> {
    if (!(await this.repository.delete(id, ownerOf(principal)))) throw WebhookErrors.endpointNotFound(id);
  }

  /** A new secret, shown once; the one it replaces keeps signing beside it for SECRET_OVERLAP_MS. */
  async rotateSecret(principal: ApiKeyPrincipal, id: string): Promise<WebhookSecretRotatedDto> {
    const secret = this.secrets.generate();
    const previousSecretExpiresAt = new Date(Date.now() + SECRET_OVERLAP_MS);
    if (!(await this.repository.rotateSecret(id, ownerOf(principal), this.secrets.seal(secret), previousSecretExpiresAt))) {
      throw WebhookErrors.endpointNotFound(id);
    }
    return { secret, previousSecretExpiresAt: previousSecretExpiresAt.toISOString() };
  }

  /** A `webhook.test` event, its payload written now, delivered to this endpoint only. */
  async sendTestEvent(principal: ApiKeyPrincipal, id: string): Promise<WebhookTestEventSentDto> {
    const eventId = uuidv7();
    const deliveryId = uuidv7();
    await this.repository.transaction(async (tx) => {
      const endpoint = await this.repository.lock(tx, id, ownerOf(principal), 'share');
      if (!endpoint) throw WebhookErrors.endpointNotFound(id);
      if (!endpoint.enabled) throw WebhookErrors.endpointDisabled(id);
      const occurredAt = new Date();
      const payload: WebhookPayload = {
        id: eventId,
        type: WEBHOOK_TEST_EVENT_TYPE,
        timestamp: occurredAt.toISOString(),
        data: { endpointId: id, message: TEST_EVENT_MESSAGE },
      };
      await this.repository.insertTestEvent(tx, {
        eventId,
        deliveryId,
        partnerId: endpoint.partnerId,
        endpointId: id,
        occurredAt,
        payload,
      });
    });
    this.worker.wake();
    return { eventId, deliveryId };
  }

  async listDeliveries(
    principal: ApiKeyPrincipal,
    endpointId: string,
    query: ListWebhookDeliveriesQueryDto,
  ): Promise<WebhookDeliveryListResponse> {
    await this.requireEndpoint(principal, endpointId);
    const { rows, total } = await this.repository.listDeliveries({
      endpointId,
      status: query.status,
      eventType: query.eventType,
      since: query.since,
      until: query.until,
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    });
    return { data: rows.map(toDeliveryResponse), pagination: toPagination(query, total) };
  }

  /** The delivery and its attempts as of one moment (one snapshot: an attempt recorded between two reads shows in both or neither). */
  async getDelivery(principal: ApiKeyPrincipal, id: string): Promise<WebhookDeliveryDetailDto> {
    const [row, attempts] = await this.repository.snapshot(async (tx) => {
      const found = await this.repository.findDelivery(id, ownerOf(principal), tx);
      return [found, found ? await this.repository.attempts(id, tx) : []] as const;
    });
    if (!row) throw WebhookErrors.deliveryNotFound(id);
    return {
      ...toDeliveryResponse(row),
      payload: row.payload as WebhookPayloadDto | null,
      attempts: attempts.map(toAttemptResponse),
    };
  }

  /**
   * Sends a delivery again: a delivered or failed one starts a new cycle of attempts now, a pending
   * one is tried now. Not while its endpoint is disabled (it would only wait).
   */
  async resend(principal: ApiKeyPrincipal, id: string): Promise<WebhookDeliveryDto> {
    const row = await this.repository.transaction(async (tx) => {
      const delivery = await this.repository.lockDelivery(tx, id, ownerOf(principal));
      if (!delivery) throw WebhookErrors.deliveryNotFound(id);
      if (!delivery.endpointEnabled) throw WebhookErrors.endpointDisabled(delivery.endpointId);
      if (delivery.status === WebhookDeliveryStatus.Pending) await this.repository.hurry(tx, id);
      else await this.repository.restart(tx, id);
      return this.repository.findDeliveryRow(tx, id);
    });
    this.worker.wake();
    return toDeliveryResponse(row);
  }

  /** Every FAILED delivery of the endpoint created in [since, until) starts a new cycle of attempts now. */
  async recover(
    principal: ApiKeyPrincipal,
    endpointId: string,
    input: RecoverWebhookDeliveriesRequest,
  ): Promise<WebhookDeliveriesRecoveredDto> {
    if (input.until !== undefined && new Date(input.until).getTime() <= new Date(input.since).getTime()) {
      throw WebhookErrors.untilNotAfterSince();
    }
    const count = await this.repository.transaction(async (tx) => {
      const endpoint = await this.repository.lock(tx, endpointId, ownerOf(principal), 'share');
      if (!endpoint) throw WebhookErrors.endpointNotFound(endpointId);
      if (!endpoint.enabled) throw WebhookErrors.endpointDisabled(endpointId);
      return this.repository.restartFailed(tx, endpointId, input.since, input.until ?? null);
    });
    if (count > 0) this.worker.wake();
    return { count };
  }

  eventTypes(): WebhookEventTypesResponse {
    return {
      data: WEBHOOK_EVENT_CATALOGUE.map((entry) => ({
        type: entry.type,
        description: entry.description,
        schema: entry.schemaName,
        example: { ...entry.example },
      })),
    };
  }

  private async requireEndpoint(principal: ApiKeyPrincipal, id: string): Promise<EndpointRow> {
    const row = await this.repository.find(id, ownerOf(principal));
    if (!row) throw WebhookErrors.endpointNotFound(id);
    return row;
  }

  /** The URL to store, normalised (the one deliveries go to), once its host may be reached; else a 400 naming `url`. */
  private async checkUrl(sent: string): Promise<string> {
    const url = normalizeWebhookUrl(sent);
    if (url.length > MAX_WEBHOOK_URL_LENGTH)
      throw WebhookErrors.urlRefused(`must be at most ${MAX_WEBHOOK_URL_LENGTH} characters once normalised`);
    const refusal = await webhookUrlRefusal(url, {
      production: this.config.NODE_ENV === 'production',
      allowPrivate: this.config.WEBHOOK_ALLOW_PRIVATE_ADDRESSES,
    });
    if (refusal) throw WebhookErrors.urlRefused(refusal);
    return url;
  }
}

/** The partner a key is limited to; null for an operator key, which reaches every partner's endpoints. */
function ownerOf(principal: ApiKeyPrincipal): number | null {
  switch (principal.role) {
    case ApiKeyRole.Partner:
      return principal.partnerId;
    case ApiKeyRole.Operator:
      return null;
    case ApiKeyRole.Provider:
      // @Roles keeps provider keys out of every webhook operation.
      throw AuthErrors.roleForbidden();
  }
}

function disabledBy(principal: ApiKeyPrincipal): string {
  return principal.role === ApiKeyRole.Operator ? 'disabled by an operator' : 'disabled by the partner';
}

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

export function toEndpointResponse(row: EndpointRow): WebhookEndpointDto {
  return {
    id: row.id,
    partnerId: row.partnerId,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    disabledAt: iso(row.disabledAt),
    parallelDelivery: row.parallelDelivery,
    failingSince: iso(row.failingSince),
    previousSecretExpiresAt: iso(row.previousSecretExpiresAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toDeliveryResponse(row: DeliveryRow): WebhookDeliveryDto {
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status as WebhookDeliveryStatus,
    attemptCount: row.attemptCount,
    nextAttemptAt: iso(row.nextAttemptAt),
    lastAttemptAt: iso(row.lastAttemptAt),
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    deliveredAt: iso(row.deliveredAt),
    createdAt: row.createdAt.toISOString(),
  };
}

function toAttemptResponse(row: AttemptRow): WebhookAttemptDto {
  return {
    id: row.id,
    attemptedAt: row.attemptedAt.toISOString(),
    outcome: row.outcome as WebhookAttemptOutcome,
    statusCode: row.statusCode,
    latencyMs: row.latencyMs,
    responseExcerpt: row.responseExcerpt,
    error: row.error,
    nextAttemptAt: iso(row.nextAttemptAt),
  };
}
