import { Injectable } from '@nestjs/common';

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

/**
 * Renders an event's payload: what the partner would see in the API at that moment, with contacts
 * always masked. Called by the worker for events whose payload is not yet stored; the worker stores
 * the result once (first writer wins) and every attempt and endpoint sends those bytes.
 *
 * PLACEHOLDER until the payload renderer lands (helper C).
 */
@Injectable()
export class WebhookPayloadRenderer {
  async render(events: OutboxEvent[]): Promise<Map<string, WebhookPayload>> {
    return new Map(
      events.map((event) => [event.id, { id: event.id, type: event.type, timestamp: event.occurredAt.toISOString(), data: {} }]),
    );
  }
}
