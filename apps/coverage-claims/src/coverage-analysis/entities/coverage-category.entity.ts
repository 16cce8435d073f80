import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A coverage category (사망, 암, …). Catalogue data: loaded by migrations from `catalogue/`, never written by the service. */
@Entity({ name: 'coverage_categories' })
export class CoverageCategory {
  /** Two digits, e.g. `05`. */
  @PrimaryColumn({ type: 'varchar', length: 2 })
  code!: string;

  @Column({ type: 'varchar', length: 50 })
  name!: string;

  @Column({ name: 'sort_order', type: 'int' })
  sortOrder!: number;
}
