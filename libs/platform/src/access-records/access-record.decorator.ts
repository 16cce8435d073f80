import { SetMetadata, applyDecorators } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import type { AccessActorKind, AccessRecordAction, AccessSubjectType } from '#contracts';

/** What an operation did with personal data (safeguards notice art. 8: view, use, input, change, delete, print, download): the contracts' list but its events. */
export type AccessAction = Exclude<AccessRecordAction, AccessEvent>;

/** A data subject by identifier only, never its contents: `{ type: 'lead', id }`, `{ type: 'customer', id }`; an `order` names its orderer (name and contact). */
export interface AccessSubject {
  type: AccessSubjectType;
  id: string;
}

/** Who acted: set on the request by each service's guard for every authenticated caller. */
export interface AccessActor {
  /**
   * `operator` (an account, by session or personal key), `bootstrap` (OPERATOR_API_KEYS), `partner-key`, `provider-key`, `planner`;
   * `service`: the service itself, acting later on a caller's behalf with no caller of its own (a claim's fax, printed by its outbox).
   */
  kind: AccessActorKind;
  /** The account's, key's or user's id. */
  id: string;
}

/** What the handler's request, answer and parameters offer to name the subjects. */
export interface AccessContext {
  params: Record<string, string | undefined>;
  query: Record<string, unknown>;
  body: unknown;
  /** The handler's answer (the DTO before serialisation); undefined for a stream or a buffer. */
  response: unknown;
}

export interface RecordsAccessOptions {
  action: AccessAction;
  /** The subjects handled; an empty list still records the call (a search that found nobody). */
  subjects: (context: AccessContext) => AccessSubject[];
  /** Exports and bulk downloads: the caller must give `reason` (query), kept in the record (400 naming `reason` without it). */
  reasonRequired?: boolean;
}

export const RECORDS_ACCESS = 'access-records:spec';

/**
 * The operation views, uses, inputs, changes, deletes, prints or downloads personal data: each call
 * that succeeds appends an access record (접속기록) with the actor, the time, the client address, the
 * subjects and the action with the operation. Shown in the OpenAPI document as `x-access-record`, which
 * the coverage test reads.
 */
export const RecordsAccess = (options: RecordsAccessOptions) =>
  applyDecorators(
    SetMetadata(RECORDS_ACCESS, options),
    ApiExtension('x-access-record', { action: options.action, reasonRequired: options.reasonRequired ?? false }),
  );

/** Security events kept beside the access records for the monthly review (no subjects). */
export type AccessEvent = Extract<AccessRecordAction, 'sign-in-failed' | 'key-refused'>;

/** One entry to append: an operation's access, or a security event. */
export interface AccessRecordEntry {
  actor: AccessActor;
  /** The client address as Fastify's `request.ip` gives it under TRUSTED_PROXY_HOPS. */
  address: string;
  action: AccessAction | AccessEvent;
  /** The operation (OpenAPI operationId) or, for an event, what was attempted (`operator.sign-in`). */
  operation: string;
  subjects: AccessSubject[];
  reason?: string | null;
  requestId?: string | null;
}

/**
 * Where access records go: provided by the platform's access-records module. Features that record
 * outside an operation's decorator (a guard's refused key, a failed sign-in) inject this.
 */
export abstract class AccessRecordSink {
  abstract append(entry: AccessRecordEntry): Promise<void>;
}

const ACTOR = Symbol('accessActor');

/** Each service's guard names the caller of an authenticated request. */
export function setAccessActor(request: object, actor: AccessActor): void {
  (request as { [ACTOR]?: AccessActor })[ACTOR] = actor;
}

/** The caller the guard named, or undefined on a public route. */
export function accessActorOf(request: object): AccessActor | undefined {
  return (request as { [ACTOR]?: AccessActor })[ACTOR];
}

const NAMED = Symbol('accessSubjects');

/**
 * Names subjects only the handler learns (the customer of a PDF read by its analysis' number): the
 * operation's record lists them beside what its `subjects` function finds.
 */
export function nameAccessSubjects(request: object, subjects: AccessSubject[]): void {
  const holder = request as { [NAMED]?: AccessSubject[] };
  holder[NAMED] = [...(holder[NAMED] ?? []), ...subjects];
}

/** The subjects a handler named on the request with nameAccessSubjects. */
export function accessSubjectsNamedOn(request: object): AccessSubject[] {
  return (request as { [NAMED]?: AccessSubject[] })[NAMED] ?? [];
}
