import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import type { NhisAuthProvider, NhisAuthStatus, SecondStepMethod, Telecom } from '#contracts';
import { Customer } from '../../customers/entities/customer.entity.js';
import { Organisation } from '../../organisations/entities/organisation.entity.js';
import { User } from '../../users/entities/user.entity.js';
import { CustomerVerification } from '../../verifications/entities/customer-verification.entity.js';

/** What a two-step sign-in is for: each feature finds only its own. */
export enum TwoStepPurpose {
  /** The insurance-data source's second step before a coverage analysis (the continuation). */
  CoverageAnalysis = 'COVERAGE_ANALYSIS',
  /** The NHIS's simple authentication before the check-ups are looked up. */
  NhisCheckups = 'NHIS_CHECKUPS',
}

/**
 * A sign-in with an outside source that asked the customer for a second step (a code by SMS or
 * e-mail, a secure number, an approval in their app): the source's two-step state, sealed, from the
 * source's first ask until `expires_at` (the database's clock). A follow-up holds the row
 * (`held_until`) while the source answers, so two follow-ups never both reach it; wrong codes are
 * counted. Completed, its answer may be used until `usable_until`; refused, it says so. Never the
 * customer's password for the source: a follow-up sends it again. Past its use the sealed state is
 * forgotten (TwoStepSweep); deleted with its customer or verification (CASCADE).
 */
@Entity({ name: 'two_step_sign_ins' })
@Index('idx_two_step_sign_ins_expires_at', ['expiresAt'])
export class TwoStepSignIn {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 24 })
  purpose!: TwoStepPurpose;

  @Column({ name: 'organisation_id', type: 'uuid' })
  organisationId!: string;

  @ManyToOne(() => Organisation, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'organisation_id', foreignKeyConstraintName: 'fk_two_step_sign_ins_organisation' })
  organisation?: Relation<Organisation>;

  /** The planner who started it; null once that user is deleted (then only admins see it). */
  @Index('idx_two_step_sign_ins_planner')
  @Column({ name: 'planner_id', type: 'uuid', nullable: true })
  plannerId!: string | null;

  @ManyToOne(() => User, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'planner_id', foreignKeyConstraintName: 'fk_two_step_sign_ins_planner' })
  planner?: Relation<User> | null;

  @Index('idx_two_step_sign_ins_customer')
  @Column({ name: 'customer_id', type: 'uuid' })
  customerId!: string;

  @ManyToOne(() => Customer, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'customer_id', foreignKeyConstraintName: 'fk_two_step_sign_ins_customer' })
  customer?: Relation<Customer>;

  /** The verification whose token authorised it, when one did (a coverage analysis). */
  @Index('idx_two_step_sign_ins_verification')
  @Column({ name: 'verification_id', type: 'uuid', nullable: true })
  verificationId!: string | null;

  @ManyToOne(() => CustomerVerification, { nullable: true, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'verification_id', foreignKeyConstraintName: 'fk_two_step_sign_ins_verification' })
  verification?: Relation<CustomerVerification> | null;

  /** The step the source asks for now (the latest, when it asked for several). */
  @Column({ type: 'varchar', length: 16 })
  method!: SecondStepMethod;

  /** The app the customer approves in, when the caller chose it (NHIS simple authentication), and its carrier (PASS). */
  @Column({ type: 'varchar', length: 16, nullable: true })
  provider!: NhisAuthProvider | null;

  @Column({ type: 'varchar', length: 16, nullable: true })
  telecom!: Telecom | null;

  @Column({ name: 'key_id', type: 'varchar', length: 32 })
  keyId!: string;

  /** The source's two-step state, AES-256-GCM-encrypted with the key `key_id`; empty once forgotten. */
  @Column({ name: 'reference_ciphertext', type: 'bytea' })
  referenceCiphertext!: Buffer;

  /** What the caller needs back at the follow-up (a coverage analysis: the monthly income), sealed with `key_id`; null when none. */
  @Column({ name: 'context_ciphertext', type: 'bytea', nullable: true })
  contextCiphertext!: Buffer | null;

  /** PENDING until the source answers; COMPLETED or REFUSED (the words NHIS authentications answer). */
  @Column({ type: 'varchar', length: 16 })
  status!: NhisAuthStatus;

  /** Wrong codes sent so far (MAX_WRONG_ANSWERS drops it). */
  @Column({ name: 'wrong_answers', type: 'smallint', default: 0 })
  wrongAnswers!: number;

  /** When the source first asked. */
  @Column({ name: 'requested_at', type: 'timestamptz' })
  requestedAt!: Date;

  /** The step must be completed before then (SIGN_IN_TTL_SECONDS after the first ask; a further step does not extend it). */
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  /** A follow-up is with the source until then; null when none is. */
  @Column({ name: 'held_until', type: 'timestamptz', nullable: true })
  heldUntil!: Date | null;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;

  /** A completed sign-in's answer may be used until then (NHIS: check-ups looked up); null before. */
  @Column({ name: 'usable_until', type: 'timestamptz', nullable: true })
  usableUntil!: Date | null;
}
