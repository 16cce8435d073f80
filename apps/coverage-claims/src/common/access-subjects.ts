import type { FastifyReply } from 'fastify';
import { nameAccessSubjects, type AccessContext, type AccessSubject } from '#platform';

const SUBJECTS = Symbol('accessSubjects');

/**
 * Names the data subjects of an answer whose body does not name them by id (an analysis read by
 * `seq`: its customer), for the operation's `@RecordsAccess`, which reads them back with
 * subjectsNamedBy. Kept under a symbol: neither the JSON nor the PDF bytes carry it.
 */
export function namingSubjects<T extends object>(answer: T, subjects: AccessSubject[]): T {
  Object.defineProperty(answer, SUBJECTS, { value: subjects, enumerable: false, configurable: true });
  return answer;
}

/** The subjects namingSubjects put on an answer; none for another value. */
export function subjectsNamedBy(answer: unknown): AccessSubject[] {
  if (typeof answer !== 'object' || answer === null) return [];
  return (answer as { [SUBJECTS]?: AccessSubject[] })[SUBJECTS] ?? [];
}

/**
 * A Buffer answer (a PDF) is never handed to `subjects` (AccessContext.response is undefined for
 * it): its handler names the subjects on the request instead, which the record adds.
 */
export function namingRequestSubjects(reply: FastifyReply, subjects: AccessSubject[]): void {
  nameAccessSubjects(reply.request, subjects);
}

/** `subjects` of an operation whose answer names them (namingSubjects); a PDF's are named on the request. */
export function namedSubjects({ response }: AccessContext): AccessSubject[] {
  return subjectsNamedBy(response);
}

/** A customer by id. */
export const customerSubject = (id: string): AccessSubject => ({ type: 'customer', id });

/** A claim by its `claimReqId` (a path parameter as given, or the number an answer holds). */
export const claimSubject = (claimReqId: string | number | undefined): AccessSubject => ({ type: 'claim', id: String(Number(claimReqId)) });

/** A user of an organisation (a planner or an ORG_ADMIN): users are data subjects too. */
export const plannerSubject = (id: string | undefined): AccessSubject => ({ type: 'planner', id: String(id) });

/** A claim's evidence file (its claim, once filed, names the file in `claim_files`). */
export const fileSubject = (id: string | undefined): AccessSubject => ({ type: 'file', id: String(id) });
