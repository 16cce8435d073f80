import { Column, CreateDateColumn, Index, PrimaryColumn } from 'typeorm';
import type { EvidenceMimeType } from '#contracts';
import type { StoredFileRef } from './file-storage.js';

export enum StoredFileStatus {
  /** Presigned; the bytes have not arrived (or not been confirmed) yet. */
  Pending = 'PENDING',
  /** The bytes are in storage with the declared size and type. */
  Uploaded = 'UPLOADED',
}

/**
 * The columns of a service's `stored_files` table that presigning, uploading and confirming read and
 * write: each service's entity extends it with who owns a file (and what else it keeps of one).
 */
export abstract class StoredFileColumns implements StoredFileRef {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Index('uq_stored_files_key', { unique: true })
  @Column({ type: 'varchar', length: 255 })
  key!: string;

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
