import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import type { AnalysisSecondStepMethod } from '#contracts';
import { Customer } from '../../customers/entities/customer.entity.js';
import { Organisation } from '../../organisations/entities/organisation.entity.js';
import { User } from '../../users/entities/user.entity.js';
import { CustomerVerification } from '../../verifications/entities/customer-verification.entity.js';

/**
 * A coverage analysis waiting for the second step the insurance-data source asked for (an SMS code,
 * a secure number, an app approval), until `expires_at` (270 s after the source first asked, the
 * database's clock). The port's reference is sealed (it is the source's two-step state). Never the
 * customer's sign-in: the follow-up sends it again. A follow-up holds the row (`held_until`) while
 * the source answers, so two follow-ups never both reach it; the row is deleted once the analysis is
 * stored or the step failed for good, and with its customer or verification (CASCADE).
 */
@Entity({ name: 'analysis_continuations' })
export class AnalysisContinuation {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'organisation_id', type: 'uuid' })
  organisationId!: string;

  @ManyToOne(() => Organisation, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'organisation_id', foreignKeyConstraintName: 'fk_analysis_continuations_organisation' })
  organisation?: Relation<Organisation>;

  /** The planner who started it; null once that user is deleted (then only admins see it). */
  @Index('idx_analysis_continuations_planner')
  @Column({ name: 'planner_id', type: 'uuid', nullable: true })
  plannerId!: string | null;

  @ManyToOne(() => User, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'planner_id', foreignKeyConstraintName: 'fk_analysis_continuations_planner' })
  planner?: Relation<User> | null;

  @Index('idx_analysis_continuations_customer')
  @Column({ name: 'customer_id', type: 'uuid' })
  customerId!: string;

  @ManyToOne(() => Customer, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'customer_id', foreignKeyConstraintName: 'fk_analysis_continuations_customer' })
  customer?: Relation<Customer>;

  /** The verification whose token started the analysis; the stored analysis records it too. */
  @Index('idx_analysis_continuations_verification')
  @Column({ name: 'verification_id', type: 'uuid' })
  verificationId!: string;

  @ManyToOne(() => CustomerVerification, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'verification_id', foreignKeyConstraintName: 'fk_analysis_continuations_verification' })
  verification?: Relation<CustomerVerification>;

  /** The step the source asks for now (the latest, when it asked for several). */
  @Column({ type: 'varchar', length: 16 })
  method!: AnalysisSecondStepMethod;

  @Column({ name: 'key_id', type: 'varchar', length: 32 })
  keyId!: string;

  /** The port's SecondStep.reference, AES-256-GCM-encrypted with the key `key_id`. */
  @Column({ name: 'reference_ciphertext', type: 'bytea' })
  referenceCiphertext!: Buffer;

  /** The request's `monthlyIncome` (decimal digits), sealed with the key `key_id` as the reference is; null when none was given. */
  @Column({ name: 'monthly_income_ciphertext', type: 'bytea', nullable: true })
  monthlyIncomeCiphertext!: Buffer | null;

  /** Wrong codes sent so far (MAX_WRONG_ANSWERS drops the continuation). */
  @Column({ name: 'wrong_answers', type: 'smallint', default: 0 })
  wrongAnswers!: number;

  /** The follow-up must come before then. */
  @Index('idx_analysis_continuations_expires_at')
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  /** A follow-up is with the source until then; null when none is. */
  @Column({ name: 'held_until', type: 'timestamptz', nullable: true })
  heldUntil!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
