import { readdirSync, readFileSync } from 'node:fs';
import { WEBHOOK_SUBSCRIBABLE_EVENT_TYPES, WebhookEventType } from '#contracts';

/**
 * The event vocabulary is spelled once, in the contracts (`WebhookEventType`); SQL cannot import it,
 * so every event type a database function of the service records is checked against it here.
 */
const SRC = new URL('../../src/', import.meta.url);
const sqlFiles = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((entry) => entry.endsWith('.sql'));

/** The quoted words of a SQL text shaped as an event type (`'lead.assigned'`), comments left out. */
const eventTypesIn = (sql: string): string[] => [...sql.replace(/--.*$/gm, '').matchAll(/'([a-z_]+\.[a-z_]+)'/g)].map((match) => match[1]!);

const vocabulary = new Set<string>(WEBHOOK_SUBSCRIBABLE_EVENT_TYPES);

describe('the webhook event vocabulary', () => {
  it('is the contracts’ WebhookEventType, every type subscribable', () => {
    expect([...vocabulary].sort()).toEqual(Object.values(WebhookEventType).sort());
  });

  it('finds the event types a SQL text records, and only those', () => {
    expect(eventTypesIn(`PERFORM record_webhook_events_v1(array_agg('lead.asigned'), x) -- 'lead.recalled'`)).toEqual(['lead.asigned']);
  });

  it('the functions that record events name them from the vocabulary', () => {
    const recorded = sqlFiles.flatMap((file) => eventTypesIn(readFileSync(new URL(file, SRC), 'utf8')).map((type) => ({ file, type })));
    // The registration and the order completions record theirs in SQL.
    expect(recorded).toEqual(
      expect.arrayContaining([
        { file: 'allocation/sql/register_leads.v4.sql', type: WebhookEventType.LeadAssigned },
        { file: 'orders/sql/record_order_completions.v1.sql', type: WebhookEventType.OrderCompleted },
      ]),
    );
    expect(recorded.filter(({ type }) => !vocabulary.has(type))).toEqual([]);
  });
});
