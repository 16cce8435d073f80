import { ProblemException } from '#platform';

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
};
