import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Each catalogue version a migration loaded; the latest is the one in the catalogue tables. */
@Entity({ name: 'coverage_catalogue_versions' })
export class CoverageCatalogueVersion {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  version!: string;

  @CreateDateColumn({ name: 'loaded_at', type: 'timestamptz' })
  loadedAt!: Date;
}
