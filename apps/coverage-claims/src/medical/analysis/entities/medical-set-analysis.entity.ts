import { Column, Entity, Index, JoinColumn, ManyToOne, OneToOne, PrimaryColumn, type Relation } from 'typeorm';
import { CoverageAnalysis } from '../../../coverage-analysis/entities/coverage-analysis.entity.js';
import { User } from '../../../users/entities/user.entity.js';

/**
 * The coverage analysis payload sent with set-analysis for a stored analysis (`seq`): the spec's
 * `analysis` object as received, JSON, sealed with the platform field cipher (it holds the customer's
 * name, phone and birth date). One per analysis: a later set-analysis replaces it. Deleted with the
 * analysis, and so with the customer (CASCADE).
 */
@Entity({ name: 'medical_set_analyses' })
export class MedicalSetAnalysis {
  @PrimaryColumn({ name: 'analysis_id', type: 'uuid' })
  analysisId!: string;

  @OneToOne(() => CoverageAnalysis, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'analysis_id', foreignKeyConstraintName: 'fk_medical_set_analyses_analysis' })
  analysis?: Relation<CoverageAnalysis>;

  /** Who sent it; null once that user is deleted. */
  @Index('idx_medical_set_analyses_sent_by')
  @Column({ name: 'sent_by', type: 'uuid', nullable: true })
  sentBy!: string | null;

  @ManyToOne(() => User, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'sent_by', foreignKeyConstraintName: 'fk_medical_set_analyses_sent_by' })
  sender?: Relation<User> | null;

  @Column({ name: 'key_id', type: 'varchar', length: 32 })
  keyId!: string;

  /** The `analysis` object as JSON, AES-256-GCM-encrypted with the key `key_id`. */
  @Column({ name: 'payload_ciphertext', type: 'bytea' })
  payloadCiphertext!: Buffer;

  @Column({ name: 'received_at', type: 'timestamptz' })
  receivedAt!: Date;
}
