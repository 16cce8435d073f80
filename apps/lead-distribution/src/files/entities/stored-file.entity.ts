import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import type { EvidenceMimeType } from '#contracts';
import { Partner } from '../../partners/entities/partner.entity.js';

export enum StoredFileStatus {
  /** Presigned; the bytes have not arrived (or not been confirmed) yet. */
  Pending = 'PENDING',
  /** The bytes are in storage with the declared size and type. */
  Uploaded = 'UPLOADED',
}

/** An evidence file of a partner: presigned first, then uploaded straight to storage. */
@Entity({ name: 'stored_files' })
export class StoredFile {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Index('idx_stored_files_partner_id')
  @Column({ name: 'partner_id', type: 'int' })
  partnerId!: number;

  @ManyToOne(() => Partner, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'partner_id', foreignKeyConstraintName: 'fk_stored_files_partner' })
  partner?: Relation<Partner>;

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
