import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { ProblemDto } from '#contracts';

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input (VALIDATION_FAILED names each field) or a refused state change',
  401: 'Missing, unknown or revoked credentials',
  403: 'Authenticated, but not allowed to do this or to act for this partner',
  404: 'The resource does not exist or is not yours',
  409: 'Conflicts with the current state',
  410: 'No longer usable (expired)',
  413: 'The body is larger than the service accepts (PAYLOAD_TOO_LARGE)',
  415: 'The body is not JSON (UNSUPPORTED_MEDIA_TYPE)',
  422: 'Idempotency-Key reused with a different body',
  423: 'Locked after too many failed attempts',
  429: 'Too soon: wait the seconds in Retry-After',
  500: 'Something failed inside the service (INTERNAL_ERROR; nothing was kept half-done): quote the requestId when reporting it',
  502: 'A system outside the service failed (SMS, insurers, ...)',
  503: 'Unavailable: the service is shutting down (SHUTTING_DOWN: nothing ran, send it again), its database does not answer (DATABASE_UNAVAILABLE: send it again after Retry-After seconds, with the same Idempotency-Key) or another system it needs does not answer',
  504: 'A system outside the service did not answer in time',
};

/** The OpenAPI response of an error status: its description and the problem-details body. */
export const problemResponse = (status: number) => ({
  description: DESCRIPTIONS[status] ?? 'Error',
  content: { 'application/problem+json': { schema: { $ref: getSchemaPath(ProblemDto) } } },
});

/** Documents error statuses with the problem-details body. */
export const ApiProblems = (...statuses: number[]) =>
  applyDecorators(ApiExtraModels(ProblemDto), ...statuses.map((status) => ApiResponse({ status, ...problemResponse(status) })));

/** Documents one error status with the problem-details body and a description of its own (its codes). */
export const ApiProblem = (status: number, description: string) =>
  applyDecorators(ApiExtraModels(ProblemDto), ApiResponse({ status, ...problemResponse(status), description }));
