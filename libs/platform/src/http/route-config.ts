import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants.js';

/**
 * Adds to a handler's Fastify route config (`request.routeOptions.config`). Nest's `@RouteConfig()`
 * replaces the whole config, so two markers on one handler (`@NoStore()` and `@RateLimitedBy()`)
 * would lose one; this merges them.
 */
export function MergeRouteConfig(config: Record<string, unknown>): MethodDecorator {
  return (_target, _key, descriptor) => {
    const handler = descriptor.value as object;
    const current = (Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler) as Record<string, unknown> | undefined) ?? {};
    Reflect.defineMetadata(FASTIFY_ROUTE_CONFIG_METADATA, { ...current, ...config }, handler);
    return descriptor;
  };
}
