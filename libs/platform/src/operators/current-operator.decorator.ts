import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { operatorPrincipalOf, type OperatorPrincipal } from './operator-principal.js';

/** The operator the guard authenticated (on an @OperatorRole operation). */
export const CurrentOperator = createParamDecorator((_: unknown, context: ExecutionContext): OperatorPrincipal => {
  const principal = operatorPrincipalOf(context.switchToHttp().getRequest<object>());
  if (!principal) throw new Error('CurrentOperator used on a route the operator guard did not authenticate');
  return principal;
});
