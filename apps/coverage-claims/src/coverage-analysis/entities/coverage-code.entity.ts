import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { CoverageCategory } from './coverage-category.entity.js';

/** A catalogue coverage (`<category>_<3 characters>`), what held amounts are summed and judged by. Catalogue data. */
@Entity({ name: 'coverage_codes' })
export class CoverageCode {
  @PrimaryColumn({ type: 'varchar', length: 6 })
  code!: string;

  @Index('idx_coverage_codes_category')
  @Column({ name: 'category_code', type: 'varchar', length: 2 })
  categoryCode!: string;

  @ManyToOne(() => CoverageCategory, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'category_code', foreignKeyConstraintName: 'fk_coverage_codes_category' })
  category?: Relation<CoverageCategory>;

  @Column({ type: 'varchar', length: 50 })
  name!: string;

  /** Catalogue order (within the whole catalogue): the order of `analysis.coverages` and of the name lists. */
  @Column({ name: 'sort_order', type: 'int' })
  sortOrder!: number;
}
