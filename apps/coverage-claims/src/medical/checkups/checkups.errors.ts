import { ProblemException } from '#platform';

export const CheckupErrors = {
  /** No health-data consent of the customer is on record (it is taken with the NHIS authentication). */
  consentMissing: () =>
    new ProblemException(
      409,
      'HEALTH_DATA_CONSENT_MISSING',
      "The customer's consent to health data (민감정보 수집·이용 동의) is not on record; request a new NHIS authentication with it",
      [{ field: 'nhisAuthId', message: 'belongs to a customer without a recorded health-data consent' }],
    ),
  referenceRangesMissing: () => new Error('No check-up reference-range version is loaded (the migrations load one)'),
};
