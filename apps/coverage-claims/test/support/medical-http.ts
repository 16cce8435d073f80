import type { CoverageAnalysisResultDto, VerificationConfirmedDto, VerificationDto } from '#contracts';
import {
  sandboxCode,
  signIn,
  verificationBody,
  withToken,
  type CoverageClaimsTestApp,
  type VerificationBody,
} from './coverage-claims.js';

export type SignedIn = Awaited<ReturnType<typeof signIn>>;

/**
 * A stored coverage analysis of a fresh customer, run by `user` through the real operations:
 * verification by the sandbox SMS, then POST /api/v1/coverage/analyses.
 */
export async function analysedCustomer(app: CoverageClaimsTestApp, user: SignedIn, body: VerificationBody = verificationBody()) {
  const as = withToken(app, user.accessToken);
  const verification = (await as.post('/api/v1/coverage/verifications').send(body).expect(201)).body as VerificationDto;
  const confirmed = (
    await as
      .post(`/api/v1/coverage/verifications/${verification.id}/confirm`)
      .send({ code: await sandboxCode(app, body.phone) })
      .expect(200)
  ).body as VerificationConfirmedDto;
  const result = (await as.post('/api/v1/coverage/analyses').send({ verificationToken: confirmed.verificationToken }).expect(201))
    .body as CoverageAnalysisResultDto;
  return { ...result, customerId: verification.customerId };
}
