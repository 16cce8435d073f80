import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { Customer } from '../../customers/entities/customer.entity.js';
import { Organisation } from '../../organisations/entities/organisation.entity.js';
import { User } from '../../users/entities/user.entity.js';
import { CustomerVerification } from '../../verifications/entities/customer-verification.entity.js';
import { CoverageCatalogueVersion } from './coverage-catalogue-version.entity.js';

/**
 * A coverage analysis as it was answered: the spec's `analysis` object, JSON, sealed with the
 * platform field cipher (it holds the customer's name, phone and birth date and the names on their
 * contracts), and the insights beside it. `id` is the `seq` of `{ seq, analysis, insights }`. Deleted with its
 * customer (CASCADE).
 */
@Entity({ name: 'coverage_analyses' })
export class CoverageAnalysis {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'organisation_id', type: 'uuid' })
  organisationId!: string;

  @ManyToOne(() => Organisation, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'organisation_id', foreignKeyConstraintName: 'fk_coverage_analyses_organisation' })
  organisation?: Relation<Organisation>;

  /** The planner who ran it; null once that user is deleted (then only admins see it). */
  @Index('idx_coverage_analyses_planner')
  @Column({ name: 'planner_id', type: 'uuid', nullable: true })
  plannerId!: string | null;

  @ManyToOne(() => User, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'planner_id', foreignKeyConstraintName: 'fk_coverage_analyses_planner' })
  planner?: Relation<User> | null;

  @Index('idx_coverage_analyses_customer')
  @Column({ name: 'customer_id', type: 'uuid' })
  customerId!: string;

  @ManyToOne(() => Customer, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'customer_id', foreignKeyConstraintName: 'fk_coverage_analyses_customer' })
  customer?: Relation<Customer>;

  /** The verification whose token authorised it (and the consents given with it). */
  @Index('idx_coverage_analyses_verification')
  @Column({ name: 'verification_id', type: 'uuid', nullable: true })
  verificationId!: string | null;

  @ManyToOne(() => CustomerVerification, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'verification_id', foreignKeyConstraintName: 'fk_coverage_analyses_verification' })
  verification?: Relation<CustomerVerification> | null;

  /** The catalogue version whose recommended amounts and synonyms it used. */
  @Column({ name: 'catalogue_version', type: 'varchar', length: 32 })
  catalogueVersion!: string;

  @ManyToOne(() => CoverageCatalogueVersion, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'catalogue_version', foreignKeyConstraintName: 'fk_coverage_analyses_catalogue_version' })
  catalogue?: Relation<CoverageCatalogueVersion>;

  /** `analysis.inquiry_time`: the analysis date in Korea. */
  @Column({ name: 'inquiry_date', type: 'date' })
  inquiryDate!: string;

  @Column({ name: 'key_id', type: 'varchar', length: 32 })
  keyId!: string;

  /** The `analysis` object as JSON, AES-256-GCM-encrypted with the key `key_id`. */
  @Column({ name: 'payload_ciphertext', type: 'bytea' })
  payloadCiphertext!: Buffer;

  /**
   * The insights answered beside the analysis (`insights`), as JSON, sealed with the same key `key_id`;
   * null for an analysis stored before insights existed. They hold the monthly income when one was given.
   */
  @Column({ name: 'insights_ciphertext', type: 'bytea', nullable: true })
  insightsCiphertext!: Buffer | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
