import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  SecondStepMethod,
  type ContinueCoverageAnalysisDto,
  type CoverageAnalysisDto,
  type CoverageAnalysisResultDto,
  type CoverageInsightsDto,
  type CoverageAnalysisSecondStepDto,
  type CreateCoverageAnalysisDto,
  type Credit4uSignInDto,
  type Gender,
} from '#contracts';
import { maskPhoneDigits, ProblemException, FieldCipher, uuidv7 } from '#platform';
import { visibilityOf, type UserPrincipal } from '../auth/principal.js';
import { CoverageClaimsConfig } from '../config/coverage-claims.config.js';
import { CustomerPrompts } from '../customers/customer-prompts.service.js';
import { CustomersService } from '../customers/customers.service.js';
import { VerificationErrors } from '../verifications/verifications.errors.js';
import { VerificationsService, type VerifiedCustomer } from '../verifications/verifications.service.js';
import { AnalysesRepository } from './analyses.repository.js';
import { TwoStepPurpose } from '../two-step/entities/two-step-sign-in.entity.js';
import { HOLD_MARGIN_SECONDS, MAX_WRONG_ANSWERS, TwoStepService, type HeldSignIn, type SignIn } from '../two-step/two-step.service.js';
import { koreaDate } from '../common/calendar.js';
import { buildCoverageAnalysis } from './analysis/coverage-analysis.js';
import { buildCoverageInsights } from './insights/coverage-insights.js';
import { customerSubject, namingSubjects } from '../common/access-subjects.js';
import { CoverageAnalysisErrors } from './coverage-analysis.errors.js';
import { CoverageCatalogueService } from './coverage-catalogue.service.js';
import {
  INSURANCE_DATA,
  InsuranceDataMisconfiguredError,
  InsuranceDataUnavailableError,
  InsuranceSignInError,
  SecondStepError,
  type ContractsLookup,
  type InsuranceContract,
  type InsuranceDataCustomer,
  type InsuranceDataPort,
  type InsuranceSignIn,
  type SecondStep,
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
  /** The insights answered beside it; null for an analysis stored before insights existed. */
  insights: CoverageInsightsDto | null;
  organisationId: string;
  /** Who ran it; null once that user is deleted. */
  plannerId: string | null;
  catalogueVersion: string;
  createdAt: Date;
  customer: AnalysisCustomerSummary;
}

/** What an analysis request ends in: the stored analysis (201), or the second step the source asks for first (202). */
export type AnalysisOutcome = { analysis: CoverageAnalysisResultDto } | { secondStep: CoverageAnalysisSecondStepDto };

@Injectable()
export class AnalysesService {
  private readonly logger = new Logger('AnalysesService');

  constructor(
    private readonly analyses: AnalysesRepository,
    private readonly twoStep: TwoStepService,
    private readonly prompts: CustomerPrompts,
    private readonly verifications: VerificationsService,
    private readonly customers: CustomersService,
    private readonly catalogue: CoverageCatalogueService,
    @Inject(INSURANCE_DATA) private readonly insuranceData: InsuranceDataPort,
    private readonly config: CoverageClaimsConfig,
    private readonly cipher: FieldCipher,
  ) {}

  /**
   * Analyses the customer a verification token was given for: their contracts from the insurance-data
   * port (bounded by INSURANCE_DATA_TIMEOUT_MS), set against the current catalogue, stored sealed,
   * and answered as the spec's `{ seq, analysis }`. Each call is a new analysis. When the source asks
   * for a second step first, a continuation is stored (the port's reference sealed, never the sign-in)
   * and the step is answered instead; `continue` completes it.
   */
  async create(user: UserPrincipal, input: CreateCoverageAnalysisDto): Promise<AnalysisOutcome> {
    const verified = await this.verifications.requireVerifiedCustomer(user, input.verificationToken);
    // The source may prompt the customer's phone (and wrong sign-ins lock credit4u): counted per customer first.
    await this.prompts.take(verified.customerId);
    const customer = insuranceCustomerOf(verified);
    const signIn = signInOf(input.credit4u);
    const monthlyIncome = input.monthlyIncome ?? null;
    const lookup = await this.bounded((signal) => this.insuranceData.contractsOf(customer, { signal, ...(signIn && { signIn }) }));
    if ('secondStep' in lookup) return { secondStep: await this.startContinuation(user, verified, lookup.secondStep, monthlyIncome) };
    return { analysis: await this.store(user, verified, lookup.contracts, monthlyIncome) };
  }

