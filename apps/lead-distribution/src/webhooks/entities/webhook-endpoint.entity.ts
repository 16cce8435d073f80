import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { Partner } from '../../partners/entities/partner.entity.js';

/**
 * A partner's HTTPS endpoint that receives the events it subscribed to, signed to the Standard
 * Webhooks specification. The signing secret is kept only encrypted (the platform's field cipher): it
 * must be read back to sign. After a rotation the previous secret keeps signing beside the new one
 * until `previous_secret_expires_at`.
 */
@Entity({ name: 'webhook_endpoints' })
@Index('idx_webhook_endpoints_partner', ['partnerId', 'createdAt'])
export class WebhookEndpoint {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'partner_id', type: 'int' })
  partnerId!: number;

  @ManyToOne(() => Partner, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'partner_id', foreignKeyConstraintName: 'fk_webhook_endpoints_partner' })
  partner?: Relation<Partner>;

  @Column({ type: 'varchar', length: 2048 })
  url!: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  description!: string | null;

  /** Event types delivered to it (`lead.assigned`, …): `record_webhook_events_v1` reads this column. */
  @Column({ name: 'event_types', type: 'text', array: true })
  eventTypes!: string[];

  /** Disabled endpoints get no new deliveries and their pending ones wait (`record_webhook_events_v1` reads this). */
  @Column({ type: 'boolean', default: true })
  enabled!: boolean;

  /** Why and when it was disabled: by the partner, by a 410 Gone, or after failing for 5 days. */
  @Column({ name: 'disabled_reason', type: 'varchar', length: 500, nullable: true })
  disabledReason!: string | null;

  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true })
  disabledAt!: Date | null;

  /** Deliveries go out in event order, one at a time, unless the partner opted into parallel delivery. */
  @Column({ name: 'parallel_delivery', type: 'boolean', default: false })
  parallelDelivery!: boolean;

  @Column({ name: 'secret_ciphertext', type: 'bytea' })
  secretCiphertext!: Buffer;

  @Column({ name: 'secret_key_id', type: 'varchar', length: 32 })
  secretKeyId!: string;

  @Column({ name: 'previous_secret_ciphertext', type: 'bytea', nullable: true })
  previousSecretCiphertext!: Buffer | null;

  @Column({ name: 'previous_secret_key_id', type: 'varchar', length: 32, nullable: true })
  previousSecretKeyId!: string | null;

  @Column({ name: 'previous_secret_expires_at', type: 'timestamptz', nullable: true })
  previousSecretExpiresAt!: Date | null;

  /** Start of the current run of failed attempts (null after a success): 5 days of it disables the endpoint. */
  @Column({ name: 'failing_since', type: 'timestamptz', nullable: true })
  failingSince!: Date | null;

  /** Rate cap bookkeeping: attempts started in the second beginning at `rate_window_start`. */
  @Column({ name: 'rate_window_start', type: 'timestamptz', nullable: true })
  rateWindowStart!: Date | null;

  @Column({ name: 'rate_window_count', type: 'int', default: 0 })
  rateWindowCount!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
