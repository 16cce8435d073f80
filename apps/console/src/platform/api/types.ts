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

// The access records' answers (AccessRecordDto, AccessReviewDto of libs/contracts).
export type AccessRecord = Schemas['AccessRecordDto'];
export type AccessActor = Schemas['AccessActorDto'];
export type ActorKind = AccessActor['kind'];
export type SubjectType = Schemas['AccessSubjectDto']['type'];
/** What was done with personal data; the security events beside it are AccessEvent. */
export type AccessAction = Exclude<AccessRecord['action'], AccessEvent>;
export type AccessEvent = 'sign-in-failed' | 'key-refused';
export type AccessReviewDownload = Schemas['AccessReviewDownloadDto'];
export type AccessReviewEvent = Schemas['AccessReviewEventDto'];
export type AccessReview = Schemas['AccessReviewDto'];

export interface Paged<T> {
  data: T[];
  pagination: { total: number; page?: number; limit?: number };
}

export interface Listed<T> {
  data: T[];
}
