import { Inject, Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import {
  TermPurpose,
  type ConfirmVerificationDto,
  type RequestVerificationDto,
  type VerificationConfirmedDto,
  type VerificationDto,
} from '#contracts';
import { lookupHashKeyOf, randomSecret, sha256Hex } from '#platform';
import { visibilityOf, type UserPrincipal } from '../auth/principal.js';
import { CoverageClaimsConfig } from '../config/coverage-claims.config.js';
import type { OpenedCustomer } from '../customers/customer-cipher.js';
import { CustomersService } from '../customers/customers.service.js';
import { SMS_SENDER, SmsDeliveryError, type SmsSender } from '../sms/sms.port.js';
import { TermsService } from '../terms/terms.service.js';
import { VerificationStatus } from './entities/customer-verification.entity.js';
import {
  CODE_TTL_SECONDS,
  MAX_FAILED_ATTEMPTS,
  RESEND_INTERVAL_SECONDS,
  TOKEN_TTL_SECONDS,
  addSeconds,
  attemptsLeft,
  codeHashKey,
  codeMatches,
  confirmRefusal,
  generateCode,
  hashCode,
  maskedPhone,
  retryAfterSeconds,
  verificationText,
} from './verification-rules.js';
import { VerificationErrors } from './verifications.errors.js';
import { VerificationsRepository } from './verifications.repository.js';

const TOKEN_PREFIX = 'vt_';

/** A customer whose phone was verified within the last 30 minutes, as the coverage analysis gets them. */
export interface VerifiedCustomer extends OpenedCustomer {
  verificationId: string;
  customerId: string;
  /** The customer's integer number (the analysis payload's `customer_id`). */
  customerNumber: number;
}

type ConfirmOutcome =
  | { kind: 'NOT_FOUND' | 'ALREADY_CONFIRMED' | 'LOCKED' | 'EXPIRED' }
  | { kind: 'WRONG_CODE'; attemptsLeft: number }
  | { kind: 'CONFIRMED'; response: VerificationConfirmedDto };

@Injectable()
export class VerificationsService {
  private readonly codeKey: Buffer;

  constructor(
    private readonly verifications: VerificationsRepository,
    private readonly customers: CustomersService,
    private readonly terms: TermsService,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
    config: CoverageClaimsConfig,
  ) {
    this.codeKey = codeHashKey(lookupHashKeyOf(config));
  }

  /**
   * Sends a one-time number to the customer's phone. In one transaction, under a lock on the phone
   * (per organisation): refuses a request within 60 s of the last (429), creates or refreshes the
   * customer, stores the verification and the consents, and sends the SMS last. A refused delivery
   * rolls it all back (502), so nothing is left that would hold a corrected retry off.
   */
  async request(planner: UserPrincipal, input: RequestVerificationDto): Promise<VerificationDto> {
    const agreed = await this.terms.requireAgreed(TermPurpose.CoverageAnalysis, input.agreedTermIds);
    const phoneHash = this.customers.phoneHash(input.phone);
    const id = uuidv7();
    const code = generateCode();
    return this.verifications.transaction(async (tx) => {
      const { now, lastRequestedAt } = await this.verifications.lockPhone(tx, planner.organisationId, phoneHash);
      const wait = retryAfterSeconds(lastRequestedAt, now);
      if (wait > 0) throw VerificationErrors.resendTooSoon(wait);

      const customerId = await this.customers.upsert(tx, planner, input);
      const expiresAt = addSeconds(now, CODE_TTL_SECONDS);
      await this.verifications.insert(tx, {
        id,
        organisationId: planner.organisationId,
        customerId,
        plannerId: planner.userId,
        phoneHash,
        codeHash: hashCode(this.codeKey, id, code),
        expiresAt,
        failedAttempts: 0,
        status: VerificationStatus.Pending,
        createdAt: now,
      });
      await this.customers.recordConsents(tx, {
        customerId,
        termIds: agreed.map((term) => term.id),
        verificationId: id,
        plannerId: planner.userId,
        agreedAt: now,
      });
      try {
        await this.sms.send({ to: input.phone, text: verificationText(code) });
      } catch (error) {
        if (error instanceof SmsDeliveryError) throw VerificationErrors.smsDeliveryFailed();
        throw error;
      }
      return {
        id,
        customerId,
        maskedPhone: maskedPhone(input.phone),
        expiresAt: expiresAt.toISOString(),
        expiresIn: CODE_TTL_SECONDS,
        resendAvailableAt: addSeconds(now, RESEND_INTERVAL_SECONDS).toISOString(),
        attemptsLeft: MAX_FAILED_ATTEMPTS,
      };
    });
  }

  /**
   * Checks the number under the verification's row lock. A wrong number counts (committed, even
   * though the answer is an error); the fifth locks the verification. The right one gives a token.
   */
  async confirm(user: UserPrincipal, id: string, input: ConfirmVerificationDto): Promise<VerificationConfirmedDto> {
    const outcome = await this.verifications.transaction(async (tx): Promise<ConfirmOutcome> => {
      const locked = await this.verifications.lockVisible(tx, visibilityOf(user), id);
      if (!locked) return { kind: 'NOT_FOUND' };
      const { verification, now } = locked;
      const refusal = confirmRefusal(verification, now);
      if (refusal) return { kind: refusal };
      if (!codeMatches(this.codeKey, verification.id, input.code, verification.codeHash)) {
        const failedAttempts = verification.failedAttempts + 1;
        const status = failedAttempts >= MAX_FAILED_ATTEMPTS ? VerificationStatus.Locked : VerificationStatus.Pending;
        await this.verifications.recordFailedAttempt(tx, verification.id, failedAttempts, status);
        return { kind: 'WRONG_CODE', attemptsLeft: attemptsLeft(failedAttempts) };
      }
      const token = randomSecret(TOKEN_PREFIX);
      const tokenExpiresAt = addSeconds(now, TOKEN_TTL_SECONDS);
      await this.verifications.markConfirmed(tx, verification.id, { tokenHash: sha256Hex(token), confirmedAt: now, tokenExpiresAt });
      return {
        kind: 'CONFIRMED',
        response: {
          verificationId: verification.id,
          customerId: verification.customerId,
          verificationToken: token,
          verificationTokenExpiresAt: tokenExpiresAt.toISOString(),
          expiresIn: TOKEN_TTL_SECONDS,
        },
      };
    });
    switch (outcome.kind) {
      case 'CONFIRMED':
        return outcome.response;
      case 'WRONG_CODE':
        throw VerificationErrors.codeInvalid(outcome.attemptsLeft);
      case 'NOT_FOUND':
        throw VerificationErrors.notFound(id);
      case 'ALREADY_CONFIRMED':
        throw VerificationErrors.alreadyConfirmed();
      case 'LOCKED':
        throw VerificationErrors.locked();
      case 'EXPIRED':
        throw VerificationErrors.expired();
    }
  }

  /**
   * What the coverage analysis calls before fetching a customer's contracts: the customer a
   * verification token was given for, in plain. Refuses (400 VERIFICATION_TOKEN_INVALID naming
   * `verificationToken`) a missing, unknown or expired token, and a token the user may not see
   * (another organisation's, or another planner's), all alike. The token stays usable until it expires.
   */
  async requireVerifiedCustomer(user: UserPrincipal, verificationToken: string | undefined | null): Promise<VerifiedCustomer> {
    if (!verificationToken || !verificationToken.startsWith(TOKEN_PREFIX)) throw VerificationErrors.tokenInvalid();
    const verification = await this.verifications.findUsableToken(visibilityOf(user), sha256Hex(verificationToken));
    if (!verification) throw VerificationErrors.tokenInvalid();
    const { id: customerId, number: customerNumber, ...customer } = await this.customers.opened(verification.customerId);
    return { verificationId: verification.id, customerId, customerNumber, ...customer };
  }
}
