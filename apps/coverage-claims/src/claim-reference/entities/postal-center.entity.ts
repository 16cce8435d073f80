import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A postal payment centre (우체국보험's regional claims centre). Claim reference data. */
@Entity({ name: 'postal_centers' })
export class PostalCenter {
  @PrimaryColumn({ type: 'varchar', length: 8 })
  code!: string;

  @Column({ type: 'varchar', length: 50 })
  name!: string;

  @Column({ type: 'varchar', length: 20 })
  seat!: string;

  /** Short names of the 시·도 it serves. */
  @Column({ type: 'varchar', length: 8, array: true })
  regions!: string[];

  @Column({ name: 'sort_order', type: 'int' })
  sortOrder!: number;
}
