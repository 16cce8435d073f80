import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { OperatorSessionDto, OperatorSignInChallengeDto, OperatorSignedInDto } from '#contracts';
import { FieldCipher } from '../crypto/field-cipher.js';
import { randomSecret, sha256Hex } from '../crypto/secret-hash.js';
import { OperatorAuthenticator, SESSION_IDLE_MINUTES } from './operator-authenticator.js';
import { verifyPassword, UNMATCHABLE_PASSWORD_HASH } from './operator-password.js';
import type { OperatorPrincipal } from './operator-principal.js';
import { newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpStepOf, totpUri } from './operator-totp.js';
import { OperatorErrors } from './operators.errors.js';
import { OperatorsRepository } from './operators.repository.js';
import { OPERATORS_OPTIONS, type OperatorsOptions } from './operators.options.js';
import { toOperatorAccountResponse } from './operator-accounts.service.js';
import type { OperatorAccount } from './entities/operator-account.entity.js';

/** Failed attempts in a row (password or second factor) that lock an account, and for how long. */
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MINUTES = 15;
/** A session's fixed end after sign-in. */
export const SESSION_MAX_HOURS = 12;
/** How long the second factor may be given after the password. */
const CHALLENGE_SECONDS = 300;

/**
 * The console's sign-in (safeguards notice art. 5 and 6): a password, then a TOTP code or a one-time
 * recovery code; the first sign-in enrols the second factor. Five failures in a row lock the account
 * for 15 minutes; each failure is a security event for the monthly review.
 */
@Injectable()
export class OperatorSignInService {
  private readonly issuer: string;

  constructor(
    private readonly repository: OperatorsRepository,
    private readonly cipher: FieldCipher,
    private readonly authenticator: OperatorAuthenticator,
    @Inject(OPERATORS_OPTIONS) options: OperatorsOptions,
  ) {
    // What authenticator apps show beside the e-mail.
    this.issuer = options.service;
  }

  async signIn(request: FastifyRequest, email: string, password: string): Promise<OperatorSignInChallengeDto> {
    const account = await this.repository.findByEmail(email);
    // An unknown e-mail takes as long as a wrong password, and answers the same.
    const matches = await verifyPassword(password, account?.passwordHash ?? UNMATCHABLE_PASSWORD_HASH);
    if (!account || account.disabledAt) {
      await this.authenticator.record(request, account?.id ?? 'unknown', 'sign-in-failed', 'operator.sign-in');
      throw OperatorErrors.signInFailed();
    }
    this.refuseLocked(account);
    if (!matches) await this.fail(request, account.id, OperatorErrors.signInFailed);

    const challenge = randomSecret('opc_');
    const expiresAt = await this.repository.insertChallenge(account.id, sha256Hex(challenge), CHALLENGE_SECONDS);
    let enrolment: OperatorSignInChallengeDto['enrolment'] = null;
    if (!account.totpEnrolledAt) {
      const secret = newTotpSecret();
      await this.repository.setPendingTotpSecret(account.id, this.cipher.seal(secret));
      enrolment = { secret, otpauthUri: totpUri(secret, this.issuer, account.email) };
    }
    return { challenge, expiresAt: expiresAt.toISOString(), enrolment };
  }

  /** The second factor: sets up the session (its cookie token and CSRF token are returned for the controller to send). */
  async secondFactor(
    request: FastifyRequest,
    challenge: string,
    code: string | undefined,
    recoveryCode: string | undefined,
  ): Promise<{ body: OperatorSignedInDto; token: string; maxAgeSeconds: number }> {
    if (code === undefined && recoveryCode === undefined) throw OperatorErrors.secondFactorMissing();
    const pending = await this.repository.findChallenge(sha256Hex(challenge));
    if (!pending) throw OperatorErrors.challengeInvalid();
    const account = await this.repository.findAccount(pending.accountId);
    if (!account || account.disabledAt) throw OperatorErrors.challengeInvalid();
    this.refuseLocked(account);

    let recoveryCodes: string[] | null = null;
    if (code !== undefined) {
      const secret = this.secretOf(account);
      const step = secret === null ? null : totpStepOf(secret, code);
      const enrol = account.totpEnrolledAt ? undefined : newRecoveryCodes();
      if (step === null || !(await this.repository.useTotpStep(account.id, step, enrol && { recoveryCodeHashes: enrol.hashes }))) {
        await this.fail(request, account.id, OperatorErrors.secondFactorInvalid);
      }
      recoveryCodes = enrol?.codes ?? null;
    } else if (!(await this.repository.useRecoveryCode(account.id, recoveryCodeHash(recoveryCode!)))) {
      await this.fail(request, account.id, OperatorErrors.secondFactorInvalid);
    }

    await this.repository.recordSuccess(account.id);
    const token = randomSecret();
    const csrfToken = randomSecret();
    const expiresAt = await this.repository.openSession(pending.id, account.id, sha256Hex(token), sha256Hex(csrfToken), SESSION_MAX_HOURS);
    if (!expiresAt) throw OperatorErrors.challengeInvalid();
    const fresh = (await this.repository.findAccount(account.id))!;
    return {
      body: {
        account: toOperatorAccountResponse(fresh),
        csrfToken,
        expiresAt: expiresAt.toISOString(),
        idleMinutes: SESSION_IDLE_MINUTES,
        recoveryCodes,
      },
      token,
      maxAgeSeconds: SESSION_MAX_HOURS * 3600,
    };
  }

  /** Who is signed in. The CSRF token is not shown again (the console keeps the one sign-in gave). */
  async current(principal: OperatorPrincipal): Promise<OperatorSessionDto> {
    if (principal.kind === 'bootstrap') throw OperatorErrors.personOnly();
    const account = await this.repository.findAccount(principal.id);
    if (!account) throw OperatorErrors.sessionInvalid();
    return {
      account: toOperatorAccountResponse(account),
      csrfToken: null,
      expiresAt: principal.session ? principal.session.expiresAt.toISOString() : null,
      idleMinutes: SESSION_IDLE_MINUTES,
    };
  }

  async signOut(principal: OperatorPrincipal): Promise<void> {
    if (principal.session) await this.repository.endSession(principal.session.id);
  }

  private secretOf(account: OperatorAccount): string | null {
    if (!account.totpSecret || !account.totpSecretKeyId) return null;
    return this.cipher.open({ keyId: account.totpSecretKeyId, ciphertext: account.totpSecret });
  }

  private refuseLocked(account: OperatorAccount): void {
    if (account.lockedUntil && account.lockedUntil.getTime() > Date.now()) throw OperatorErrors.locked(account.lockedUntil);
  }

  /** Counts the failure, records it, and answers 401 (or 423 when it locked the account). */
  private async fail(request: FastifyRequest, accountId: string, error: () => Error): Promise<never> {
    const lockedUntil = await this.repository.recordFailure(accountId, LOCK_AFTER_FAILURES, LOCK_MINUTES);
    await this.authenticator.record(request, accountId, 'sign-in-failed', 'operator.sign-in');
    throw lockedUntil ? OperatorErrors.locked(lockedUntil) : error();
  }
}