  /**
   * The follow-up of a second step: holds the continuation (so no other follow-up reaches the source
   * meanwhile), sends the answer with the sign-in again, and stores the analysis (the continuation
   * deleted in the same transaction), or answers the source's next step. A wrong code keeps it (up to
   * MAX_WRONG_ANSWERS), as does a pending approval; a cancellation or an expiry deletes it (410).
   */
  async continue(user: UserPrincipal, id: string, input: ContinueCoverageAnalysisDto): Promise<AnalysisOutcome> {
    const holdSeconds = Math.ceil(this.config.INSURANCE_DATA_TIMEOUT_MS / 1000) + HOLD_MARGIN_SECONDS;
    const held = await this.twoStep.hold(TwoStepPurpose.CoverageAnalysis, visibilityOf(user), id, holdSeconds);
    if (held === 'NOT_FOUND') throw CoverageAnalysisErrors.continuationNotFound(id);
    if (held === 'EXPIRED') throw CoverageAnalysisErrors.continuationExpired('EXPIRED');
    if (held === 'BUSY') throw CoverageAnalysisErrors.continuationBusy();
    // Let go of it on any way out but those that delete it or store a new step.
    let settled = false;
    try {
      if (held.method !== SecondStepMethod.AppApproval && input.code === undefined) throw CoverageAnalysisErrors.stepCodeRequired();
      const verified = await this.verifiedOf(held);
      const customer = insuranceCustomerOf(verified);
      // A pending one always has its state; the monthly income is its context.
      const reference = held.state!;
      const monthlyIncome = held.context === null ? null : Number(held.context);
      const signIn = signInOf(input.credit4u)!;
      const answer = input.code === undefined ? {} : { code: input.code };
      let lookup: ContractsLookup;
      try {
        lookup = await this.bounded((signal) => this.insuranceData.continueLookup(customer, reference, answer, { signal, signIn }));
      } catch (error) {
        if (!(error instanceof SecondStepError)) throw error;
        settled = true;
        throw await this.stepFailed(held, error);
      }
      if ('secondStep' in lookup) {
        await this.twoStep.release(held, { method: lookup.secondStep.method, state: lookup.secondStep.reference, context: held.context });
        settled = true;
        return { secondStep: namingSubjects(stepResponse(id, lookup.secondStep, held.expiresAt), [customerSubject(held.customerId)]) };
      }
      const { contracts } = lookup;
      const finished = await this.twoStep.finish(held, (tx) => this.store(user, verified, contracts, monthlyIncome, tx));
      settled = true;
      // Deleted with its customer or verification meanwhile: start over (the token went with them).
      if (!finished) throw CoverageAnalysisErrors.continuationExpired('EXPIRED');
      return { analysis: finished.result };
    } finally {
      if (!settled) await this.twoStep.release(held);
    }
  }

  /** `{ seq, analysis, insights }` as answered when it was made, for its planner or an ORG_ADMIN of the organisation; 404 otherwise. */
  async get(user: UserPrincipal, seq: string): Promise<CoverageAnalysisResultDto> {
    const { row, analysis, insights } = await this.openVisible(user, seq);
    return namingSubjects({ seq, analysis, insights }, [customerSubject(row.customerId)]);
  }

