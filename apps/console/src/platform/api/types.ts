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

// The access records' answers (AccessRecordDto, AccessReviewDto of libs/contracts), by hand until
// their routes are in the OpenAPI documents.
export type AccessAction = 'view' | 'use' | 'input' | 'change' | 'delete' | 'print' | 'download';
export type AccessEvent = 'sign-in-failed' | 'key-refused';
export type ActorKind = 'operator' | 'bootstrap' | 'partner-key' | 'provider-key' | 'planner';
export type SubjectType = 'lead' | 'customer' | 'planner' | 'operator' | 'claim' | 'as-request' | 'access-record';

export interface AccessActor {
  kind: ActorKind;
  id: string;
}

export interface AccessRecord {
  id: string;
  /** To the second. */
  recordedAt: string;
  actor: AccessActor;
  address: string;
  action: AccessAction | AccessEvent;
  operation: string;
  subjects: Array<{ type: SubjectType; id: string }>;
  reason: string | null;
  requestId: string | null;
  /** Place in the hash chain (null until sealed, within seconds). */
  sequence: string | null;
}

export interface AccessReviewDownload {
  recordId: string;
  recordedAt: string;
  actor: AccessActor;
  address: string;
  operation: string;
  reason: string | null;
  subjects: number;
}

export interface AccessReviewEvent {
  recordId: string;
  recordedAt: string;
  actor: AccessActor;
  address: string;
  operation: string;
}

export interface AccessReview {
  month: string;
  rules: { timeZone: string; workingHours: string; subjectsPerDay: number; listLimit: number };
  downloads: AccessReviewDownload[];
  busyActors: Array<{ day: string; actor: AccessActor; subjects: number }>;
  outsideWorkingHours: Array<{ day: string; actor: AccessActor; records: number; first: string; last: string }>;
  failedSignIns: AccessReviewEvent[];
  refusedKeys: AccessReviewEvent[];
  /** The lists cut at rules.listLimit entries. */
  truncated: string[];
}

export interface Paged<T> {
  data: T[];
  pagination: { total: number; page?: number; limit?: number };
}

export interface Listed<T> {
  data: T[];
}
