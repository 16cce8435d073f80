import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { StoredFile } from '../../files/entities/stored-file.entity.js';
import { LeadAsRequest } from './lead-as-request.entity.js';

/** An evidence file attached to an AS request; a file is evidence of one request only. */
@Entity({ name: 'lead_as_files' })
export class LeadAsFile {
  @PrimaryColumn({ name: 'as_request_id', type: 'uuid' })
  asRequestId!: string;

  @Index('uq_lead_as_files_file_id', { unique: true })
  @PrimaryColumn({ name: 'file_id', type: 'uuid' })
  fileId!: string;

  @ManyToOne(() => LeadAsRequest, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'as_request_id', foreignKeyConstraintName: 'fk_lead_as_files_request' })
  request?: Relation<LeadAsRequest>;

  @ManyToOne(() => StoredFile, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'file_id', foreignKeyConstraintName: 'fk_lead_as_files_file' })
  file?: Relation<StoredFile>;
}
