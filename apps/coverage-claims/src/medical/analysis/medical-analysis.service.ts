import { Injectable } from '@nestjs/common';
import type { CoverageAnalysisDto, SetAnalysisDto, SetAnalysisResultDto } from '#contracts';
import { FieldCipher, type FieldError } from '#platform';
import { visibilityOf, type UserPrincipal } from '../../auth/principal.js';
import { AnalysesService } from '../../coverage-analysis/analyses.service.js';
import { CoverageAnalysisErrors } from '../../coverage-analysis/coverage-analysis.errors.js';
import { customerSubject, namingSubjects } from '../../common/access-subjects.js';
import { MedicalAnalysisErrors } from './medical-analysis.errors.js';
import { MedicalAnalysisRepository } from './medical-analysis.repository.js';

/** The coverage analysis a medical analysis reads: the payload set for the seq if any, else the stored one. */
export interface SetAnalysisPayload {
  analysis: CoverageAnalysisDto;
  receivedAt: Date;
}

@Injectable()
export class MedicalAnalysisService {
  constructor(
    private readonly repository: MedicalAnalysisRepository,
    private readonly analyses: AnalysesService,
    private readonly cipher: FieldCipher,
  ) {}

  /**
   * Stores the coverage analysis payload sent for `seq`, sealed, replacing one sent before. `seq`
   * must name an analysis the caller may see (their own for a planner, the organisation's for an
   * ORG_ADMIN); anything else is 404 ANALYSIS_NOT_FOUND, as for GET /api/v1/coverage/analyses/{seq}.
   * The payload must be of the seq's customer (name, phone and birth date as the analysis gave
   * them): the reports join it with that customer's check-ups, so another person's payload is
   * 422 ANALYSIS_CUSTOMER_MISMATCH naming the fields that differ.
   */
  async setAnalysis(user: UserPrincipal, input: SetAnalysisDto): Promise<SetAnalysisResultDto> {
    const { analysis: stored, customer } = await this.analyses.getVisible(user, input.seq);
    const mismatches = customerMismatches(input.analysis, stored);
    if (mismatches.length > 0) throw MedicalAnalysisErrors.customerMismatch(input.seq, mismatches);
    const sealed = this.cipher.sealJson(input.analysis);
    const receivedAt = await this.repository.upsertSetAnalysis(visibilityOf(user), input.seq, user.userId, sealed);
    if (!receivedAt) throw CoverageAnalysisErrors.notFound(input.seq);
    return namingSubjects({ seq: input.seq, receivedAt: receivedAt.toISOString() }, [customerSubject(customer.id)]);
  }

  /** The payload set for an analysis the caller may see (checked by the caller), or null. */
  async setPayloadOf(analysisId: string): Promise<SetAnalysisPayload | null> {
    const row = await this.repository.findSetAnalysis(analysisId);
    if (!row) return null;
    const analysis = this.cipher.openJson<CoverageAnalysisDto>({ keyId: row.keyId, ciphertext: row.payloadCiphertext });
    return { analysis, receivedAt: row.receivedAt };
  }
}

/** The payload's customer fields that are not the stored analysis's customer. */
function customerMismatches(sent: CoverageAnalysisDto, stored: CoverageAnalysisDto): FieldError[] {
  const differs = [
    sent.customer_name !== stored.customer_name && 'customer_name',
    sent.phone_number !== stored.phone_number && 'phone_number',
    sent.date_of_birth !== stored.date_of_birth && 'date_of_birth',
  ].filter((field): field is string => field !== false);
  return differs.map((field) => ({ field: `analysis.${field}`, message: 'is not the customer of the analysis seq names' }));
}
