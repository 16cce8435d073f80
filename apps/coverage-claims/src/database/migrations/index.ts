import { IdempotencyRecords1795243200731 } from './1795243200731-IdempotencyRecords.js';
import { OrganisationsUsersAndSignIn1795248118318 } from './1795248118318-OrganisationsUsersAndSignIn.js';
import { CustomersConsentsAndVerifications1795416811609 } from './1795416811609-CustomersConsentsAndVerifications.js';
import { CoverageTermsV11795416811700 } from './1795416811700-CoverageTermsV1.js';
import { CoverageCatalogue1795417019665 } from './1795417019665-CoverageCatalogue.js';
import { LoadCoverageCatalogue1795417100000 } from './1795417100000-LoadCoverageCatalogue.js';
import { CustomerNumbers1795418409180 } from './1795418409180-CustomerNumbers.js';
import { CoverageAnalyses1795418579334 } from './1795418579334-CoverageAnalyses.js';
import { NhisAuthAndCheckups1795423240726 } from './1795423240726-NhisAuthAndCheckups.js';
import { HealthCheckupTermsV11795423240800 } from './1795423240800-HealthCheckupTermsV1.js';
import { LoadCheckupReferenceRanges1795423240900 } from './1795423240900-LoadCheckupReferenceRanges.js';
import { SignInsPkceAndSignOut1795423481762 } from './1795423481762-SignInsPkceAndSignOut.js';
import { VerificationsSentOutsideTransactions1795424361414 } from './1795424361414-VerificationsSentOutsideTransactions.js';
import { MedicalAnalysis1795424500000 } from './1795424500000-MedicalAnalysis.js';
import { LoadMedicalRiskRules1795424500100 } from './1795424500100-LoadMedicalRiskRules.js';
import { ClaimReferenceLists1795425689794 } from './1795425689794-ClaimReferenceLists.js';
import { LoadClaimReferenceLists1795425689800 } from './1795425689800-LoadClaimReferenceLists.js';
import { ClaimTermsV11795425689900 } from './1795425689900-ClaimTermsV1.js';
import { ClaimEvidenceFiles1795426650843 } from './1795426650843-ClaimEvidenceFiles.js';
import { ClaimsAndDeliveryOutbox1795435262119 } from './1795435262119-ClaimsAndDeliveryOutbox.js';
import { ClaimDelivery1795436822071 } from './1795436822071-ClaimDelivery.js';
import { ClaimsBelongToCustomers1795758361663 } from './1795758361663-ClaimsBelongToCustomers.js';
import { FaxRequestsAtTheGateway1795776442483 } from './1795776442483-FaxRequestsAtTheGateway.js';
import { VerificationSmsMessageId1795776467205 } from './1795776467205-VerificationSmsMessageId.js';
import { AnalysisContinuations1795785980985 } from './1795785980985-AnalysisContinuations.js';
import { AnalysisInsights1795900000000 } from './1795900000000-AnalysisInsights.js';
import { ClaimDeliveryAttempts1795950000000 } from './1795950000000-ClaimDeliveryAttempts.js';
import { LegacyClaimColumnsDropped1796614265608 } from './1796614265608-LegacyClaimColumnsDropped.js';
import { TwoStepSignIns1796615178699 } from './1796615178699-TwoStepSignIns.js';
import { IdempotencyClaimTokens1796652013519 } from './1796652013519-IdempotencyClaimTokens.js';
import { BackgroundTurns1796652178947 } from './1796652178947-BackgroundTurns.js';
import { BackgroundAttempts1796663598810 } from './1796663598810-BackgroundAttempts.js';
import { OperatorAccounts1796674539264 } from './1796674539264-OperatorAccounts.js';
import { AccessRecords1796710000000 } from './1796710000000-AccessRecords.js';
// The platform's own migration, the same in both services (libs/platform/src/access-records/access-record-seals.migration.ts).
import { AccessRecordSeals1796730000000 } from '#platform';

/** Every migration of the service, in order. `npm run migration:generate` writes new ones; list them here. */
export const MIGRATIONS = [
  IdempotencyRecords1795243200731,
  OrganisationsUsersAndSignIn1795248118318,
  CustomersConsentsAndVerifications1795416811609,
  CoverageTermsV11795416811700,
  CoverageCatalogue1795417019665,
  LoadCoverageCatalogue1795417100000,
  CustomerNumbers1795418409180,
  CoverageAnalyses1795418579334,
  NhisAuthAndCheckups1795423240726,
  HealthCheckupTermsV11795423240800,
  LoadCheckupReferenceRanges1795423240900,
  SignInsPkceAndSignOut1795423481762,
  VerificationsSentOutsideTransactions1795424361414,
  MedicalAnalysis1795424500000,
  LoadMedicalRiskRules1795424500100,
  ClaimReferenceLists1795425689794,
  LoadClaimReferenceLists1795425689800,
  ClaimTermsV11795425689900,
  ClaimEvidenceFiles1795426650843,
  ClaimsAndDeliveryOutbox1795435262119,
  ClaimDelivery1795436822071,
  ClaimsBelongToCustomers1795758361663,
  FaxRequestsAtTheGateway1795776442483,
  VerificationSmsMessageId1795776467205,
  AnalysisContinuations1795785980985,
  AnalysisInsights1795900000000,
  ClaimDeliveryAttempts1795950000000,
  LegacyClaimColumnsDropped1796614265608,
  TwoStepSignIns1796615178699,
  IdempotencyClaimTokens1796652013519,
  BackgroundTurns1796652178947,
  BackgroundAttempts1796663598810,
  OperatorAccounts1796674539264,
  AccessRecords1796710000000,
  AccessRecordSeals1796730000000,
];
