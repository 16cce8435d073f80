import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { StoredFileColumns } from '#platform';
import { Organisation } from '../../organisations/entities/organisation.entity.js';
import { User } from '../../users/entities/user.entity.js';

/** A claim's evidence file, presigned by a planner, then uploaded straight to storage. */
@Entity({ name: 'stored_files' })
export class StoredFile extends StoredFileColumns {
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

  /** The name the planner gave the file, sealed (a name such as `홍길동_당뇨진단서.pdf` is personal and medical). */
  @Column({ name: 'original_name_ciphertext', type: 'bytea' })
  originalNameCiphertext!: Buffer;

  @Column({ name: 'key_id', type: 'varchar', length: 32 })
  keyId!: string;

  /** SHA-256 of the bytes (base64) when the planner declared it at presign: storage refuses other bytes. */
  @Column({ name: 'checksum_sha256', type: 'varchar', length: 44, nullable: true })
  checksumSha256!: string | null;

  /**
   * Where the bytes a claim carries are kept once the file is in a claim: a copy nobody holds an
   * upload URL for (S3), so bytes put under `key` later are never what is faxed or shown. The local
   * driver's `key` is written once, so it is its own frozen key. Null until the file is in a claim.
   */
  @Column({ name: 'frozen_key', type: 'varchar', length: 255, nullable: true })
  frozenKey!: string | null;
}
