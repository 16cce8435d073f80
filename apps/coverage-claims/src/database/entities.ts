import { IdempotencyRecord } from '#platform';
import { AuthCode } from '../auth/entities/auth-code.entity.js';
import { RefreshToken } from '../auth/entities/refresh-token.entity.js';
import { SsoAssertion } from '../auth/entities/sso-assertion.entity.js';
import { Organisation } from '../organisations/entities/organisation.entity.js';
import { User } from '../users/entities/user.entity.js';

/** Every entity of the service, listed explicitly (no globs: they break in bundled or ESM builds). */
export const ENTITIES = [IdempotencyRecord, Organisation, User, SsoAssertion, AuthCode, RefreshToken];
