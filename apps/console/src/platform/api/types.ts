import type { components } from '../../api/generated/lead-distribution';

/**
 * The platform's operator and access-record answers, as both services give them (the same machine in
 * libs/platform, the same paths and schemas in both OpenAPI documents:
 * docs/decisions/operators-and-access-records.md). Typed by lead-distribution's generated client.
 */
type Schemas = components['schemas'];

/** Least first: reads; reads and the review decisions; everything, and accounts. */
export type OperatorRole = Schemas['OperatorRoleName'];
export type Operator = Schemas['OperatorAccountDto'];
/** Who is signed in, and the token a state-changing request carries as X-CSRF-Token. */
export type OperatorSession = Schemas['OperatorSessionDto'];
/** The answer to the password: a short-lived challenge; on the first sign-in, the second factor to enrol. */
export type SignInChallenge = Schemas['OperatorSignInChallengeDto'];
/** The answer to the second factor: the session, and after enrolment the recovery codes, shown once. */
export type SignedIn = Schemas['OperatorSignedInDto'];
export type OperatorHistoryEntry = Schemas['OperatorAccountHistoryEntryDto'];
export type OperatorAccountEvent = Schemas['OperatorAccountEvent'];
export type OperatorApiKey = Schemas['OperatorApiKeyDto'];
export type IssuedOperatorApiKey = Schemas['OperatorApiKeyIssuedDto'];
export type NewOperator = Schemas['CreateOperatorAccountDto'];
export type OperatorChange = Schemas['UpdateOperatorAccountDto'];

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
