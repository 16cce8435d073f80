/**
 * The platform's operator and access-record answers, as both services give them (the same machine in
 * libs/platform: docs/decisions/operators-and-access-records.md).
 */

/** Least first: reads; reads and the review decisions; everything, and accounts. */
export type OperatorRole = 'viewer' | 'reviewer' | 'admin';

export interface Operator {
  id: string;
  email: string;
  name: string;
  role: OperatorRole;
  /** False until the first sign-in confirms the second factor. */
  secondFactorEnrolled: boolean;
  /** Locked after failed sign-ins until then. */
  lockedUntil: string | null;
  disabledAt: string | null;
  createdAt: string;
}

/** Who is signed in, and the token a state-changing request carries as X-CSRF-Token. */
export interface OperatorSession {
  account: Operator;
  csrfToken: string | null;
  expiresAt: string | null;
  idleMinutes: number;
}

/** The answer to the password: a short-lived challenge; on the first sign-in, the second factor to enrol. */
export interface SignInChallenge {
  challenge: string;
  expiresAt: string;
  enrolment: { secret: string; otpauthUri: string } | null;
}

/** The answer to the second factor: the session, and after enrolment the recovery codes, shown once. */
export interface SignedIn extends OperatorSession {
  recoveryCodes: string[] | null;
}

export interface OperatorHistoryEntry {
  id: string;
  accountId: string;
  /** granted, name-changed, role-changed, disabled, enabled, password-reset, second-factor-enrolled, … */
  event: string;
  /** Before and after the change (a role, a name, a key id). */
  before: string | null;
  after: string | null;
  /** Who did it: `operator` (an account) or `bootstrap` (OPERATOR_API_KEYS), and its id. */
  byKind: string;
  byId: string;
  at: string;
}

export interface OperatorApiKey {
  id: string;
  accountId: string;
  name: string | null;
  prefix: string;
  createdAt: string;
  revokedAt: string | null;
}

export interface IssuedOperatorApiKey extends OperatorApiKey {
  apiKey: string;
}

export type AccessAction = 'view' | 'use' | 'input' | 'change' | 'delete' | 'print' | 'download';
export type AccessEvent = 'sign-in-failed' | 'key-refused';
export type ActorKind = 'operator' | 'bootstrap' | 'partner-key' | 'provider-key' | 'planner';
export type SubjectType = 'lead' | 'customer' | 'planner' | 'operator' | 'claim' | 'as-request' | 'access-record';

export interface AccessRecord {
  id: string;
  at: string;
  actor: { kind: ActorKind; id: string; name?: string | null };
  address: string;
  action: AccessAction | AccessEvent;
  operation: string;
  subjects: Array<{ type: SubjectType; id: string }>;
  reason?: string | null;
  requestId?: string | null;
}

export interface Paged<T> {
  data: T[];
  pagination: { total: number; page?: number; limit?: number };
}

export interface Listed<T> {
  data: T[];
}
