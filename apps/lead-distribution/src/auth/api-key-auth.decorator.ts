import { applyDecorators } from '@nestjs/common';
import { ApiSecurity } from '@nestjs/swagger';
import { API_KEY_SCHEME, ApiProblems } from '#platform';

/** Documents the X-API-Key requirement and the errors every authenticated operation can give. */
export const ApiKeyAuth = () => applyDecorators(ApiSecurity(API_KEY_SCHEME), ApiProblems(400, 401, 403));
