import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The outbox: one row per event for one partner, recorded by the owner of the change in its
 * transaction, through `record_webhook_events_v1` (sql/, `WebhookOutboxService.record`), and only
 * while the partner has an enabled
 * endpoint subscribed to the type. `seq` orders an endpoint's deliveries. The payload is rendered by a
 * worker at its next poll after the commit (WebhookPayloadRenderer) and frozen: every retry and every
 * endpoint sends the same bytes.
 */
@Entity({ name: 'webhook_events' })
@Index('idx_webhook_events_occurred', ['occurredAt'])
// Events not rendered yet (partial: WHERE payload IS NULL), written by migration WebhookDeliveryQueues.
@Index('idx_webhook_events_unrendered', { synchronize: false })
export class WebhookEvent {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Index('uq_webhook_events_seq', { unique: true })
  @Column({ type: 'bigint', generatedIdentity: 'ALWAYS', generated: 'identity' })
  seq!: string;

  /** `lead.assigned`, `lead.recalled`, `lead_as.reviewed`, `order.completed`, `order.cancelled`, `webhook.test`. */
  @Column({ type: 'varchar', length: 40 })
  type!: string;

  /** The partner told. */
  @Column({ name: 'partner_id', type: 'int' })
  partnerId!: number;

  /** The lead, order, AS request or (for `webhook.test`) endpoint the event is about. */
  @Column({ name: 'subject_id', type: 'uuid' })
  subjectId!: string;

  /** For `lead.*`: the `lead_assignments` row of the hand-over (its kind, order, partners and time). */
  @Column({ name: 'assignment_id', type: 'uuid', nullable: true })
  assignmentId!: string | null;

  /** For `lead_as.reviewed`, `order.*`: the status the change set (the row may have moved on since). */
  @Column({ name: 'subject_status', type: 'varchar', length: 16, nullable: true })
  subjectStatus!: string | null;

  @Column({ name: 'occurred_at', type: 'timestamptz', default: () => 'now()' })
  occurredAt!: Date;

  /**
   * `{id, type, timestamp, data}`, rendered once (WebhookWorker). `json`, not `jsonb`: kept as
   * rendered, keys in the order the API's mappers give them, so a partner reads the body as the API
   * writes the same object.
   */
  @Column({ type: 'json', nullable: true })
  payload!: Record<string, unknown> | null;
}
