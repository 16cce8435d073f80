import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { RiskRulesData } from '../rules/risk-rules-data.js';

/**
 * A version of the medical risk rules, loaded by its own migration from `rules/v<version>/` and never
 * changed afterwards. Read whole (the model needs all of it), so kept as one JSON value per version;
 * the newest loaded version is in force. docs/sources/medical-risk-rules.md.
 */
@Entity({ name: 'medical_risk_rule_sets' })
export class MedicalRiskRuleSet {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  version!: string;

  @Column({ type: 'jsonb' })
  rules!: RiskRulesData;

  @CreateDateColumn({ name: 'loaded_at', type: 'timestamptz' })
  loadedAt!: Date;
}
