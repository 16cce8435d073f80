import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A reason an AS request may give; seeded by a migration. */
@Entity({ name: 'as_reasons' })
export class AsReason {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  code!: string;

  @Column({ type: 'varchar', length: 100 })
  label!: string;

  @Column({ name: 'requires_evidence', type: 'boolean' })
  requiresEvidence!: boolean;

  @Column({ name: 'sort_order', type: 'int' })
  sortOrder!: number;

  @Column({ type: 'boolean', default: true })
  active!: boolean;
}
