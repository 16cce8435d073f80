import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { StoredFile } from '../../files/entities/stored-file.entity.js';
import { Claim } from './claim.entity.js';

/** An evidence file of a claim, in the order the planner gave it; a file is in one claim at most. */
@Entity({ name: 'claim_files' })
@Index('uq_claim_files_file', ['fileId'], { unique: true })
export class ClaimFile {
  @PrimaryColumn({ name: 'claim_id', type: 'integer' })
  claimId!: number;

  @ManyToOne(() => Claim, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'claim_id', foreignKeyConstraintName: 'fk_claim_files_claim' })
  claim?: Relation<Claim>;

  @PrimaryColumn({ type: 'smallint' })
  position!: number;

  @Column({ name: 'file_id', type: 'uuid' })
  fileId!: string;

  @ManyToOne(() => StoredFile, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'file_id', foreignKeyConstraintName: 'fk_claim_files_file' })
  file?: Relation<StoredFile>;
}
