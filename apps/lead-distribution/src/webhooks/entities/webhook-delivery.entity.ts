import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { WebhookEndpoint } from './webhook-endpoint.entity.js';
import { WebhookEvent } from './webhook-event.entity.js';

/**
 * One event to one endpoint: PENDING until a 2xx (DELIVERED) or until the retry schedule runs out
 * (FAILED). A worker holds it while sending by a lease (`lease_until`), never by a transaction open
 * across the HTTP call. `attempt_count` counts the attempts of the current cycle (a resend starts a
 * new one); every attempt is a row of the platform's attempt log (`background_attempts`, work `webhook-delivery`).
 */
@Entity({ name: 'webhook_deliveries' })
@Index('uq_webhook_deliveries_event_endpoint', ['eventId', 'endpointId'], { unique: true })
@Index('idx_webhook_deliveries_endpoint_created', ['endpointId', 'createdAt'])
// Due deliveries (partial: WHERE status = 'PENDING'), written by the migration.
@Index('idx_webhook_deliveries_due', { synchronize: false })
// An endpoint's queue (partial: WHERE status = 'PENDING') and its deliveries in flight (partial: WHERE
// lease_until IS NOT NULL), written by the migration WebhookDeliveryQueues.
@Index('idx_webhook_deliveries_pending', { synchronize: false })
@Index('idx_webhook_deliveries_leased', { synchronize: false })
export class WebhookDelivery {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'event_id', type: 'uuid' })
  eventId!: string;

  @ManyToOne(() => WebhookEvent, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'event_id', foreignKeyConstraintName: 'fk_webhook_deliveries_event' })
  event?: Relation<WebhookEvent>;

  /** The event's `seq`, copied so an endpoint's queue is read from one index. */
  @Column({ name: 'event_seq', type: 'bigint' })
  eventSeq!: string;

  @Column({ name: 'endpoint_id', type: 'uuid' })
  endpointId!: string;

  @ManyToOne(() => WebhookEndpoint, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'endpoint_id', foreignKeyConstraintName: 'fk_webhook_deliveries_endpoint' })
  endpoint?: Relation<WebhookEndpoint>;

  /** PENDING, DELIVERED or FAILED. */
  @Column({ type: 'varchar', length: 16, default: 'PENDING' })
  status!: string;

  @Column({ name: 'attempt_count', type: 'int', default: 0 })
  attemptCount!: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true, default: () => 'now()' })
  nextAttemptAt!: Date | null;

  /** Held by a worker until then (it is sending); null when nobody holds it. */
  @Column({ name: 'lease_until', type: 'timestamptz', nullable: true })
  leaseUntil!: Date | null;

  /** The claim holding the lease: only it records the attempt or gives the delivery back. */
  @Column({ name: 'lease_id', type: 'uuid', nullable: true })
  leaseId!: string | null;

  @Column({ name: 'last_attempt_at', type: 'timestamptz', nullable: true })
  lastAttemptAt!: Date | null;

  @Column({ name: 'last_status_code', type: 'int', nullable: true })
  lastStatusCode!: number | null;

  @Column({ name: 'last_error', type: 'varchar', length: 500, nullable: true })
  lastError!: string | null;

  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true })
  deliveredAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
