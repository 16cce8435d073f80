import { Entity, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { LeadAsRequest } from './lead-as-request.entity.js';

/** An evidence file attached to an AS request. */
@Entity({ name: 'lead_as_files' })
export class LeadAsFile {
  @PrimaryColumn({ name: 'as_request_id', type: 'uuid' })
  asRequestId!: string;

  @PrimaryColumn({ name: 'file_id', type: 'uuid' })
  fileId!: string;

  @ManyToOne(() => LeadAsRequest, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'as_request_id', foreignKeyConstraintName: 'fk_lead_as_files_request' })
  request?: Relation<LeadAsRequest>;
}
