import type { QueryRunner } from 'typeorm';
import type { RiskRulesData } from './risk-rules-data.js';

// Used by the migrations that load a rules version. Keep its behaviour compatible with the
// migrations already applied (they run again on every fresh database).

/** Adds a rules version; versions already loaded stay as they are (reports name the one they used). */
export async function loadRiskRules(queryRunner: QueryRunner, data: RiskRulesData): Promise<void> {
  await queryRunner.query(`INSERT INTO "medical_risk_rule_sets" ("version", "rules") VALUES ($1, $2)`, [
    data.version,
    JSON.stringify(data),
  ]);
}

export async function unloadRiskRules(queryRunner: QueryRunner, data: RiskRulesData): Promise<void> {
  await queryRunner.query(`DELETE FROM "medical_risk_rule_sets" WHERE "version" = $1`, [data.version]);
}
