import { formatPhone } from '../../src/leads/lead-masking.js';
import { WEBHOOK_EVENT_TYPES } from '../../src/webhooks/webhook-event-types.js';
import { WebhookPayloadRenderer, type OutboxEvent, type WebhookPayload } from '../../src/webhooks/webhook-payloads.js';
import { given, type KeyedPartner } from './given.js';
import { asOperator, leadInput, nextPhone, withKey, type LeadDistributionTestApp } from './lead-distribution.js';
import { insertEndpoint } from './webhooks.js';

/** Nothing is sent (the worker is off), so the endpoints' address is never reached. */
export const ENDPOINT_URL = 'https://partner.example/webhooks';

/** An outbox row as the worker reads it, and what the outbox wrote beside it. */
export interface EventRow extends OutboxEvent {
  payload: Record<string, unknown> | null;
}

/**
 * How the outbox tests act and look: registrations, orders and subscribers through the API, the
 * outbox rows and their deliveries, the payloads the renderer makes of them, and a check that no
 * contact registered through these calls appears in clear. `app` is the test file's app, once started.
 */
export function webhookOutboxCalls(app: () => LeadDistributionTestApp) {
  /** Every contact registered through these calls, to look for in clear in any payload. */
  const clearContacts: Array<{ name: string; phone: string; email: string; address: string }> = [];

  /** A lead's registration body with a contact of its own (remembered for the clear-contact search). */
  function newLead(productId: string, overrides: Record<string, unknown> = {}) {
    const input = leadInput(productId, { name: '김철수', phone: nextPhone(), email: 'chulsoo.kim@example.com', ...overrides });
    clearContacts.push({ name: input.name, phone: input.phone, email: input.email, address: input.address });
    return input;
  }

  const register = async (providerKey: string, input: Record<string, unknown>) =>
    (await withKey(app(), providerKey).post('/api/v1/leads').send(input).expect(201)).body as {
      id: string;
      partnerId: number | null;
      orderId: string | null;
    };

  /** An operator's registration naming the partner (manual delivery); returns the lead id. */
  const deliver = async (productId: string, partnerId: number) =>
    (await asOperator(app()).post('/api/v1/leads').send(newLead(productId, { partnerId })).expect(201)).body.id as string;

  /** A partner with a key and `endpoints` enabled endpoints subscribed to `eventTypes` (every type by default). */
  async function subscriber(
    name: string,
    {
      eventTypes = [...WEBHOOK_EVENT_TYPES],
      endpoints = 1,
      parentId,
    }: { eventTypes?: string[]; endpoints?: number; parentId?: number } = {},
  ) {
    const keyed = await given(app()).partner(name, parentId).key();
    const endpointIds: string[] = [];
    for (let i = 0; i < endpoints; i += 1)
      endpointIds.push((await insertEndpoint(app(), keyed.partner.id, ENDPOINT_URL, { eventTypes })).id);
    return { ...keyed, endpointIds, api: withKey(app(), keyed.apiKey) };
  }

  const placeOrder = async (partner: KeyedPartner, productId: string, regionQuantities: Array<{ region: string; quantity: number }>) =>
    (
      await withKey(app(), partner.apiKey)
        .post('/api/v1/orders')
        .send({ productId, ordererName: '김담당', ordererContact: '010-1234-5678', regionQuantities })
        .expect(201)
    ).body as { id: string; status: string };

  /** Outbox rows matching `where` (on `webhook_events e`), in the order they were written. */
  const events = (where: string, params: unknown[] = []): Promise<EventRow[]> =>
    app().dataSource.query(
      `SELECT id, seq::text AS seq, type, partner_id AS "partnerId", subject_id AS "subjectId", assignment_id AS "assignmentId",
              subject_status AS "subjectStatus", occurred_at AS "occurredAt", payload
         FROM webhook_events e WHERE ${where} ORDER BY e.seq`,
      params,
    );

  const eventsOf = (partnerId: number) => events('e.partner_id = $1', [partnerId]);

  const eventsAbout = (subjectIds: string[]): Promise<Array<{ type: string; partnerId: number }>> =>
    app().dataSource.query(`SELECT type, partner_id AS "partnerId" FROM webhook_events WHERE subject_id = ANY($1::uuid[])`, [subjectIds]);

  /** The one event of `type` about `subjectId` among `events` (fails unless there is exactly one). */
  function only(events: EventRow[], type: string, subjectId: string): EventRow {
    const matching = events.filter((event) => event.type === type && event.subjectId === subjectId);
    expect(matching).toHaveLength(1);
    return matching[0]!;
  }

  /** Checks the event has one PENDING delivery per endpoint in `endpointIds`, in the event's sequence. */
  async function expectDeliveries(event: EventRow, endpointIds: string[]): Promise<void> {
    const rows = await app().dataSource.query<Array<{ endpointId: string; status: string; attemptCount: number; eventSeq: string }>>(
      `SELECT endpoint_id AS "endpointId", status, attempt_count AS "attemptCount", event_seq::text AS "eventSeq"
         FROM webhook_deliveries WHERE event_id = $1 ORDER BY endpoint_id`,
      [event.id],
    );
    expect(rows).toEqual(
      [...endpointIds].sort().map((endpointId) => ({ endpointId, status: 'PENDING', attemptCount: 0, eventSeq: event.seq })),
    );
  }

  /** The payloads of `events` in one render call, as the worker would store and send them (JSON). */
  async function render(events: OutboxEvent[]): Promise<Map<string, WebhookPayload>> {
    const rendered = await app().app.get(WebhookPayloadRenderer).render(events);
    return new Map([...rendered].map(([id, payload]) => [id, JSON.parse(JSON.stringify(payload)) as WebhookPayload]));
  }

  async function renderOne(event: OutboxEvent): Promise<WebhookPayload> {
    const payload = (await render([event])).get(event.id);
    expect(payload).toBeDefined();
    expect(payload).toMatchObject({ id: event.id, type: event.type, timestamp: event.occurredAt.toISOString() });
    expectNoClearContact(payload!);
    return payload!;
  }

  /** No contact registered in this file appears in clear: name, phone (digits or formatted), email, address. */
  function expectNoClearContact(payload: WebhookPayload): void {
    const text = JSON.stringify(payload);
    for (const contact of clearContacts) {
      for (const clear of [contact.name, contact.phone, formatPhone(contact.phone), contact.email, contact.address]) {
        expect(text).not.toContain(clear);
      }
    }
  }

  const leadAsOwnerSees = async (api: ReturnType<typeof withKey>, leadId: string) =>
    (await api.get(`/api/v1/leads/${leadId}`).expect(200)).body as Record<string, unknown> & {
      lastDistributedAt: string;
      assignmentId: string;
    };

  return {
    newLead,
    register,
    deliver,
    subscriber,
    placeOrder,
    events,
    eventsOf,
    eventsAbout,
    only,
    expectDeliveries,
    render,
    renderOne,
    expectNoClearContact,
    leadAsOwnerSees,
  };
}
