import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn, type Relation } from 'typeorm';
import type { Gender } from '#contracts';
import { Organisation } from '../../organisations/entities/organisation.entity.js';
import { User } from '../../users/entities/user.entity.js';

/**
 * A person a planner analyses or files a claim for, in one organisation. Name, birth date, phone and
 * CI are stored only AES-256-GCM-encrypted (sealed together with the key `key_id`); keyed hashes
 * beside them find the customer without decrypting: `identity_hash` (name, birth date and phone:
 * one customer per person, organisation and planner: a planner's customers are theirs alone) and
 * `phone_hash`.
 *
 * Tables holding data derived from a customer reference `customers(id) ON DELETE CASCADE`; what
 * does not (claims' files and stored objects, adapters' records, idempotency records) a customer's
 * deletion removes through CustomerErasure, in the same transaction.
 */
@Entity({ name: 'customers' })
@Index('uq_customers_planner_identity', ['organisationId', 'plannerId', 'identityHash'], { unique: true })
@Index('idx_customers_organisation_phone', ['organisationId', 'phoneHash'])
@Index('uq_customers_number', ['number'], { unique: true })
export class Customer {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  /**
   * The customer's integer number, given by the database (an identity column, never reused): the
   * analysis payload's `customer_id`, which the spec types as an integer. Numbers have gaps (an upsert
   * of a known customer draws one too).
   */
  @Column({ type: 'integer', generated: 'identity', generatedIdentity: 'ALWAYS' })
  number!: number;

  @Column({ name: 'organisation_id', type: 'uuid' })
  organisationId!: string;

  @ManyToOne(() => Organisation, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'organisation_id', foreignKeyConstraintName: 'fk_customers_organisation' })
  organisation?: Relation<Organisation>;

  /** The planner who created the customer; null once that user is deleted (then only admins see it). */
  @Index('idx_customers_planner')
  @Column({ name: 'planner_id', type: 'uuid', nullable: true })
  plannerId!: string | null;

  @ManyToOne(() => User, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'planner_id', foreignKeyConstraintName: 'fk_customers_planner' })
  planner?: Relation<User> | null;

  @Column({ name: 'identity_hash', type: 'char', length: 64 })
  identityHash!: string;

  @Column({ name: 'phone_hash', type: 'char', length: 64 })
  phoneHash!: string;

  /** The data key name, birth date and phone are sealed with (together, on every upsert). */
  @Column({ name: 'key_id', type: 'varchar', length: 32 })
  keyId!: string;

  @Column({ name: 'name_ciphertext', type: 'bytea' })
  nameCiphertext!: Buffer;

  /** YYYYMMDD, encrypted. */
  @Column({ name: 'birth_date_ciphertext', type: 'bytea' })
  birthDateCiphertext!: Buffer;

  /** Digits only, encrypted. */
  @Column({ name: 'phone_ciphertext', type: 'bytea' })
  phoneCiphertext!: Buffer;

  /** Connecting information, once an identity source gives it; sealed on its own, so with its own key id. */
  @Column({ name: 'ci_ciphertext', type: 'bytea', nullable: true })
  ciCiphertext!: Buffer | null;

  @Column({ name: 'ci_key_id', type: 'varchar', length: 32, nullable: true })
  ciKeyId!: string | null;

  /** Null until a confirmed verification states it (a customer first recorded by a claim, whose form has no gender). */
  @Column({ type: 'varchar', length: 1, nullable: true })
  gender!: Gender | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
