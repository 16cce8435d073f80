import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { Customer } from '../../../customers/entities/customer.entity.js';
import { Organisation } from '../../../organisations/entities/organisation.entity.js';
import { User } from '../../../users/entities/user.entity.js';
import { TwoStepSignIn } from '../../../two-step/entities/two-step-sign-in.entity.js';

/**
 * One examination year of a customer's check-ups as last retrieved: the judged Checkup as JSON,
 * sealed with the platform field cipher (health data). A retrieval replaces the customer's earlier
 * rows; deleted with the customer (CASCADE).
 */
@Entity({ name: 'customer_checkups' })
@Index('uq_customer_checkups_customer_year', ['customerId', 'year'], { unique: true })
export class CustomerCheckup {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'organisation_id', type: 'uuid' })
  organisationId!: string;

  @ManyToOne(() => Organisation, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'organisation_id', foreignKeyConstraintName: 'fk_customer_checkups_organisation' })
  organisation?: Relation<Organisation>;

  @Column({ name: 'customer_id', type: 'uuid' })
  customerId!: string;

  @ManyToOne(() => Customer, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'customer_id', foreignKeyConstraintName: 'fk_customer_checkups_customer' })
  customer?: Relation<Customer>;

  /** The planner who retrieved them; null once that user is deleted. */
  @Index('idx_customer_checkups_planner')
  @Column({ name: 'planner_id', type: 'uuid', nullable: true })
  plannerId!: string | null;

  @ManyToOne(() => User, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'planner_id', foreignKeyConstraintName: 'fk_customer_checkups_planner' })
  planner?: Relation<User> | null;

  /** The simple authentication they were retrieved with (a two-step sign-in). */
  @Index('idx_customer_checkups_nhis_auth')
  @Column({ name: 'nhis_auth_id', type: 'uuid', nullable: true })
  nhisAuthId!: string | null;

  @ManyToOne(() => TwoStepSignIn, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'nhis_auth_id', foreignKeyConstraintName: 'fk_customer_checkups_nhis_auth' })
  nhisAuth?: Relation<TwoStepSignIn> | null;

  @Column({ type: 'smallint' })
  year!: number;

  /** The reference-range version the bands were judged with. */
  @Column({ name: 'reference_version', type: 'varchar', length: 16 })
  referenceVersion!: string;

  @Column({ name: 'key_id', type: 'varchar', length: 32 })
  keyId!: string;

  /** The Checkup (checkup.ts) as JSON, AES-256-GCM-encrypted with the key `key_id`. */
  @Column({ name: 'payload_ciphertext', type: 'bytea' })
  payloadCiphertext!: Buffer;

  @Column({ name: 'retrieved_at', type: 'timestamptz' })
  retrievedAt!: Date;
}
