import type { MigrationInterface, QueryRunner } from 'typeorm';
import { loadRiskRules, unloadRiskRules } from '../../medical/analysis/rules/risk-rules-loader.js';
import { RISK_RULES_2026_11 } from '../../medical/analysis/rules/v2026-11/index.js';

/** Loads medical risk rules version 2026.11 (apps/coverage-claims/src/medical/analysis/rules/v2026-11). */
export class LoadMedicalRiskRules1795424500100 implements MigrationInterface {
  name = 'LoadMedicalRiskRules1795424500100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await loadRiskRules(queryRunner, RISK_RULES_2026_11);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await unloadRiskRules(queryRunner, RISK_RULES_2026_11);
  }
}
