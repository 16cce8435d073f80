import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** `scheme://host[:port]` of this service as the caller reached it (X-Forwarded-* honoured: trustProxy is on). */
export const RequestOrigin = createParamDecorator((_: unknown, context: ExecutionContext): string => {
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  return `${request.protocol}://${request.host}`;
});
