import { Injectable } from '@nestjs/common';
import { AS_STATUS_LABELS, ORDER_STATUS_LABELS, WebhookEventType, type AsStatus, type OrderStatus } from '#contracts';
import { AllocationService } from '../allocation/allocation.service.js';
import { LeadAsService } from '../lead-as/lead-as.service.js';
import { LeadsService } from '../leads/leads.service.js';
import { OrdersService } from '../orders/orders.service.js';

/** An outbox row, as the worker hands it to the renderer. */
export interface OutboxEvent {
  id: string;
  seq: string;
  type: string;
  partnerId: number;
  subjectId: string;
  assignmentId: string | null;
  subjectStatus: string | null;
  occurredAt: Date;
}

/** The body of every delivery (Standard Webhooks' recommended shape, plus the event id). */
export interface WebhookPayload {
  id: string;
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

const ORDER_EVENTS = new Set<string>([WebhookEventType.OrderCompleted, WebhookEventType.OrderCancelled]);

/**
 * Renders an event's payload: what the partner would see in the API at that moment, with contacts
 * always masked (schemas and examples: `libs/contracts/src/lead-distribution/webhook-event.dto.ts`).
 * Called by the worker for events whose payload is not yet stored; the worker stores the result once
 * (first writer wins) and every attempt and endpoint sends those bytes. Each feature builds its part
 * with the mapper its API uses, and the reads are batched: at most one query per event type for all
 * the events of a call, run side by side.
 *
 * What "at that moment" means when the row has moved on since (the worker normally renders within a
 * poll of the event, so it rarely has):
 * - `lead.assigned`: the lead's own fields (product, masked contact, region, birth date, gender, memo,
 *   metadata) are read now and never change; `assignmentId`, `lastDistributedAt` and the `assignment`
 *   are the hand-over's row; `assignedAt` is the last delivery (ORDER, MANUAL) up to the hand-over (a
 *   hand-over down the tree keeps it); `usedAt` is null (a lead is handed over only unused); `leadAs`
 *   lists the AS requests filed up to the hand-over with their status now, which is their status then:
 *   a lead is handed over only while none of its requests is open, and closed ones never change. The
 *   metadata has no `fileUrl` (the single lookup adds CDN URLs; read the lead for them).
 * - `lead.recalled`: the hand-over's row only.
 * - `lead_as.reviewed`: the request as read now, with `status` (and its label) the event's and
 *   `reviewedAt` the event's time (the review and the event share their transaction); a later review
 *   of the same request (HOLD, then APPROVE) would show its note and `updatedAt`.
 * - `order.*`: the order as read now with `status` (and its label) the event's; a replacement owed
 *   after completion would show in `regionQuantities`.
 *
 * An event whose subject cannot be read (nothing deletes leads, orders or AS requests today), or of a
 * type the renderer does not know (`webhook.test` is written with its payload), is left out of the map.
 */
@Injectable()
export class WebhookPayloadRenderer {
  constructor(
    private readonly leads: LeadsService,
    private readonly allocation: AllocationService,
    private readonly leadAs: LeadAsService,
    private readonly orders: OrdersService,
  ) {}

  async render(events: OutboxEvent[]): Promise<Map<string, WebhookPayload>> {
    const ids = (keep: (event: OutboxEvent) => boolean, key: (event: OutboxEvent) => string | null) => [
      ...new Set(events.filter(keep).flatMap((event) => key(event) ?? [])),
    ];
    const [assigned, recalled, asRequests, orders] = await Promise.all([
      this.leads.handedOver(
        ids(
          (event) => event.type === WebhookEventType.LeadAssigned,
          (event) => event.assignmentId,
        ),
      ),
      this.allocation
        .handOvers(
          ids(
            (event) => event.type === WebhookEventType.LeadRecalled,
            (event) => event.assignmentId,
          ),
        )
        .then((rows) => new Map(rows.map((row) => [row.id, row]))),
      this.leadAs.maskedListItems(
        ids(
          (event) => event.type === WebhookEventType.LeadAsReviewed,
          (event) => event.subjectId,
        ),
      ),
      this.orders.findMany(
        ids(
          (event) => ORDER_EVENTS.has(event.type),
          (event) => event.subjectId,
        ),
      ),
    ]);

    const dataOf = (event: OutboxEvent): Record<string, unknown> | undefined => {
      if (event.type === WebhookEventType.LeadAssigned) {
        const handedOver = event.assignmentId ? assigned.get(event.assignmentId) : undefined;
        return handedOver && { lead: handedOver.lead, assignment: handedOver.assignment };
      }
      if (event.type === WebhookEventType.LeadRecalled) {
        const row = event.assignmentId ? recalled.get(event.assignmentId) : undefined;
        return (
          row && {
            leadId: row.leadId,
            fromPartnerId: row.fromPartnerId,
            toPartnerId: row.toPartnerId,
            assignmentId: row.id,
            lastDistributedAt: row.at,
          }
        );
      }
      if (event.type === WebhookEventType.LeadAsReviewed) {
        const item = asRequests.get(event.subjectId);
        const status = (event.subjectStatus ?? item?.status) as AsStatus;
        return (
          item && { asRequest: { ...item, status, statusLabel: AS_STATUS_LABELS[status] }, reviewedAt: event.occurredAt.toISOString() }
        );
      }
      if (ORDER_EVENTS.has(event.type)) {
        const order = orders.get(event.subjectId);
        const status = (event.subjectStatus ?? order?.status) as OrderStatus;
        return order && { order: { ...order, status, statusLabel: ORDER_STATUS_LABELS[status] } };
      }
      return undefined;
    };

    const payloads = new Map<string, WebhookPayload>();
    for (const event of events) {
      const data = dataOf(event);
      if (data) payloads.set(event.id, { id: event.id, type: event.type, timestamp: event.occurredAt.toISOString(), data });
    }
    return payloads;
  }
}
