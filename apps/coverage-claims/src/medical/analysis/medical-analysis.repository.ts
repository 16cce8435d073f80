import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Visibility } from '../../auth/principal.js';
import { MedicalRiskRuleSet } from './entities/medical-risk-rule-set.entity.js';
import { MedicalSetAnalysis } from './entities/medical-set-analysis.entity.js';

export interface SealedPayload {
  keyId: string;
  ciphertext: Buffer;
}

/** Set-analysis payloads and the risk rules. Writes check visibility in the same statement. */
@Injectable()
export class MedicalAnalysisRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Stores the payload for the analysis `seq`, replacing one stored before, if the analysis exists
   * and the visibility admits it; the time it was received, or null (unknown, another
   * organisation's, another planner's, or deleted meanwhile). One statement: the analysis row is
   * locked (KEY SHARE) for it, so a concurrent deletion of the customer waits or is waited for.
   */
  async upsertSetAnalysis(visibility: Visibility, seq: string, sentBy: string, sealed: SealedPayload): Promise<Date | null> {
    const rows = await this.dataSource.query<Array<{ received_at: Date }>>(
      `INSERT INTO medical_set_analyses (analysis_id, sent_by, key_id, payload_ciphertext, received_at)
       SELECT analysis.id, $4, $5, $6, now() FROM coverage_analyses analysis
        WHERE analysis.id = $1 AND analysis.organisation_id = $2 AND ($3::uuid IS NULL OR analysis.planner_id = $3)
          FOR KEY SHARE
       ON CONFLICT (analysis_id) DO UPDATE
         SET sent_by = EXCLUDED.sent_by, key_id = EXCLUDED.key_id, payload_ciphertext = EXCLUDED.payload_ciphertext,
             received_at = EXCLUDED.received_at
       RETURNING received_at`,
      [seq, visibility.organisationId, visibility.plannerId, sentBy, sealed.keyId, sealed.ciphertext],
    );
    return rows[0]?.received_at ?? null;
  }

  /** The payload set for an analysis the caller has already been shown (AnalysesService.getVisible). */
  findSetAnalysis(analysisId: string): Promise<MedicalSetAnalysis | null> {
    return this.dataSource.getRepository(MedicalSetAnalysis).findOne({ where: { analysisId } });
  }

  /** The rules version in force: the one loaded last. */
  async currentRules(): Promise<MedicalRiskRuleSet | null> {
    const [latest] = await this.dataSource
      .getRepository(MedicalRiskRuleSet)
      .find({ order: { loadedAt: 'DESC', version: 'DESC' }, take: 1 });
    return latest ?? null;
  }
}
