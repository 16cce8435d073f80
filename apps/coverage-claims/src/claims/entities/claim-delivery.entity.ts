import { Column, CreateDateColumn, Entity, Index, JoinColumn, OneToOne, PrimaryColumn, type Relation } from 'typeorm';
import { Claim } from './claim.entity.js';

/**
 * The transactional outbox of claim faxes: a row is written in the transaction that files the claim
 * and removed in the one that records its end (SENT or FAILED). Workers take due rows with
 * `FOR UPDATE SKIP LOCKED` and hold each by a lease while they send it.
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

  /** When a worker may take it next: now for a new claim, later after a retryable failure or while leased. */
  @Column({ name: 'next_attempt_at', type: 'timestamptz' })
  nextAttemptAt!: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
