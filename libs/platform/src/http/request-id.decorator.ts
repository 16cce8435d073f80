import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** The id of the current request (the caller's X-Request-Id or a generated UUID). */
export const RequestId = createParamDecorator((_: unknown, context: ExecutionContext): string =>
  String(context.switchToHttp().getRequest<FastifyRequest>().id),
);
