import { Inject, Injectable } from '@nestjs/common';
import type { CoverageAnalysisDto, CoverageAnalysisResultDto, CreateCoverageAnalysisDto, Gender } from '#contracts';
import { fieldCipherOf, maskPhoneDigits, type FieldCipher, uuidv7 } from '#platform';
import { visibilityOf, type UserPrincipal } from '../auth/principal.js';
import { CoverageClaimsConfig } from '../config/coverage-claims.config.js';
import { CustomersService } from '../customers/customers.service.js';
import { VerificationErrors } from '../verifications/verifications.errors.js';
import { VerificationsService } from '../verifications/verifications.service.js';
import { AnalysesRepository } from './analyses.repository.js';
import { koreaDate } from '../common/calendar.js';
import { buildCoverageAnalysis } from './analysis/coverage-analysis.js';
import { CoverageAnalysisErrors } from './coverage-analysis.errors.js';
import { CoverageCatalogueService } from './coverage-catalogue.service.js';
import {
  INSURANCE_DATA,
  InsuranceDataUnavailableError,
  type InsuranceContract,
  type InsuranceDataCustomer,
  type InsuranceDataPort,
} from '../integrations/insurance-data/insurance-data.port.js';

/** Who an analysis is about, as a report shows them: the customer's current data, the phone masked. */
export interface AnalysisCustomerSummary {
  id: string;
  /** `customer_id` in the payload. */
  number: number;
  name: string;
  /** YYYYMMDD */
  birthDate: string;
  gender: Gender;
  /** 010-****-5678 */
  maskedPhone: string;
}

/** A stored analysis the user may see, opened, with its customer: what reports are made from. */
export interface VisibleAnalysis {
  seq: string;
  /** The spec's `analysis` object exactly as it was answered. */
  analysis: CoverageAnalysisDto;
  organisationId: string;
  /** Who ran it; null once that user is deleted. */
  plannerId: string | null;
  catalogueVersion: string;
  createdAt: Date;
  customer: AnalysisCustomerSummary;
}

@Injectable()
export class AnalysesService {
  private readonly cipher: FieldCipher;

  constructor(
    private readonly analyses: AnalysesRepository,
    private readonly verifications: VerificationsService,
    private readonly customers: CustomersService,
    private readonly catalogue: CoverageCatalogueService,
    @Inject(INSURANCE_DATA) private readonly insuranceData: InsuranceDataPort,
    private readonly config: CoverageClaimsConfig,
  ) {
    this.cipher = fieldCipherOf(config);
  }

  /**
   * Analyses the customer a verification token was given for: their contracts from the insurance-data
   * port (bounded by INSURANCE_DATA_TIMEOUT_MS), set against the current catalogue, stored sealed,
   * and answered as the spec's `{ seq, analysis }`. Each call is a new analysis.
   */
  async create(user: UserPrincipal, input: CreateCoverageAnalysisDto): Promise<CoverageAnalysisResultDto> {
    const verified = await this.verifications.requireVerifiedCustomer(user, input.verificationToken);
    const customer: InsuranceDataCustomer = {
      name: verified.name,
      birthDate: verified.birthDate,
      gender: verified.gender,
      phone: verified.phone,
      ...(verified.ci !== null && { ci: verified.ci }),
    };
    const contracts = await this.contractsOf(customer);
    const retrievedAt = new Date();
    const catalogue = await this.catalogue.current();
    const analysis = buildCoverageAnalysis({
      customer,
      customerId: verified.customerNumber,
      contracts,
      catalogue,
      inquiryDate: koreaDate(retrievedAt),
      retrievedAt,
    });

    const seq = uuidv7();
    const sealed = this.cipher.seal(JSON.stringify(analysis));
    const stored = await this.analyses.insert({
      id: seq,
      organisationId: user.organisationId,
      plannerId: user.userId,
      customerId: verified.customerId,
      verificationId: verified.verificationId,
      catalogueVersion: catalogue.version,
      inquiryDate: analysis.inquiry_time,
      keyId: sealed.keyId,
      payloadCiphertext: sealed.ciphertext,
    });
    // The customer was deleted while the contracts were fetched: their token is gone with them.
    if (!stored) throw VerificationErrors.tokenInvalid();
    return { seq, analysis };
  }

  /** `{ seq, analysis }` as answered when it was made, for its planner or an ORG_ADMIN of the organisation; 404 otherwise. */
  async get(user: UserPrincipal, seq: string): Promise<CoverageAnalysisResultDto> {
    const { analysis } = await this.openVisible(user, seq);
    return { seq, analysis };
  }

  /**
   * A stored analysis with its customer, for features built on analyses (reports, the medical
   * analysis): visible to the planner who ran it and to ORG_ADMINs of the organisation; anything
   * else is 404 ANALYSIS_NOT_FOUND, as for an unknown seq. The customer is shown as they are now
   * (an analysis made before a planner's customers were their own may show another planner's).
   */
  async getVisible(user: UserPrincipal, seq: string): Promise<VisibleAnalysis> {
    const { row, analysis } = await this.openVisible(user, seq);
    const customer = await this.customers.opened(row.customerId);
    return {
      seq,
      analysis,
      organisationId: row.organisationId,
      plannerId: row.plannerId,
      catalogueVersion: row.catalogueVersion,
      createdAt: row.createdAt,
      customer: {
        id: customer.id,
        number: customer.number,
        name: customer.name,
        birthDate: customer.birthDate,
        // An analysed customer was verified, which states the gender; the analysis kept the one it was made with.
        gender: customer.gender ?? (analysis.gender as Gender),
        maskedPhone: maskPhoneDigits(customer.phone),
      },
    };
  }

  private async openVisible(user: UserPrincipal, seq: string) {
    const row = await this.analyses.findVisible(visibilityOf(user), seq);
    if (!row) throw CoverageAnalysisErrors.notFound(seq);
    const analysis = JSON.parse(this.cipher.open({ keyId: row.keyId, ciphertext: row.payloadCiphertext })) as CoverageAnalysisDto;
    return { row, analysis };
  }

  /**
   * The port's answer within INSURANCE_DATA_TIMEOUT_MS. Past it the lookup's signal is aborted and the
   * answer is 504 at once, even from an adapter that ignores the signal; a failed source is 502.
   */
  private async contractsOf(customer: InsuranceDataCustomer): Promise<InsuranceContract[]> {
    const timeoutMs = this.config.INSURANCE_DATA_TIMEOUT_MS;
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const reason = new Error(`The insurance data source did not answer within ${timeoutMs} ms`);
        controller.abort(reason);
        reject(reason);
      }, timeoutMs);
    });
    try {
      const lookup = await Promise.race([this.insuranceData.contractsOf(customer, { signal: controller.signal }), timedOut]);
      // TODO(issue 26): answer 202 with the second step.
      if (!('contracts' in lookup)) throw new Error('A second step is not supported yet');
      return lookup.contracts;
    } catch (error) {
      if (controller.signal.aborted) throw CoverageAnalysisErrors.insuranceDataTimeout(timeoutMs);
      if (error instanceof InsuranceDataUnavailableError) throw CoverageAnalysisErrors.insuranceDataUnavailable();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}
