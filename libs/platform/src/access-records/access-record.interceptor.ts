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

/**
 * Installed globally by AccessRecordsModule: for a handler marked @RecordsAccess, appends one access
 * record per successful call, after the handler and before the answer leaves (the answer waits for
 * the commit; a failed write fails the call, so nothing personal leaves unrecorded). The actor is
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
    return next.handle().pipe(
      mergeMap(async (response: unknown) => {
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
