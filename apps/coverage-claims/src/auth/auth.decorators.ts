import { SetMetadata, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { UserPrincipal, UserRole } from './principal.js';

export const USER_ROLES = 'auth:userRoles';

/** Restricts an operation to these roles; without it any signed-in user may call. */
export const UserRoles = (...roles: UserRole[]) => SetMetadata(USER_ROLES, roles);

export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): UserPrincipal => {
  const user = context.switchToHttp().getRequest<{ user?: UserPrincipal }>().user;
  if (!user) throw new Error('CurrentUser used on a route without authentication');
  return user;
});
