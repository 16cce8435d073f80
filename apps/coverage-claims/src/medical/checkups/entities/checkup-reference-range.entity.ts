import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ReferenceRule, Sex } from '../reference-ranges/reference-ranges.js';

/**
 * One measurement's reference range of one version, for one sex (a range that is the same for both
 * is stored once per sex). Versioned data loaded by migrations (`reference-ranges/v<version>/`),
 * never edited; the newest version is the one in force.
 */
@Entity({ name: 'checkup_reference_ranges' })
export class CheckupReferenceRange {
  @PrimaryColumn({ type: 'varchar', length: 16 })
  version!: string;

  @PrimaryColumn({ type: 'varchar', length: 32 })
  code!: string;

  @PrimaryColumn({ type: 'varchar', length: 1 })
  sex!: Sex;

  @Column({ type: 'varchar', length: 50 })
  name!: string;

  @Column({ type: 'varchar', length: 20, nullable: true })
  unit!: string | null;

  /** The ReferenceRule: intervals of 정상A and 정상B, or the words of a qualitative result. */
  @Column({ type: 'jsonb' })
  rule!: ReferenceRule;

  @Column({ type: 'text' })
  source!: string;

  @Column({ name: 'sort_order', type: 'int' })
  sortOrder!: number;
}
