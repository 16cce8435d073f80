import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import type { NhisAuthProvider, NhisAuthStatus, Telecom } from '#contracts';
import { Customer } from '../../../customers/entities/customer.entity.js';
import { Organisation } from '../../../organisations/entities/organisation.entity.js';
import { User } from '../../../users/entities/user.entity.js';

/**
 * An NHIS simple authentication (간편인증) of a customer: requested, waiting for the customer's
 * approval in their app until `expires_at`, then completed (check-ups may be looked up until
 * `checkups_allowed_until`) or refused. The adapter's reference is sealed (it can be a session
 * credential of the outside system). Times come from the database's clock.
 */
@Entity({ name: 'nhis_auth_sessions' })
export class NhisAuthSession {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'organisation_id', type: 'uuid' })
  organisationId!: string;

  @ManyToOne(() => Organisation, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'organisation_id', foreignKeyConstraintName: 'fk_nhis_auth_sessions_organisation' })
  organisation?: Relation<Organisation>;

  @Index('idx_nhis_auth_sessions_customer')
  @Column({ name: 'customer_id', type: 'uuid' })
  customerId!: string;

  @ManyToOne(() => Customer, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'customer_id', foreignKeyConstraintName: 'fk_nhis_auth_sessions_customer' })
  customer?: Relation<Customer>;

  /** The planner who requested it; null once that user is deleted (then only admins see it). */
  @Index('idx_nhis_auth_sessions_planner')
  @Column({ name: 'planner_id', type: 'uuid', nullable: true })
  plannerId!: string | null;

  @ManyToOne(() => User, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'planner_id', foreignKeyConstraintName: 'fk_nhis_auth_sessions_planner' })
  planner?: Relation<User> | null;

  @Column({ type: 'varchar', length: 16 })
  provider!: NhisAuthProvider;

  @Column({ type: 'varchar', length: 16, nullable: true })
  telecom!: Telecom | null;

  @Column({ name: 'key_id', type: 'varchar', length: 32 })
  keyId!: string;

  /** The adapter's NhisAuthHandle.reference, AES-256-GCM-encrypted with the key `key_id`. */
  @Column({ name: 'reference_ciphertext', type: 'bytea' })
  referenceCiphertext!: Buffer;

  @Column({ type: 'varchar', length: 16 })
  status!: NhisAuthStatus;

  @Column({ name: 'requested_at', type: 'timestamptz' })
  requestedAt!: Date;

  /** The customer must approve, and the planner complete, before then (270 s after the request). */
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;

  /** Check-ups may be looked up with it until then (10 minutes after completion). */
  @Column({ name: 'checkups_allowed_until', type: 'timestamptz', nullable: true })
  checkupsAllowedUntil!: Date | null;
}
