import { SetMetadata, applyDecorators, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiBearerAuth, ApiSecurity } from '@nestjs/swagger';
import { API_KEY_SCHEME, ApiProblems, BEARER_SCHEME } from '#platform';
import type { AuthenticatedUser, UserRole } from './principal.js';

export const USER_ROLES = 'auth:userRoles';
export const OPERATOR_ONLY = 'auth:operatorOnly';

/** Restricts an operation to these roles; without it any signed-in user may call. */
export const UserRoles = (...roles: UserRole[]) => SetMetadata(USER_ROLES, roles);

/** Documents the Bearer token the guard requires of every route that is neither @Public nor @OperatorOnly. */
export const BearerAuth = () => applyDecorators(ApiBearerAuth(BEARER_SCHEME), ApiProblems(400, 401, 403));

/** Operator API: the operator session cookie or an operator key in X-API-Key instead of a Bearer token; each operation also declares @OperatorRole. */
export const OperatorOnly = () =>
  applyDecorators(SetMetadata(OPERATOR_ONLY, true), ApiSecurity(API_KEY_SCHEME), ApiProblems(400, 401, 403));

export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): AuthenticatedUser => {
  const user = context.switchToHttp().getRequest<{ user?: AuthenticatedUser }>().user;
  if (!user) throw new Error('CurrentUser used on a route without authentication');
  return user;
});
