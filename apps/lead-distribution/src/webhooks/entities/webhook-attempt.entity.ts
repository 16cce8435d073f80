import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { WebhookDelivery } from './webhook-delivery.entity.js';

/** One HTTP attempt of a delivery, as the log shows it. */
@Entity({ name: 'webhook_attempts' })
@Index('idx_webhook_attempts_delivery', ['deliveryId', 'attemptedAt'])
export class WebhookAttempt {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'delivery_id', type: 'uuid' })
  deliveryId!: string;

  @ManyToOne(() => WebhookDelivery, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'delivery_id', foreignKeyConstraintName: 'fk_webhook_attempts_delivery' })
  delivery?: Relation<WebhookDelivery>;

  @Column({ name: 'attempted_at', type: 'timestamptz' })
  attemptedAt!: Date;

  /** SUCCESS, HTTP_ERROR, TIMEOUT, NETWORK_ERROR, BLOCKED_ADDRESS (the URL resolved to a refused address). */
  @Column({ type: 'varchar', length: 24 })
  outcome!: string;

  @Column({ name: 'status_code', type: 'int', nullable: true })
  statusCode!: number | null;

  @Column({ name: 'latency_ms', type: 'int' })
  latencyMs!: number;

  /** The first bytes of the response body (at most 1 KiB, as text). */
  @Column({ name: 'response_excerpt', type: 'text', nullable: true })
  responseExcerpt!: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  error!: string | null;

  /** When the next attempt was scheduled by this one (null: none, delivered or failed for good). */
  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt!: Date | null;
}
