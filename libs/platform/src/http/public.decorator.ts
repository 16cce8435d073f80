import { SetMetadata } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';

export const IS_PUBLIC = 'platform:isPublic';

/**
 * Marks a controller or handler as reachable without credentials (health, metrics, sign-in). A
 * documented handler's operation says so with `security: []`: no credential, rather than one the
 * document forgot to name.
 */
export function Public(): ClassDecorator & MethodDecorator {
  const marker = SetMetadata(IS_PUBLIC, true);
  return (target: object, key?: string | symbol, descriptor?: PropertyDescriptor) => {
    if (key === undefined || descriptor === undefined) {
      marker(target as abstract new (...args: never[]) => unknown);
      return;
    }
    marker(target, key, descriptor);
    // Merged into the handler's own @ApiOperation(), whichever is applied first; an undefined summary
    // keeps ApiOperation's default ('') from replacing the handler's.
    ApiOperation({ summary: undefined, security: [] })(target, key, descriptor);
  };
}
