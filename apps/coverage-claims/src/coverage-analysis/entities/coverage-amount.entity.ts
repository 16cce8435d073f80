import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, type Relation, type ValueTransformer } from 'typeorm';
import { CoverageCode } from './coverage-code.entity.js';

/** KRW amounts are bigint in the database (node-postgres reads them as strings); every catalogue amount is far below 2^53. */
const KRW: ValueTransformer = { to: (value: number) => value, from: (value: string) => Number(value) };

/**
 * Recommended and upper-limit amounts of a coverage for one gender and age band (ages in full
 * years, both ends included). A coverage without a row for a customer's band and gender is not
 * analysed for them (for example death cover under 15). Catalogue data.
 */
@Entity({ name: 'coverage_amounts' })
export class CoverageAmount {
  @PrimaryColumn({ name: 'coverage_code', type: 'varchar', length: 6 })
  coverageCode!: string;

  @ManyToOne(() => CoverageCode, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'coverage_code', foreignKeyConstraintName: 'fk_coverage_amounts_coverage' })
  coverage?: Relation<CoverageCode>;

  /** `M` or `F`. */
  @PrimaryColumn({ type: 'char', length: 1 })
  gender!: string;

  @PrimaryColumn({ name: 'age_from', type: 'smallint' })
  ageFrom!: number;

  @Column({ name: 'age_to', type: 'smallint' })
  ageTo!: number;

  @Column({ type: 'bigint', transformer: KRW })
  recommend!: number;

  @Column({ name: 'upper_limit', type: 'bigint', transformer: KRW })
  upperLimit!: number;
}
