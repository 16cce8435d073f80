import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import type { EvidenceMimeType } from '#contracts';
import { Partner } from '../../partners/entities/partner.entity.js';
import { Provider } from '../../providers/entities/provider.entity.js';

export enum StoredFileStatus {
  /** Presigned; the bytes have not arrived (or not been confirmed) yet. */
  Pending = 'PENDING',
  /** The bytes are in storage with the declared size and type. */
  Uploaded = 'UPLOADED',
}

/**
 * A file presigned first, then uploaded straight to storage: a partner's AS evidence, or a provider's
 * file that its leads' metadata references by `fileKey`. Exactly one owner is set.
 */
@Entity({ name: 'stored_files' })
@Check('chk_stored_files_one_owner', `num_nonnulls("partner_id", "provider_id") = 1`)
export class StoredFile {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Index('idx_stored_files_partner_id')
  @Column({ name: 'partner_id', type: 'int', nullable: true })
  partnerId!: number | null;

  @ManyToOne(() => Partner, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'partner_id', foreignKeyConstraintName: 'fk_stored_files_partner' })
  partner?: Relation<Partner> | null;

  @Index('idx_stored_files_provider_id')
  @Column({ name: 'provider_id', type: 'uuid', nullable: true })
  providerId!: string | null;

  @ManyToOne(() => Provider, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'provider_id', foreignKeyConstraintName: 'fk_stored_files_provider' })
  provider?: Relation<Provider> | null;

  @Index('uq_stored_files_key', { unique: true })
  @Column({ type: 'varchar', length: 255 })
  key!: string;

  @Column({ name: 'original_name', type: 'varchar', length: 255 })
  originalName!: string;

  @Column({ name: 'mime_type', type: 'varchar', length: 64 })
  mimeType!: EvidenceMimeType;

  @Column({ type: 'int' })
  size!: number;

  @Column({ type: 'varchar', length: 16 })
  status!: StoredFileStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'upload_expires_at', type: 'timestamptz' })
  uploadExpiresAt!: Date;

  @Column({ name: 'uploaded_at', type: 'timestamptz', nullable: true })
  uploadedAt!: Date | null;
}
