import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import type { EvidenceMimeType } from '#contracts';
import { Organisation } from '../../organisations/entities/organisation.entity.js';
import { User } from '../../users/entities/user.entity.js';

export enum StoredFileStatus {
  /** Presigned; the bytes have not arrived (or not been confirmed) yet. */
  Pending = 'PENDING',
  /** The bytes are in storage with the declared size and type. */
  Uploaded = 'UPLOADED',
}

/** A claim's evidence file, presigned by a planner, then uploaded straight to storage. */
@Entity({ name: 'stored_files' })
export class StoredFile {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'organisation_id', type: 'uuid' })
  organisationId!: string;

  @ManyToOne(() => Organisation, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'organisation_id', foreignKeyConstraintName: 'fk_stored_files_organisation' })
  organisation?: Relation<Organisation>;

  /** The planner who presigned it; null once that user is deleted (then only admins see it). */
  @Index('idx_stored_files_planner')
  @Column({ name: 'planner_id', type: 'uuid', nullable: true })
  plannerId!: string | null;

  @ManyToOne(() => User, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'planner_id', foreignKeyConstraintName: 'fk_stored_files_planner' })
  planner?: Relation<User> | null;

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
