import jwt from 'jsonwebtoken';
import type { CoverageClaimsConfig } from '../../apps/coverage-claims/src/config/coverage-claims.config.js';
import { COVERAGE_CLAIMS } from '../../apps/coverage-claims/src/service.js';
import { UserRole, type AccessTokenClaims } from '../../apps/coverage-claims/src/auth/principal.js';
import { startTestApp, type TestApp, type TestAppOptions } from './test-app.js';

export const TEST_JWT_SECRET = 'test-jwt-secret-0123456789abcdef0123456789';

export type CoverageClaimsTestApp = TestApp<CoverageClaimsConfig>;

export function startCoverageClaims(options: TestAppOptions = {}): Promise<CoverageClaimsTestApp> {
  return startTestApp(COVERAGE_CLAIMS, { ...options, env: { JWT_SECRET: TEST_JWT_SECRET, ...options.env } });
}

export interface SignOptions {
  secret?: string;
  expiresIn?: number;
  audience?: string;
  issuer?: string;
  algorithm?: jwt.Algorithm;
}

/** Signs an access token the way the service's token endpoint does (HS256, issuer, audience, exp). */
export function signAccessToken(app: CoverageClaimsTestApp, claims: Partial<AccessTokenClaims> = {}, options: SignOptions = {}): string {
  const payload = {
    sub: '0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10',
    org: '0192f7a4-0000-7000-8000-000000000001',
    role: UserRole.Planner,
    ...claims,
  };
  return jwt.sign(payload, options.secret ?? TEST_JWT_SECRET, {
    algorithm: options.algorithm ?? 'HS256',
    expiresIn: options.expiresIn ?? 300,
    audience: options.audience ?? app.config.JWT_AUDIENCE,
    issuer: options.issuer ?? app.config.JWT_ISSUER,
  });
}
