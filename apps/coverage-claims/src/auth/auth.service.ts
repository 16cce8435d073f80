import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { UserStatus, type SsoLoginQueryDto, type TokenQueryDto, type TokenResponseDto } from '#contracts';
import { randomSecret, sha256Hex, type ProblemException, uuidv7 } from '#platform';
import { CoverageClaimsConfig } from '../config/coverage-claims.config.js';
import { OrganisationsService } from '../organisations/organisations.service.js';
import { UsersService } from '../users/users.service.js';
import { AccessTokenSigner } from './access-tokens.js';
import { AuthErrors } from './auth.errors.js';
import { AuthRepository } from './auth.repository.js';
import type { AuthenticatedUser, UserPrincipal } from './principal.js';
import { CLOCK_TOLERANCE_SECONDS, assertionIssuer, verifyAssertion } from './sso-assertion.js';

export const CODE_TTL_SECONDS = 60;
const CODE_PREFIX = 'ac_';
const REFRESH_TOKEN_PREFIX = 'rt_';
/** About one sign-in in a hundred also deletes expired assertion ids, codes and tokens. */
const PRUNE_PROBABILITY = 0.01;

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    private readonly auth: AuthRepository,
    private readonly organisations: OrganisationsService,
    private readonly users: UsersService,
    private readonly accessTokens: AccessTokenSigner,
    private readonly config: CoverageClaimsConfig,
  ) {}

  /**
   * SSO sign-in. Checks, in order: the assertion comes from a registered organisation and verifies
   * (401), its claims are valid (400), the redirect URI is registered for that organisation (400);
   * then in one transaction records its jti (a replay is 401), creates or updates the planner (a
   * disabled one is 403) and stores a one-time code. Returns where to redirect the browser.
   */
  async signIn(query: SsoLoginQueryDto): Promise<string> {
    const issuer = assertionIssuer(query.assertion);
    const organisation = issuer ? await this.organisations.findForSignIn(issuer) : null;
    if (!organisation) throw AuthErrors.assertionInvalid('it is not signed by a registered organisation');
    const claims = verifyAssertion(query.assertion, organisation.ssoSecret, {
      issuer: organisation.id,
      audience: this.config.SSO_AUDIENCE,
    });
    if (!organisation.redirectUris.includes(query.redirectUri)) throw AuthErrors.redirectUriNotRegistered();

    const code = randomSecret(CODE_PREFIX);
    await this.auth.transaction(async (tx) => {
      const usableUntil = new Date((claims.exp + CLOCK_TOLERANCE_SECONDS) * 1000);
      if (!(await this.auth.recordAssertion(tx, organisation.id, claims.jti, usableUntil))) throw AuthErrors.assertionReplayed();
      const user = await this.users.signedInBySso(tx, organisation.id, claims);
      if (user.status !== UserStatus.Active) throw AuthErrors.userDisabled();
      await this.auth.insertCode(
        tx,
        { codeHash: sha256Hex(code), userId: user.id, redirectUri: query.redirectUri, codeChallenge: query.code_challenge },
        CODE_TTL_SECONDS,
      );
    });
    if (Math.random() < PRUNE_PROBABILITY) this.pruneInBackground();
    return redirectLocation(query.redirectUri, { code, state: query.state });
  }

  /** Exchanges a code (with its PKCE verifier and redirect URI) or a refresh token for new tokens. */
  issueTokens(query: TokenQueryDto): Promise<TokenResponseDto> {
    return query.refreshToken !== undefined
      ? this.refresh(query.refreshToken)
      : this.exchangeCode(query.code!, query.code_verifier!, query.redirectUri!);
  }

  /** A code starts a sign-in: the family of the refresh tokens and the `sid` of the access tokens issued under it. */
  private exchangeCode(code: string, codeVerifier: string, redirectUri: string): Promise<TokenResponseDto> {
    return this.auth.transaction(async (tx) => {
      const userId = await this.auth.claimCode(tx, { codeHash: sha256Hex(code), redirectUri, codeChallenge: s256Challenge(codeVerifier) });
      if (!userId) throw AuthErrors.codeInvalid();
      const user = await this.activeUser(tx, userId, AuthErrors.codeInvalid);
      const signInId = uuidv7();
      await this.auth.insertSignIn(tx, { id: signInId, userId }, this.config.SIGN_IN_LIFETIME_SECONDS);
      return this.issue(tx, user, signInId);
    });
  }

  /** Sign-out: ends the sign-in the access token was issued under, with every token issued under it. */
  async signOut(user: AuthenticatedUser): Promise<void> {
    await this.auth.revokeSignIn(user.signInId);
  }

  /**
   * Rotation: the token is marked used and its successor issued in one transaction. A token that was
   * already used is a sign that it leaked: its sign-in is revoked, with its access tokens (outside
   * the failed transaction, so the revocation stays).
   */
  private async refresh(refreshToken: string): Promise<TokenResponseDto> {
    const tokenHash = sha256Hex(refreshToken);
    const issued = await this.auth.transaction(async (tx) => {
      const claimed = await this.auth.claimRefreshToken(tx, tokenHash);
      return claimed && this.issue(tx, await this.activeUser(tx, claimed.userId, AuthErrors.refreshTokenInvalid), claimed.familyId);
    });
    if (issued) return issued;
    const family = await this.auth.familyOfUsedToken(tokenHash);
    if (!family) throw AuthErrors.refreshTokenInvalid();
    await this.auth.revokeSignIn(family);
    this.logger.warn({ familyId: family }, 'A used refresh token was presented again; its family is revoked');
    throw AuthErrors.refreshTokenReused();
  }

  /** The user a code or refresh token belongs to, if still active. */
  private async activeUser(tx: EntityManager, userId: string, whenDeleted: () => ProblemException): Promise<UserPrincipal> {
    const user = await this.users.lockForTokens(tx, userId);
    // A deleted user's codes and tokens are deleted with them; this covers a deletion racing the exchange.
    if (!user) throw whenDeleted();
    if (user.status !== UserStatus.Active) throw AuthErrors.userDisabled();
    return user;
  }

  private async issue(tx: EntityManager, user: UserPrincipal, signInId: string): Promise<TokenResponseDto> {
    const refreshToken = randomSecret(REFRESH_TOKEN_PREFIX);
    await this.auth.insertRefreshToken(
      tx,
      { id: uuidv7(), tokenHash: sha256Hex(refreshToken), familyId: signInId, userId: user.userId },
      this.config.REFRESH_TOKEN_TTL_SECONDS,
    );
    return {
      accessToken: this.accessTokens.sign({ ...user, signInId }),
      tokenType: 'Bearer',
      expiresIn: this.accessTokens.expiresIn,
      refreshToken,
    };
  }

  private pruneInBackground(): void {
    this.auth.pruneExpired().catch((error: unknown) => {
      this.logger.warn({ error: error instanceof Error ? error.message : undefined }, 'Pruning expired sign-in records failed');
    });
  }
}

/**
 * The registered redirect URI, exactly as registered, with `code` (and `state`) appended to its
 * query. Registered URIs have no fragment, so appending is safe.
 */
export function redirectLocation(redirectUri: string, parameters: { code: string; state?: string }): string {
  const query = new URLSearchParams({ code: parameters.code });
  if (parameters.state !== undefined) query.set('state', parameters.state);
  const separator = !redirectUri.includes('?') ? '?' : /[?&]$/.test(redirectUri) ? '' : '&';
  return `${redirectUri}${separator}${query.toString()}`;
}

/** RFC 7636 S256: BASE64URL(SHA-256(ASCII(code_verifier))), no padding. */
export function s256Challenge(codeVerifier: string): string {
  return createHash('sha256').update(codeVerifier, 'ascii').digest('base64url');
}
