import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { WebhookEventType } from '#contracts';

/** One event of a change, as its owner records it. */
export interface RecordedEvent {
  type: WebhookEventType;
  /** The partner told. */
  partnerId: number;
  /** The lead (`lead.*`), the AS request (`lead_as.reviewed`) or the order (`order.*`). */
  subjectId: string;
  /** For `lead.*`: the hand-over's `lead_assignments` row. */
  assignmentId?: string | null;
  /** For `lead_as.reviewed`, `order.*`: the status the change set. */
  status?: string | null;
}

/**
 * The outbox's way in for TypeScript (docs/decisions/webhooks.md): the feature whose state changes
 * records its events with `record(tx, …)` in the transaction of the change, so an event is never
 * written without its change nor lost with it. It calls webhooks' `record_webhook_events_v1`
 * (sql/record_webhook_events.v1.sql), the one function that writes `webhook_events` and
 * `webhook_deliveries`, which owners' SQL functions call directly: an event is written only for a
 * partner with an enabled endpoint subscribed to its type, one delivery per such endpoint, in the
 * order given; its time is the transaction's.
 */
@Injectable()
export class WebhookOutboxService {
  async record(tx: EntityManager, events: RecordedEvent[]): Promise<void> {
    if (events.length === 0) return;
    await tx.query(`SELECT record_webhook_events_v1($1::text[], $2::integer[], $3::uuid[], $4::uuid[], $5::text[])`, [
      events.map((event) => event.type),
      events.map((event) => event.partnerId),
      events.map((event) => event.subjectId),
      events.map((event) => event.assignmentId ?? null),
      events.map((event) => event.status ?? null),
    ]);
  }
}
