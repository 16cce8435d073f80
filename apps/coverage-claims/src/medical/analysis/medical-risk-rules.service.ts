import { Injectable } from '@nestjs/common';
import { MedicalAnalysisRepository } from './medical-analysis.repository.js';
import type { RiskRulesData } from './rules/risk-rules-data.js';

/**
 * The medical risk rules in force, read from the database once per process. Rules change only
 * through a migration, which a deployment applies before its new processes serve.
 */
@Injectable()
export class MedicalRiskRulesService {
  private loading?: Promise<RiskRulesData>;

  constructor(private readonly repository: MedicalAnalysisRepository) {}

  current(): Promise<RiskRulesData> {
    this.loading ??= this.load().catch((error: unknown) => {
      // A failed read (database down) is tried again by the next caller.
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }

  private async load(): Promise<RiskRulesData> {
    const row = await this.repository.currentRules();
    if (!row) throw new Error('No medical risk rules are loaded: the rules migrations have not run');
    return row.rules;
  }
}
