import { SetMetadata, applyDecorators } from '@nestjs/common';
import { ApiExtension, ApiSecurity } from '@nestjs/swagger';
import { OperatorRoleName } from '#contracts';

export { OperatorRoleName };

/** The role names the decorator takes, least first. */
export type OperatorRoleLevel = `${OperatorRoleName}`;

const RANK: Record<OperatorRoleLevel, number> = { viewer: 1, reviewer: 2, admin: 3 };

/** Whether `held` includes what `needed` may do (viewer < reviewer < admin). */
export function roleIncludes(held: string, needed: OperatorRoleLevel): boolean {
  const rank = RANK[held as OperatorRoleLevel];
  return rank !== undefined && rank >= RANK[needed];
}

export const OPERATOR_ROLE = 'operators:role';
export const BOOTSTRAP_ALLOWED = 'operators:bootstrapAllowed';
export const OPERATOR_SESSION_SCHEME = 'OperatorSession';

/**
 * The least operator role an operation needs (docs/operations/operators.md lists them all). Every
 * operation an operator may call carries it: the guards refuse an operator on a route without it,
 * and a test walks the routes. Documented as `x-operator-role`, with the session cookie as a credential.
 */
export const OperatorRole = (role: OperatorRoleLevel) =>
  applyDecorators(SetMetadata(OPERATOR_ROLE, role), ApiSecurity(OPERATOR_SESSION_SCHEME), ApiExtension('x-operator-role', role));

/** In production the bootstrap key (OPERATOR_API_KEYS) may call this operation only: creating the first admin. */
export const BootstrapAllowed = () => SetMetadata(BOOTSTRAP_ALLOWED, true);
