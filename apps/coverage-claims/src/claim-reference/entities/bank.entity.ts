import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { BankKind } from '../catalogue/claim-reference-data.js';

/** A bank or second-tier institution a claim is paid into. Claim reference data. */
@Entity({ name: 'banks' })
export class Bank {
  /** 금융결제원 3-digit institution code. */
  @PrimaryColumn({ type: 'varchar', length: 3 })
  code!: string;

  @Column({ type: 'varchar', length: 50 })
  name!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: BankKind;

  @Column({ name: 'sort_order', type: 'int' })
  sortOrder!: number;
}
