import { ProblemException } from '#platform';

export const CoverageAnalysisErrors = {
  /** The insurance-data port failed (InsuranceDataUnavailableError) or did not answer in time. */
  insuranceDataUnavailable: () =>
    new ProblemException(502, 'INSURANCE_DATA_UNAVAILABLE', 'The insurance data source did not answer; try the analysis again later'),
};
