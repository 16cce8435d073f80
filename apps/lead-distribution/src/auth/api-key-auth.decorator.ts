import { applyDecorators } from '@nestjs/common';
import { ApiSecurity } from '@nestjs/swagger';
import { API_KEY_SCHEME, ApiProblems } from '#platform';

/**
 * Documents the X-API-Key requirement and the errors an authenticated operation can give: 400, 401
 * and 403 unless `problems` names others.
 */
export const ApiKeyAuth = (...problems: number[]) =>
  applyDecorators(ApiSecurity(API_KEY_SCHEME), ApiProblems(...(problems.length > 0 ? problems : [400, 401, 403])));
