import { ProblemException, type FieldError } from '#platform';

export const MedicalAnalysisErrors = {
  /** A set-analysis payload of another customer than the stored analysis of its seq: 422 naming each field that differs. */
  customerMismatch: (seq: string, errors: FieldError[]) =>
    new ProblemException(422, 'ANALYSIS_CUSTOMER_MISMATCH', `The analysis sent is not of the customer of analysis ${seq}`, errors),
};
