import {
  AccessRecord,
  AccessRecordSeal,
  BackgroundAttempt,
  BackgroundTurn,
  IdempotencyRecord,
  OperatorAccount,
  OperatorAccountHistory,
  OperatorApiKey,
  OperatorSession,
  StorageDeletion,
} from '#platform';
import { AuthCode } from '../auth/entities/auth-code.entity.js';
import { RefreshToken } from '../auth/entities/refresh-token.entity.js';
import { SignIn } from '../auth/entities/sign-in.entity.js';
import { SsoAssertion } from '../auth/entities/sso-assertion.entity.js';
import { Bank } from '../claim-reference/entities/bank.entity.js';
import { ClaimReferenceVersion } from '../claim-reference/entities/claim-reference-version.entity.js';
import { JobCode } from '../claim-reference/entities/job-code.entity.js';
import { PostalCenter } from '../claim-reference/entities/postal-center.entity.js';
import { CustomerConsent } from '../customers/entities/customer-consent.entity.js';
import { Customer } from '../customers/entities/customer.entity.js';
import { CoverageAmount } from '../coverage-analysis/entities/coverage-amount.entity.js';
import { CoverageAnalysis } from '../coverage-analysis/entities/coverage-analysis.entity.js';
import { CoverageCatalogueVersion } from '../coverage-analysis/entities/coverage-catalogue-version.entity.js';
import { CoverageCategory } from '../coverage-analysis/entities/coverage-category.entity.js';
import { CoverageCode } from '../coverage-analysis/entities/coverage-code.entity.js';
import { CoverageSynonym } from '../coverage-analysis/entities/coverage-synonym.entity.js';
import { Insurer } from '../insurers/entities/insurer.entity.js';
import { StoredFile } from '../files/entities/stored-file.entity.js';
import { Claim } from '../claims/entities/claim.entity.js';
import { ClaimDelivery } from '../claims/entities/claim-delivery.entity.js';
import { ClaimFile } from '../claims/entities/claim-file.entity.js';
import { CheckupReferenceRange } from '../medical/checkups/entities/checkup-reference-range.entity.js';
import { CustomerCheckup } from '../medical/checkups/entities/customer-checkup.entity.js';
import { MedicalRiskRuleSet } from '../medical/analysis/entities/medical-risk-rule-set.entity.js';
import { MedicalSetAnalysis } from '../medical/analysis/entities/medical-set-analysis.entity.js';
import { Organisation } from '../organisations/entities/organisation.entity.js';
import { SandboxFaxTransmission } from '../integrations/fax/sandbox/entities/sandbox-fax-transmission.entity.js';
import { SandboxSmsMessage } from '../integrations/sms/sandbox/entities/sandbox-sms-message.entity.js';
import { Term } from '../terms/entities/term.entity.js';
import { User } from '../users/entities/user.entity.js';
import { CustomerVerification } from '../verifications/entities/customer-verification.entity.js';
import { TwoStepSignIn } from '../two-step/entities/two-step-sign-in.entity.js';

/** Every entity of the service, listed explicitly (no globs: they break in bundled or ESM builds). */
export const ENTITIES = [
  AccessRecord,
  AccessRecordSeal,
  BackgroundTurn,
  BackgroundAttempt,
  IdempotencyRecord,
  OperatorAccount,
  OperatorAccountHistory,
  OperatorSession,
  OperatorApiKey,
  Organisation,
  User,
  SsoAssertion,
  AuthCode,
  SignIn,
  RefreshToken,
  Term,
  Customer,
  CustomerConsent,
  CustomerVerification,
  SandboxSmsMessage,
  CoverageCategory,
  CoverageCode,
  CoverageAmount,
  Insurer,
  CoverageSynonym,
  CoverageCatalogueVersion,
  CoverageAnalysis,
  TwoStepSignIn,
  CheckupReferenceRange,
  CustomerCheckup,
  MedicalRiskRuleSet,
  MedicalSetAnalysis,
  Bank,
  PostalCenter,
  JobCode,
  ClaimReferenceVersion,
  StoredFile,
  StorageDeletion,
  Claim,
  ClaimFile,
  ClaimDelivery,
  SandboxFaxTransmission,
];
