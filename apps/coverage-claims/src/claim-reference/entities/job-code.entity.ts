import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { RiskGrade } from '../catalogue/claim-reference-data.js';

/** An occupation as claims record it (`jobCd`), with its injury risk grade. Claim reference data. */
@Entity({ name: 'job_codes' })
export class JobCode {
  @PrimaryColumn({ type: 'varchar', length: 4 })
  code!: string;

  @Column({ type: 'varchar', length: 50 })
  name!: string;

  @Column({ name: 'risk_grade', type: 'smallint' })
  riskGrade!: RiskGrade;

  @Column({ name: 'sort_order', type: 'int' })
  sortOrder!: number;
}
