import { createSecretKey, type KeyObject } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import type { FastifyRequest } from 'fastify';
import jwt from 'jsonwebtoken';
import { uuidv7 } from '#platform';
import { CoverageClaimsConfig } from '../config/coverage-claims.config.js';
import { UserRole, type AccessTokenClaims, type AuthenticatedUser } from './principal.js';

/**
 * JWT_SECRET as a secret KeyObject, made once. jsonwebtoken given a string first tries to parse it
 * as a public (or private) key, which throws, and only then makes a secret key of it, on every call.
 */
function requiredSecret(secret: string | undefined): KeyObject {
  if (!secret) throw new Error('JWT_SECRET is not set');
  return createSecretKey(Buffer.from(secret, 'utf8'));
}

/** Signs access tokens: HS256 with JWT_SECRET, JWT_ISSUER, JWT_AUDIENCE, ACCESS_TOKEN_TTL_SECONDS. */
@Injectable()
export class AccessTokenSigner {
  private readonly secret: KeyObject;

  constructor(private readonly config: CoverageClaimsConfig) {
    this.secret = requiredSecret(config.JWT_SECRET);
  }

  get expiresIn(): number {
    return this.config.ACCESS_TOKEN_TTL_SECONDS;
  }

  sign(user: AuthenticatedUser): string {
    const claims: Omit<AccessTokenClaims, 'sub'> = { org: user.organisationId, role: user.role, sid: user.signInId };
    return jwt.sign(claims, this.secret, {
      algorithm: 'HS256',
      subject: user.userId,
      issuer: this.config.JWT_ISSUER,
      audience: this.config.JWT_AUDIENCE,
      expiresIn: this.expiresIn,
      jwtid: uuidv7(),
    });
  }
}

/** What a request's Authorization header holds: no header, a token that does not verify, or a verified token's claims. */
export type BearerToken = { kind: 'none' } | { kind: 'invalid' } | { kind: 'verified'; claims: AccessTokenClaims };

const BEARER = /^Bearer +(\S+)$/i;
const ROLES = new Set<string>(Object.values(UserRole));
const NONE: BearerToken = { kind: 'none' };
const INVALID: BearerToken = { kind: 'invalid' };

/**
 * Verifies a request's Bearer access token once, however many ask (the rate limiter in `onRequest`,
 * then the guard): HS256 only, this service's issuer and audience, not expired, and every claim
 * present and well-formed (`sub` and `sid` UUIDs, `org`, a known `role`). Whether the user and the
 * sign-in are still valid is the guard's to read.
 */
@Injectable()
export class AccessTokenVerifier {
  private readonly secret: KeyObject;
  private readonly options: jwt.VerifyOptions & { complete?: false };
  private readonly byRequest = new WeakMap<object, BearerToken>();
  /** The `exp` (seconds) of each verified token. */
  private readonly expiresAt = new WeakMap<BearerToken, number>();

  constructor(config: CoverageClaimsConfig) {
    this.secret = requiredSecret(config.JWT_SECRET);
    this.options = { algorithms: ['HS256'], issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE };
  }

  of(request: FastifyRequest): BearerToken {
    let token = this.byRequest.get(request.raw);
    if (!token) {
      token = this.verify(request.headers.authorization);
      this.byRequest.set(request.raw, token);
    }
    // Verified when the request began (the rate limiter, before the body is read); a token that
    // expired while a slow body arrived is refused when the guard asks, as verifying again would.
    const expiresAt = this.expiresAt.get(token);
    return expiresAt !== undefined && Date.now() / 1000 >= expiresAt ? INVALID : token;
  }

  private verify(authorization: string | undefined): BearerToken {
    if (!authorization) return NONE;
    const token = BEARER.exec(authorization)?.[1];
    if (token === undefined) return INVALID;
    let claims: Partial<AccessTokenClaims>;
    try {
      const verified = jwt.verify(token, this.secret, this.options);
      if (typeof verified !== 'object') return INVALID;
      claims = verified;
    } catch {
      return INVALID;
    }
    const { sub, org, role, sid, exp } = claims as Partial<AccessTokenClaims> & { exp?: unknown };
    if (typeof sub !== 'string' || !isUUID(sub) || typeof org !== 'string' || typeof role !== 'string' || !ROLES.has(role)) return INVALID;
    if (typeof sid !== 'string' || !isUUID(sid)) return INVALID;
    const verified: BearerToken = { kind: 'verified', claims: { sub, org, role, sid } };
    if (typeof exp === 'number') this.expiresAt.set(verified, exp);
    return verified;
  }
}
