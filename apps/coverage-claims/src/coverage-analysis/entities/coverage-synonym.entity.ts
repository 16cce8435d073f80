import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { CoverageCode } from './coverage-code.entity.js';

/**
 * Maps insurers' coverage names to a catalogue code. `EXACT`: the name, normalised
 * (normaliseCoverageName), equals `pattern` normalised; `PATTERN`: the normalised name matches the
 * regular expression `pattern`. Exact rules win; patterns are tried in `sort_order`. Catalogue data.
 */
@Entity({ name: 'coverage_synonyms' })
export class CoverageSynonym {
  /** `EXACT` or `PATTERN`. */
  @PrimaryColumn({ name: 'match', type: 'varchar', length: 8 })
  match!: string;

  @PrimaryColumn({ type: 'varchar', length: 200 })
  pattern!: string;

  @Index('idx_coverage_synonyms_coverage')
  @Column({ name: 'coverage_code', type: 'varchar', length: 6 })
  coverageCode!: string;

  @ManyToOne(() => CoverageCode, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'coverage_code', foreignKeyConstraintName: 'fk_coverage_synonyms_coverage' })
  coverage?: Relation<CoverageCode>;

  @Column({ name: 'sort_order', type: 'int' })
  sortOrder!: number;
}
