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
  422: 'Idempotency-Key reused with a different body',
  423: 'Locked after too many failed attempts',
  429: 'Too soon: wait the seconds in Retry-After',
  502: 'A system outside the service failed (SMS, insurers, ...)',
  504: 'A system outside the service did not answer in time',
};

/** Documents error statuses with the problem-details body. */
export const ApiProblems = (...statuses: number[]) =>
  applyDecorators(
    ApiExtraModels(ProblemDto),
    ...statuses.map((status) =>
      ApiResponse({
        status,
        description: DESCRIPTIONS[status] ?? 'Error',
        content: { 'application/problem+json': { schema: { $ref: getSchemaPath(ProblemDto) } } },
      }),
    ),
  );
