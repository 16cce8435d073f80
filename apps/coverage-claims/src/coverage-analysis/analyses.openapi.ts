import type { FastifyReply } from 'fastify';
import type { CoverageAnalysisResultDto, CoverageAnalysisSecondStepDto } from '#contracts';
import type { AnalysisOutcome } from './analyses.service.js';

// What the analysis operation and its follow-up share in their OpenAPI descriptions, and their answer.

export const SANDBOX =
  'Sandbox (INSURANCE_DATA_ADAPTER=sandbox), by the credit4u id: `sandbox-sms` (SMS_CODE, the code is 123456), `sandbox-email` (EMAIL_CODE, 123456), `sandbox-secure` (SECURE_NUMBER: the digits the image shows; wrong digits give a new image), `sandbox-app` (APP_APPROVAL, approved after SANDBOX_INSURANCE_APPROVAL_SECONDS, 3 s by default), `sandbox-cancel` (APP_APPROVAL the customer cancels: 410), `sandbox-locked` (423), `sandbox-misconfigured` (503); the password `wrong` is refused (400); any other id answers at once.';

export const SIGN_IN = `\`credit4u\` is the customer’s 내보험다보여 (credit4u.or.kr) sign-in, for a source that needs it (INSURANCE_DATA_ADAPTER=codef): sent only to the source, encrypted for it, never stored or logged. A source may ask for a second step first: then 202 with \`continuationId\`, \`method\` (SMS_CODE, EMAIL_CODE, SECURE_NUMBER with \`secureNumberImage\`, APP_APPROVAL) and \`expiresAt\` (270 s), completed by \`POST /api/v1/coverage/analysis-continuations/{continuationId}\`. ${SANDBOX}`;

export const SIGN_IN_400 =
  'VALIDATION_FAILED (naming the field), VERIFICATION_TOKEN_INVALID (naming verificationToken), INSURANCE_SIGN_IN_REQUIRED (naming credit4u: the source needs the customer’s 내보험다보여 sign-in), INSURANCE_SIGN_IN_INVALID (naming credit4u.password: the source refused it)';

export const MISCONFIGURED_503 =
  'SHUTTING_DOWN, or INSURANCE_DATA_MISCONFIGURED: the service’s account with the insurance data source is set up wrong (nothing the caller can change; operators are alerted)';

export const SECOND_STEP =
  'The source asks for a second step first: answer it with `POST /api/v1/coverage/analysis-continuations/{continuationId}` before `expiresAt`';

/** 201 with the stored analysis, or 202 with the second step. */
export function answer(outcome: AnalysisOutcome, reply: FastifyReply): CoverageAnalysisResultDto | CoverageAnalysisSecondStepDto {
  if ('secondStep' in outcome) {
    void reply.status(202);
    return outcome.secondStep;
  }
  return outcome.analysis;
}
