import { IdempotencyRecord } from '#platform';
import { AuthCode } from '../auth/entities/auth-code.entity.js';
import { RefreshToken } from '../auth/entities/refresh-token.entity.js';
import { SsoAssertion } from '../auth/entities/sso-assertion.entity.js';
import { CustomerConsent } from '../customers/entities/customer-consent.entity.js';
import { Customer } from '../customers/entities/customer.entity.js';
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
];
