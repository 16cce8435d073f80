import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Each claim reference version a migration loaded; the latest is the one in the tables. */
@Entity({ name: 'claim_reference_versions' })
export class ClaimReferenceVersion {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  version!: string;

  @CreateDateColumn({ name: 'loaded_at', type: 'timestamptz' })
  loadedAt!: Date;
}
