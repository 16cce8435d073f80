import type { OperatorRoleLevel } from './operator-role.decorator.js';

/** The operator of a request, as the guard established it (read from the database on every request). */
export interface OperatorPrincipal {
  /** `operator`: an account, by its session or personal key; `bootstrap`: an OPERATOR_API_KEYS key. */
  kind: 'operator' | 'bootstrap';
  /** The account's id, or the bootstrap key's `env:<8 hex>`. */
  id: string;
  role: OperatorRoleLevel;
  via: 'session' | 'api-key' | 'bootstrap';
  /** The session's id and fixed end, when signed in by the cookie. */
  session?: { id: string; expiresAt: Date };
}

const PRINCIPAL = Symbol('operatorPrincipal');

export function setOperatorPrincipal(request: object, principal: OperatorPrincipal): void {
  (request as { [PRINCIPAL]?: OperatorPrincipal })[PRINCIPAL] = principal;
}

export function operatorPrincipalOf(request: object): OperatorPrincipal | undefined {
  return (request as { [PRINCIPAL]?: OperatorPrincipal })[PRINCIPAL];
}
