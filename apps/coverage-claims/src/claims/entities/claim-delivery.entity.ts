import { Column, CreateDateColumn, Entity, Index, JoinColumn, OneToOne, PrimaryColumn, type Relation } from 'typeorm';
import { Claim } from './claim.entity.js';

/**
 * The transactional outbox of claim faxes: a row is written in the transaction that files the claim
 * and removed in the one that records its end (SENT or FAILED). Workers take due rows with
 * `FOR UPDATE SKIP LOCKED` and hold each by a lease while they work on it. An attempt's fax is handed
 * to the gateway under `request_id`, written first; the row then waits for the gateway's result.
 */
@Entity({ name: 'claim_deliveries' })
@Index('idx_claim_deliveries_due', ['nextAttemptAt'])
export class ClaimDelivery {
  @PrimaryColumn({ name: 'claim_id', type: 'integer' })
  claimId!: number;

  @OneToOne(() => Claim, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'claim_id', foreignKeyConstraintName: 'fk_claim_deliveries_claim' })
  claim?: Relation<Claim>;

  /** Attempts started so far. */
  @Column({ type: 'int', default: 0 })
  attempts!: number;

  /** The take that holds the row now (null between takes): every outcome is recorded under it. */
  @Column({ name: 'lease_id', type: 'uuid', nullable: true })
  leaseId!: string | null;

  /** The current attempt's request id at the fax gateway, written before the fax is handed over. */
  @Column({ name: 'request_id', type: 'varchar', length: 36, nullable: true })
  requestId!: string | null;

  /** The gateway's receipt for that request, once it gave one. */
  @Column({ name: 'receipt_id', type: 'varchar', length: 64, nullable: true })
  receiptId!: string | null;

  /** When the request id was written: a fax with no final result long after is given up (RESULT_UNKNOWN). */
  @Column({ name: 'submitted_at', type: 'timestamptz', nullable: true })
  submittedAt!: Date | null;

  /** When a worker may take it next: now for a new claim, later after a retryable failure or while leased. */
  @Column({ name: 'next_attempt_at', type: 'timestamptz' })
  nextAttemptAt!: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
