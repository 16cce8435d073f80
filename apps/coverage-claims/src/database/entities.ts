import { IdempotencyRecord } from '#platform';
import { AuthCode } from '../auth/entities/auth-code.entity.js';
import { RefreshToken } from '../auth/entities/refresh-token.entity.js';
import { SsoAssertion } from '../auth/entities/sso-assertion.entity.js';
import { CustomerConsent } from '../customers/entities/customer-consent.entity.js';
import { Customer } from '../customers/entities/customer.entity.js';
import { CoverageAmount } from '../coverage-analysis/entities/coverage-amount.entity.js';
import { CoverageAnalysis } from '../coverage-analysis/entities/coverage-analysis.entity.js';
import { CoverageCatalogueVersion } from '../coverage-analysis/entities/coverage-catalogue-version.entity.js';
import { CoverageCategory } from '../coverage-analysis/entities/coverage-category.entity.js';
import { CoverageCode } from '../coverage-analysis/entities/coverage-code.entity.js';
import { CoverageSynonym } from '../coverage-analysis/entities/coverage-synonym.entity.js';
import { Insurer } from '../coverage-analysis/entities/insurer.entity.js';
import { Organisation } from '../organisations/entities/organisation.entity.js';
import { SandboxSmsMessage } from '../sms/sandbox/entities/sandbox-sms-message.entity.js';
import { Term } from '../terms/entities/term.entity.js';
import { User } from '../users/entities/user.entity.js';
import { CustomerVerification } from '../verifications/entities/customer-verification.entity.js';

/** Every entity of the service, listed explicitly (no globs: they break in bundled or ESM builds). */
export const ENTITIES = [
  IdempotencyRecord,
  Organisation,
  User,
  SsoAssertion,
  AuthCode,
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
];
