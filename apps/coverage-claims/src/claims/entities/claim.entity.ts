import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn, type Relation } from 'typeorm';
import type { ClaimCallbackWho, ClaimStatus } from '#contracts';
import { Customer } from '../../customers/entities/customer.entity.js';
import { Organisation } from '../../organisations/entities/organisation.entity.js';
import { User } from '../../users/entities/user.entity.js';

/**
 * An insurance claim a planner filed for a client, as it was sent (or is to be sent) to the insurer:
 * the insurer, bank and job are kept as filed (code and name), not as foreign keys to reference lists
 * that later versions replace. The client's personal data, their job and welfare status, the event
 * and the bank account are sealed together in `data_ciphertext` (AES-256-GCM, key `key_id`); keyed
 * hashes beside them serve the history's exact-match filters. A claim belongs to the customer it was
 * filed for, and goes with them.
 *
 * The history's lists are newest `claim_date` first (then newest id), per organisation and per
 * planner; the filter indexes carry `planner_id` so a planner's filtered page is index-only too.
 */
@Entity({ name: 'claims' })
@Index('idx_claims_organisation_date', ['organisationId', 'claimDate', 'id'])
@Index('idx_claims_planner_date', ['organisationId', 'plannerId', 'claimDate', 'id'])
@Index('idx_claims_client_name', ['organisationId', 'clientNameHash', 'claimDate', 'id', 'plannerId'])
@Index('idx_claims_client_birthday', ['organisationId', 'clientBirthdayHash', 'claimDate', 'id', 'plannerId'])
@Index('idx_claims_client_tel', ['organisationId', 'clientTelHash', 'claimDate', 'id', 'plannerId'])
@Index('idx_claims_failed', ['createdAt', 'id'], { where: "status = 'FAILED'" })
export class Claim {
  /** `claimReqId`: an identity column, never reused. */
  @PrimaryColumn({ type: 'integer', generated: 'identity', generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column({ name: 'organisation_id', type: 'uuid' })
  organisationId!: string;

  @ManyToOne(() => Organisation, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'organisation_id', foreignKeyConstraintName: 'fk_claims_organisation' })
  organisation?: Relation<Organisation>;

  /**
   * The customer it was filed for: the filer's customer of the same identity (name, birth date and
   * phone), recorded when the claim was filed if the filer had none. Deleting the customer deletes
   * the claim.
   */
  @Index('idx_claims_customer')
  @Column({ name: 'customer_id', type: 'uuid' })
  customerId!: string;

  @ManyToOne(() => Customer, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'customer_id', foreignKeyConstraintName: 'fk_claims_customer' })
  customer?: Relation<Customer>;

  /** Who filed it; null once that user is deleted (then only admins see it). */
  @Column({ name: 'planner_id', type: 'uuid', nullable: true })
  plannerId!: string | null;

  @ManyToOne(() => User, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'planner_id', foreignKeyConstraintName: 'fk_claims_planner' })
  planner?: Relation<User> | null;

  /** `fcUserNm`: the filer's name when they filed. */
  @Column({ name: 'planner_name', type: 'varchar', length: 50 })
  plannerName!: string;

  /** `claimDate`: the day it was filed, in Korea. */
  @Column({ name: 'claim_date', type: 'date' })
  claimDate!: string;

  @Column({ name: 'insurer_code', type: 'varchar', length: 8 })
  insurerCode!: string;

  @Column({ name: 'insurer_name', type: 'varchar', length: 50 })
  insurerName!: string;

  @Column({ name: 'insurer_logo_url', type: 'varchar', length: 255 })
  insurerLogoUrl!: string;

  /** The fax number the claim is sent to: the insurer's when it was filed. */
  @Column({ name: 'insurer_fax', type: 'varchar', length: 12 })
  insurerFax!: string;

  @Column({ name: 'bank_code', type: 'varchar', length: 3, nullable: true })
  bankCode!: string | null;

  @Column({ name: 'bank_name', type: 'varchar', length: 50, nullable: true })
  bankName!: string | null;

  @Column({ name: 'callback_who', type: 'varchar', length: 16 })
  callbackWho!: ClaimCallbackWho;

  @Column({ name: 'direct_debit_account', type: 'boolean' })
  directDebitAccount!: boolean;

  @Column({ name: 'file_count', type: 'smallint' })
  fileCount!: number;

  /** The claim terms (ids) in force when it was filed: what its consent page shows. */
  @Column({ name: 'term_ids', type: 'varchar', length: 64, array: true })
  termIds!: string[];

  @Column({ name: 'key_id', type: 'varchar', length: 32 })
  keyId!: string;

  /** ClaimSecrets as JSON, sealed. */
  @Column({ name: 'data_ciphertext', type: 'bytea' })
  dataCiphertext!: Buffer;

  @Column({ name: 'client_name_hash', type: 'char', length: 64 })
  clientNameHash!: string;

  @Column({ name: 'client_birthday_hash', type: 'char', length: 64 })
  clientBirthdayHash!: string;

  @Column({ name: 'client_tel_hash', type: 'char', length: 64 })
  clientTelHash!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: ClaimStatus;

  /** Why the last delivery attempt failed (FAILED: why it was given up). */
  @Column({ name: 'status_reason', type: 'varchar', length: 500, nullable: true })
  statusReason!: string | null;

  /**
   * Attempts of its current delivery once an outcome was recorded (the outbox row, while there is
   * one, counts the attempt in progress); 0 again at a resend. Null for claims that ended before
   * attempts were recorded.
   */
  @Column({ name: 'delivery_attempts', type: 'smallint', nullable: true, default: 0 })
  deliveryAttempts!: number | null;

  /** When the last attempt of its current delivery ended (failed, went through or was given up). */
  @Column({ name: 'last_attempt_at', type: 'timestamptz', nullable: true })
  lastAttemptAt!: Date | null;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt!: Date | null;

  /** The fax gateway's id of the transmission that delivered it (SENT). */
  @Column({ name: 'fax_job_id', type: 'varchar', length: 64, nullable: true })
  faxJobId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
