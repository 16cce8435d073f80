import { ProblemException, validationFailed } from '#platform';
import { MAX_WRONG_ANSWERS, SIGN_IN_TTL_SECONDS as CONTINUATION_TTL_SECONDS } from '../two-step/two-step.service.js';

export const CoverageAnalysisErrors = {
  /** The insurance-data port failed (InsuranceDataUnavailableError). */
  insuranceDataUnavailable: () =>
    new ProblemException(502, 'INSURANCE_DATA_UNAVAILABLE', 'The insurance data source did not answer; try the analysis again later'),
  /** The insurance-data port did not answer within INSURANCE_DATA_TIMEOUT_MS (the lookup was aborted). */
  insuranceDataTimeout: (timeoutMs: number) =>
    new ProblemException(
      504,
      'INSURANCE_DATA_TIMEOUT',
      `The insurance data source did not answer within ${timeoutMs / 1000} s; try the analysis again later`,
    ),
  reportNotAcceptable: () =>
    new ProblemException(
      406,
      'REPORT_NOT_ACCEPTABLE',
      'The report is available as application/pdf or application/json: accept one of them',
    ),
  notFound: (seq: string) => new ProblemException(404, 'ANALYSIS_NOT_FOUND', `Coverage analysis ${seq} does not exist or is not yours`),
  /** InsuranceSignInError MISSING: the source needs the customer's 내보험다보여 sign-in and the request has none. */
  signInRequired: () =>
    new ProblemException(400, 'INSURANCE_SIGN_IN_REQUIRED', 'The insurance data source needs the customer’s 내보험다보여 sign-in', [
      { field: 'credit4u', message: 'is required: the source needs the customer’s 내보험다보여 id and password' },
    ]),
  /** InsuranceSignInError WRONG. */
  signInWrong: () =>
    new ProblemException(400, 'INSURANCE_SIGN_IN_INVALID', 'The insurance data source refused the customer’s 내보험다보여 sign-in', [
      { field: 'credit4u.password', message: 'is not the password of this 내보험다보여 id' },
    ]),
  /** InsuranceSignInError LOCKED: too many wrong passwords at the source; the customer unlocks it there. */
  signInLocked: () =>
    new ProblemException(
      423,
      'INSURANCE_SIGN_IN_LOCKED',
      'The customer’s 내보험다보여 account is locked after too many failed sign-ins; the customer unlocks it at credit4u.or.kr',
      [{ field: 'credit4u.id', message: 'is locked at 내보험다보여' }],
    ),
  /** InsuranceDataMisconfiguredError: our account with the source; nothing the caller can fix, nothing about the customer. */
  insuranceDataMisconfigured: () =>
    new ProblemException(
      503,
      'INSURANCE_DATA_MISCONFIGURED',
      'The insurance data source cannot be used: the service’s account with it is set up wrong. Operators have been told; try again later',
    ),
  continuationNotFound: (id: string) =>
    new ProblemException(404, 'ANALYSIS_CONTINUATION_NOT_FOUND', `Analysis continuation ${id} does not exist or is not yours`),
  /** SecondStepError PENDING: the customer has not approved in their app yet. */
  stepPending: () =>
    new ProblemException(
      409,
      'ANALYSIS_STEP_PENDING',
      'The customer has not approved the request in their app yet; send the follow-up again once they have',
    ),
  /** Another follow-up of the same continuation is being answered by the source right now. */
  continuationBusy: () =>
    new ProblemException(
      409,
      'ANALYSIS_CONTINUATION_BUSY',
      'Another follow-up of this continuation is being answered by the source; send this one again when it has',
    ),
  /** SecondStepError WRONG_ANSWER: the same step may be answered again, up to MAX_WRONG_ANSWERS times. */
  stepCodeInvalid: (attemptsLeft: number) =>
    new ProblemException(
      400,
      'ANALYSIS_STEP_CODE_INVALID',
      attemptsLeft > 0
        ? `The source did not accept this code; ${attemptsLeft} more tries`
        : `The source did not accept this code; after ${MAX_WRONG_ANSWERS} wrong codes the continuation is gone: start over with the verification token`,
      [{ field: 'code', message: 'is not the code the source expects' }],
      { members: { attemptsLeft } },
    ),
  /** The step's method needs a code and the follow-up has none. */
  stepCodeRequired: () =>
    validationFailed([{ field: 'code', message: 'is required for this step (the code sent to the customer, or the image’s digits)' }]),
  /** Cancelled by the customer, expired at the source or here, or too many wrong codes: start over. */
  continuationExpired: (why: 'CANCELLED' | 'EXPIRED' | 'TOO_MANY_TRIES') =>
    new ProblemException(
      410,
      'ANALYSIS_CONTINUATION_EXPIRED',
      `${
        why === 'CANCELLED'
          ? 'The customer cancelled the request in their app'
          : why === 'TOO_MANY_TRIES'
            ? `${MAX_WRONG_ANSWERS} wrong codes were sent`
            : `The second step must be answered within ${CONTINUATION_TTL_SECONDS} s (or the source gave up on it)`
      }; start over with POST /api/v1/coverage/analyses and the verification token`,
    ),
};
