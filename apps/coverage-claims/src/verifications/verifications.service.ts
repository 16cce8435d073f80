import { Inject, Injectable } from '@nestjs/common';
import {
  TermPurpose,
  type Gender,
  type ConfirmVerificationDto,
  type RequestVerificationDto,
  type VerificationConfirmedDto,
  type VerificationDto,
} from '#contracts';
import { ProblemException, lookupHashKeyOf, randomSecret, sha256Hex, uuidv7 } from '#platform';
import { visibilityOf, type UserPrincipal } from '../auth/principal.js';
import { CoverageClaimsConfig } from '../config/coverage-claims.config.js';
import { CustomersService, type OpenedCustomer } from '../customers/customers.service.js';
import { SMS_SENDER, SmsDeliveryError, type SmsSender } from '../integrations/sms/sms.port.js';
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
  gender: Gender;
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
  private readonly serviceName: string;

  constructor(
    private readonly verifications: VerificationsRepository,
    private readonly customers: CustomersService,
    private readonly terms: TermsService,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
    config: CoverageClaimsConfig,
  ) {
    this.codeKey = codeHashKey(lookupHashKeyOf(config));
    this.serviceName = config.SMS_SERVICE_NAME;
  }

  /**
   * Sends a one-time number to the customer's phone, in three steps so that no transaction is open
   * while the gateway is called (it would hold a pool connection and the phone's lock for the
   * gateway's round trip; the sandbox's own write on another connection could then wait for a
   * connection forever under a burst):
   * 1. under a lock on the phone (per organisation), refuse a request within 60 s of the last one
   *    that was not refused by the gateway (429), and store the verification as SENDING;
   * 2. send the SMS. A refusal marks the verification FAILED (it then holds nothing off) and is 502;
   * 3. find or create the customer (an existing one is left as it is) and make the verification
   *    PENDING, confirmable until 180 s after the request, and the customer's earlier PENDING numbers
   *    expire (only the newest is good); if that fails, it is marked FAILED too.
   * The gateway's id of the message, when it gave one, is kept with the verification either way
   * (support look-ups).
   * What only the customer's confirmation makes true (their gender, their consents) waits for it.
   */
  async request(planner: UserPrincipal, input: RequestVerificationDto): Promise<VerificationDto> {
    const agreed = await this.terms.requireAgreed(TermPurpose.CoverageAnalysis, input.agreedTermIds);
    const phoneHash = this.customers.phoneHash(input.phone);
    const id = uuidv7();
    const code = generateCode();
    const { now, expiresAt } = await this.verifications.transaction(async (tx) => {
      const { now, lastRequestedAt } = await this.verifications.lockPhone(tx, planner.organisationId, phoneHash);
      const wait = retryAfterSeconds(lastRequestedAt, now);
      if (wait > 0) throw VerificationErrors.resendTooSoon(wait);
      const expiresAt = addSeconds(now, CODE_TTL_SECONDS);
      await this.verifications.insert(tx, {
        id,
        organisationId: planner.organisationId,
        customerId: null,
        plannerId: planner.userId,
        phoneHash,
        codeHash: hashCode(this.codeKey, id, code),
        gender: input.gender,
        agreedTermIds: agreed.map((term) => term.id),
        expiresAt,
        failedAttempts: 0,
        status: VerificationStatus.Sending,
        createdAt: now,
      });
      return { now, expiresAt };
    });
    let smsMessageId: string;
    try {
      ({ messageId: smsMessageId } = await this.sms.send({
        to: input.phone,
        text: verificationText(this.serviceName, code),
        reference: `verification-${id}`,
      }));
    } catch (error) {
      await this.verifications.markFailed(id, error instanceof SmsDeliveryError ? error.messageId : undefined);
      if (error instanceof SmsDeliveryError) throw VerificationErrors.smsDeliveryFailed();
      throw error;
    }
    const customerId = await this.verifications
      .transaction(async (tx) => {
        const customerId = await this.customers.findOrCreate(tx, planner, input);
        await this.verifications.markSent(tx, id, customerId, smsMessageId);
        return customerId;
      })
      .catch(async (error: unknown) => {
        // The number went out but cannot be confirmed: FAILED, so it does not hold a new request off.
        await this.verifications.markFailed(id, smsMessageId).catch(() => undefined);
        throw error;
      });
    return {
      id,
      customerId,
      maskedPhone: maskedPhone(input.phone),
      expiresAt: expiresAt.toISOString(),
      expiresIn: CODE_TTL_SECONDS,
      resendAvailableAt: addSeconds(now, RESEND_INTERVAL_SECONDS).toISOString(),
      attemptsLeft: MAX_FAILED_ATTEMPTS,
    };
  }

  /**
   * Checks the number under the verification's row lock. A wrong number counts (committed, even
   * though the answer is an error); the fifth locks the verification. The right one gives a token,
   * and in the same transaction makes true what the request stated: the customer's gender and the
   * consents to the agreed terms.
   */
  async confirm(user: UserPrincipal, id: string, input: ConfirmVerificationDto): Promise<VerificationConfirmedDto> {
    const outcome = await this.verifications.transaction(async (tx): Promise<ConfirmOutcome> => {
      const locked = await this.verifications.lockVisible(tx, visibilityOf(user), id);
      if (!locked || locked.verification.customerId === null) return { kind: 'NOT_FOUND' };
      const { verification, now } = locked;
      const customerId = locked.verification.customerId;
      const refusal = confirmRefusal(verification, now);
      if (refusal) return { kind: refusal };
      if (!codeMatches(this.codeKey, verification.id, input.code, verification.codeHash)) {
        const failedAttempts = verification.failedAttempts + 1;
        const status = failedAttempts >= MAX_FAILED_ATTEMPTS ? VerificationStatus.Locked : VerificationStatus.Pending;
        await this.verifications.recordFailedAttempt(tx, verification.id, failedAttempts, status);
        return { kind: 'WRONG_CODE', attemptsLeft: attemptsLeft(failedAttempts) };
      }
      if (verification.gender !== null) await this.customers.applyConfirmation(tx, customerId, verification.gender);
      if (verification.agreedTermIds !== null) {
        await this.customers.recordConsents(tx, {
          customerId,
          termIds: verification.agreedTermIds,
          verificationId: verification.id,
          plannerId: verification.plannerId,
          agreedAt: now,
        });
      }
      const token = randomSecret(TOKEN_PREFIX);
      const tokenExpiresAt = addSeconds(now, TOKEN_TTL_SECONDS);
      await this.verifications.markConfirmed(tx, verification.id, { tokenHash: sha256Hex(token), confirmedAt: now, tokenExpiresAt });
      return {
        kind: 'CONFIRMED',
        response: {
          verificationId: verification.id,
          customerId,
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
    // The customer (and with them the token) may be deleted between the two reads: the token is then
    // refused like any other gone token, not answered as a missing customer.
    const opened = await this.customers.opened(verification.customerId).catch((error: unknown) => {
      if (error instanceof ProblemException && error.code === 'CUSTOMER_NOT_FOUND') throw VerificationErrors.tokenInvalid();
      throw error;
    });
    const { id: customerId, number: customerNumber, plannerId: _plannerId, gender, ...customer } = opened;
    // A confirmation sets the gender it was requested with; a customer without one has no usable token.
    if (gender === null) throw VerificationErrors.tokenInvalid();
    return { verificationId: verification.id, customerId, customerNumber, gender, ...customer };
  }
}
