import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { accessActorOf, type AccessActor, type AccessContext, type AccessSubject } from '#platform';

/**
 * The data subjects of lead-distribution's access records (@RecordsAccess), by identifier only:
 * leads, AS requests (with their lead) and orders (whose orderer's name and contact they hold).
 */

const unique = (subjects: AccessSubject[]) => {
  const seen = new Set<string>();
  return subjects.filter((subject) => {
    const key = `${subject.type}:${subject.id}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
};

export const leadSubjects = (ids: Iterable<string>): AccessSubject[] => unique([...ids].map((id) => ({ type: 'lead', id })));

export const orderSubjects = (ids: Iterable<string>): AccessSubject[] => unique([...ids].map((id) => ({ type: 'order', id })));

/** AS requests and the leads they are about. */
export const asRequestSubjects = (requests: Iterable<{ id: string; leadId: string }>): AccessSubject[] =>
  unique(
    [...requests].flatMap((request) => [{ type: 'as-request', id: request.id } as const, { type: 'lead', id: request.leadId } as const]),
  );

/** The subjects named by the handler's answer, read as the DTO it is. */
export const fromAnswer =
  <T>(subjects: (answer: T) => AccessSubject[]) =>
  (context: AccessContext): AccessSubject[] =>
    subjects(context.response as T);

/** The subjects named by a path parameter. */
export const fromParam =
  (name: string, type: AccessSubject['type']) =>
  (context: AccessContext): AccessSubject[] => {
    const id = context.params[name];
    return id === undefined ? [] : [{ type, id }];
  };

/** The leads and orders a webhook payload (`lead.*`, `lead_as.reviewed`, `order.*`) carries; none for `webhook.test`. */
export function payloadSubjects(data: Record<string, unknown> | undefined): AccessSubject[] {
  if (!data) return [];
  const object = (value: unknown) => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined);
  const text = (value: unknown) => (typeof value === 'string' ? [value] : []);
  const lead = object(data.lead);
  const asRequest = object(data.asRequest);
  const order = object(data.order);
  return unique([
    ...leadSubjects([...text(lead?.id), ...text(data.leadId), ...text(asRequest?.leadId)]),
    ...text(asRequest?.id).map((id) => ({ type: 'as-request', id }) as const),
    ...orderSubjects(text(order?.id)),
  ]);
}

/** Who is shown a contact, as an access record names them: the caller the guard named, the client address, the request. */
export interface ContactOnlooker {
  actor: AccessActor;
  address: string;
  requestId: string;
}

/** The caller of an operation that may show contacts in clear, for its access record (leads/ContactAudit.revealed). */
export const Onlooker = createParamDecorator((_: unknown, context: ExecutionContext): ContactOnlooker => {
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  const actor = accessActorOf(request);
  if (!actor) throw new Error('Onlooker used on a route without authentication');
  return { actor, address: request.ip, requestId: String(request.id) };
});
