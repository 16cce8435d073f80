import { Injectable, StreamableFile, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { mergeMap, type Observable } from 'rxjs';
import { validationFailed } from '../http/validation.js';
import {
  AccessRecordSink,
  accessActorOf,
  accessSubjectsNamedOn,
  RECORDS_ACCESS,
  type AccessSubject,
  type RecordsAccessOptions,
} from './access-record.decorator.js';
import { accessRecordValues, type AccessRecordValues } from './access-record.writer.js';

/** A `reason` is 1 to 500 characters (trimmed). */
export const REASON_MAX_LENGTH = 500;

/** The operationId the OpenAPI document gives a handler (libs/platform/src/openapi/openapi.ts). */
export function operationIdOf(controller: { name: string }, handler: { name: string }): string {
  return `${controller.name.replace(/Controller$/, '')}_${handler.name}`;
}

/** The `reason` of an export or bulk download: 400 naming `reason` when missing, blank or too long. */
export function requiredReason(query: unknown): string {
  const given = (query as Record<string, unknown> | undefined)?.reason;
  const reason = typeof given === 'string' ? given.trim() : '';
  if (reason.length === 0 || reason.length > REASON_MAX_LENGTH)
    throw validationFailed([{ field: 'reason', message: `is required: why the data is taken out, 1 to ${REASON_MAX_LENGTH} characters` }]);
  return reason;
}

/** The record a marked call owes, kept on its request while the handler runs. */
interface OwedRecord {
  action: RecordsAccessOptions['action'];
  operation: string;
  reason: string | null;
  /** The handler appends it in its own transaction (accessRecordInTransaction): the interceptor appends none. */
  takenOver: boolean;
}

const OWED = Symbol('owedAccessRecord');

/**
 * The record of this call, for a handler that appends it in its own transaction, with what it
 * writes (through append_access_records_v1, as lead-distribution's register_leads_v5 does for a
 * registration): the five items as the interceptor would write them, for `subjects` and any the
 * handler named. The interceptor then appends none for the call; if the transaction rolls back, the
 * call fails and leaves no record, as with the interceptor. Only in a handler marked @RecordsAccess
 * whose guard named the caller.
 */
export function accessRecordInTransaction(request: object, subjects: AccessSubject[]): AccessRecordValues {
  const owed = (request as { [OWED]?: OwedRecord })[OWED];
  const actor = accessActorOf(request);
  if (!owed || !actor) throw new Error('accessRecordInTransaction: the handler is not marked @RecordsAccess, or no guard named the caller');
  owed.takenOver = true;
  const { ip, id } = request as FastifyRequest;
  return accessRecordValues({
    actor,
    address: ip,
    action: owed.action,
    operation: owed.operation,
    subjects: distinct([...subjects, ...accessSubjectsNamedOn(request)]),
    reason: owed.reason,
    requestId: String(id),
  });
}

/**
 * Installed globally by AccessRecordsModule: for a handler marked @RecordsAccess, appends one access
 * record per successful call, after the handler and before the answer leaves (the answer waits for
 * the commit; a failed write fails the call, so nothing personal leaves unrecorded), unless the
 * handler appended it in its own transaction (accessRecordInTransaction). The actor is
 * read after the handler, so a route without a guard's actor (a sign-in) may name it itself with
 * setAccessActor; a marked call that ends with none is a programming error (500).
 */
@Injectable()
export class AccessRecordInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly sink: AccessRecordSink,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const spec = this.reflector.get<RecordsAccessOptions | undefined>(RECORDS_ACCESS, context.getHandler());
    if (!spec) return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const reason = spec.reasonRequired ? requiredReason(request.query) : null;
    const operation = operationIdOf(context.getClass(), context.getHandler());
    const owed: OwedRecord = { action: spec.action, operation, reason, takenOver: false };
    (request as { [OWED]?: OwedRecord })[OWED] = owed;
    return next.handle().pipe(
      mergeMap(async (response: unknown) => {
        if (owed.takenOver) return response;
        const actor = accessActorOf(request);
        if (!actor) throw new Error(`${operation} records access, but no guard or handler named the caller (setAccessActor)`);
        const streamed =
          response instanceof StreamableFile ||
          response instanceof Buffer ||
          (typeof response === 'object' && response !== null && 'pipe' in response);
        await this.sink.append({
          actor,
          address: request.ip,
          action: spec.action,
          operation,
          subjects: distinct([
            ...spec.subjects({
              params: (request.params ?? {}) as Record<string, string | undefined>,
              query: (request.query ?? {}) as Record<string, unknown>,
              body: request.body,
              response: streamed ? undefined : response,
            }),
            ...accessSubjectsNamedOn(request),
          ]),
          reason,
          requestId: String(request.id),
        });
        return response;
      }),
    );
  }
}

/** Each subject once, in the order first named. */
function distinct(subjects: AccessSubject[]): AccessSubject[] {
  const seen = new Set<string>();
  return subjects.filter((subject) => {
    const key = `${subject.type}:${subject.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