  /**
   * A stored analysis with its customer, for features built on analyses (reports, the medical
   * analysis): visible to the planner who ran it and to ORG_ADMINs of the organisation; anything
   * else is 404 ANALYSIS_NOT_FOUND, as for an unknown seq. The customer is shown as they are now
   * (an analysis made before a planner's customers were their own may show another planner's).
   */
  async getVisible(user: UserPrincipal, seq: string): Promise<VisibleAnalysis> {
    const { row, analysis, insights } = await this.openVisible(user, seq);
    const customer = await this.customers.opened(row.customerId);
    return {
      seq,
      analysis,
      insights,
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
    const analysis = this.cipher.openJson<CoverageAnalysisDto>({ keyId: row.keyId, ciphertext: row.payloadCiphertext });
    const insights =
      row.insightsCiphertext === null
        ? null
        : this.cipher.openJson<CoverageInsightsDto>({ keyId: row.keyId, ciphertext: row.insightsCiphertext });
    return { row, analysis, insights };
  }

  /**
   * Builds the analysis of `contracts` for the verified customer, and its insights, and stores them
   * (within `tx` when given): what both the one-call analysis and a completed second step answer.
   */
  private async store(
    user: UserPrincipal,
    verified: VerifiedCustomer,
    contracts: InsuranceContract[],
    monthlyIncome: number | null,
    tx?: EntityManager,
  ): Promise<CoverageAnalysisResultDto> {
    const retrievedAt = new Date();
    const catalogue = await this.catalogue.current();
    const customer = insuranceCustomerOf(verified);
    const inquiryDate = koreaDate(retrievedAt);
    const analysis = buildCoverageAnalysis({
      customer,
      customerId: verified.customerNumber,
      contracts,
      catalogue,
      inquiryDate,
      retrievedAt,
    });
    const insights = buildCoverageInsights({ customer, contracts, catalogue, inquiryDate, monthlyIncome });

    const seq = uuidv7();
    // One cipher, one active key: both values are sealed with the key the row names.
    const sealed = this.cipher.sealJson(analysis);
    const sealedInsights = this.cipher.sealJson(insights);
    const stored = await this.analyses.insert(
      {
        id: seq,
        organisationId: user.organisationId,
        plannerId: user.userId,
        customerId: verified.customerId,
        verificationId: verified.verificationId,
        catalogueVersion: catalogue.version,
        inquiryDate: analysis.inquiry_time,
        keyId: sealed.keyId,
        payloadCiphertext: sealed.ciphertext,
        insightsCiphertext: sealedInsights.ciphertext,
      },
      tx,
    );
    // The customer was deleted while the contracts were fetched: their token is gone with them.
    if (!stored) throw VerificationErrors.tokenInvalid();
    return namingSubjects({ seq, analysis, insights }, [customerSubject(verified.customerId)]);
  }

  /** Stores the step as a two-step sign-in (the continuation; the monthly income its context) and answers the 202 body. */
  private async startContinuation(
    user: UserPrincipal,
    verified: VerifiedCustomer,
    step: SecondStep,
    monthlyIncome: number | null,
  ): Promise<CoverageAnalysisSecondStepDto> {
    const started = await this.twoStep.start({
      purpose: TwoStepPurpose.CoverageAnalysis,
      organisationId: user.organisationId,
      plannerId: user.userId,
      customerId: verified.customerId,
      verificationId: verified.verificationId,
      method: step.method,
      state: step.reference,
      context: monthlyIncome === null ? null : String(monthlyIncome),
    });
    // Deleted while the source was asked: the token went with the customer.
    if (!started) throw VerificationErrors.tokenInvalid();
    return namingSubjects(stepResponse(started.id, step, started.expiresAt), [customerSubject(verified.customerId)]);
  }

  /** The customer a continuation is about, as the verification that started it confirmed them. */
  private async verifiedOf(held: SignIn): Promise<VerifiedCustomer> {
    const opened = await this.customers.opened(held.customerId).catch((error: unknown) => {
      // Deleted meanwhile (and the continuation with them).
      throw error instanceof ProblemException && error.code === 'CUSTOMER_NOT_FOUND'
        ? CoverageAnalysisErrors.continuationNotFound(held.id)
        : error;
    });
    const { id: customerId, number: customerNumber, plannerId: _plannerId, gender, ...customer } = opened;
    // A verified customer has a gender; a continuation is only made for one.
    if (gender === null) throw CoverageAnalysisErrors.continuationExpired('EXPIRED');
    // A coverage analysis's sign-in always names its verification.
    return { verificationId: held.verificationId!, customerId, customerNumber, gender, ...customer };
  }

  /** The problem a SecondStepError answers; the continuation kept (pending, a wrong code) or deleted. */
  private async stepFailed(held: HeldSignIn, error: SecondStepError): Promise<ProblemException> {
    switch (error.failure) {
      case 'PENDING':
        await this.twoStep.release(held);
        return CoverageAnalysisErrors.stepPending();
      case 'WRONG_ANSWER': {
        const wrong = await this.twoStep.countWrongAnswer(held);
        if (wrong === null) return CoverageAnalysisErrors.continuationExpired('EXPIRED');
        if (wrong >= MAX_WRONG_ANSWERS) {
          await this.twoStep.end(held);
          return CoverageAnalysisErrors.continuationExpired('TOO_MANY_TRIES');
        }
        await this.twoStep.release(held);
        return CoverageAnalysisErrors.stepCodeInvalid(MAX_WRONG_ANSWERS - wrong);
      }
      case 'CANCELLED':
      case 'EXPIRED':
        await this.twoStep.end(held);
        return CoverageAnalysisErrors.continuationExpired(error.failure);
    }
  }

  /**
   * A port call within INSURANCE_DATA_TIMEOUT_MS. Past it the call's signal is aborted and the answer
   * is 504 at once, even from an adapter that ignores the signal; a failed source is 502, a refused
   * sign-in 400 or 423 naming the field, our account set up wrong 503 (logged at error level).
   */
  private async bounded<T>(call: (signal: AbortSignal) => Promise<T>): Promise<T> {
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
      return await Promise.race([call(controller.signal), timedOut]);
    } catch (error) {
      if (controller.signal.aborted) throw CoverageAnalysisErrors.insuranceDataTimeout(timeoutMs);
      if (error instanceof InsuranceDataUnavailableError) throw CoverageAnalysisErrors.insuranceDataUnavailable();
      if (error instanceof InsuranceSignInError) {
        switch (error.refusal) {
          case 'MISSING':
            throw CoverageAnalysisErrors.signInRequired();
          case 'WRONG':
            throw CoverageAnalysisErrors.signInWrong();
          case 'LOCKED':
            throw CoverageAnalysisErrors.signInLocked();
        }
      }
      if (error instanceof InsuranceDataMisconfiguredError) {
        // The port's messages hold no personal data; operators need it to fix the account.
        this.logger.error({ code: 'INSURANCE_DATA_MISCONFIGURED', error: error.message }, 'The insurance data source refuses our account');
        throw CoverageAnalysisErrors.insuranceDataMisconfigured();
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}

/** The port's view of a verified customer. */
function insuranceCustomerOf(verified: VerifiedCustomer): InsuranceDataCustomer {
  return {
    name: verified.name,
    birthDate: verified.birthDate,
    gender: verified.gender,
    phone: verified.phone,
    ...(verified.ci !== null && { ci: verified.ci }),
  };
}

/** The sign-in as the port takes it (a fresh object: nothing of the request body travels further). */
function signInOf(credit4u: Credit4uSignInDto | undefined): InsuranceSignIn | undefined {
  return credit4u && { id: credit4u.id, password: credit4u.password };
}

function stepResponse(continuationId: string, step: SecondStep, expiresAt: Date): CoverageAnalysisSecondStepDto {
  return {
    continuationId,
    method: step.method,
    ...(step.image !== undefined && { secureNumberImage: step.image }),
    expiresAt: expiresAt.toISOString(),
  };
}
