import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceConfig } from '../config/service-config.js';
import { checkRequestShapes } from '../http/body-shape.hook.js';
import { answerConditionalGets } from '../http/conditional-get.js';
import { consoleDirectory, serveConsole } from '../http/console.js';
import { preventCaching } from '../http/no-store.js';
import { defaultCode, problemBody, statusTitle } from '../http/problem.js';
import { RAW_SECURITY_HEADERS, registerSecurityHeaders } from '../http/security-headers.js';
import { drainUnreadBodies } from '../http/unread-bodies.js';
import { createValidationPipe } from '../http/validation.js';
import { logRequests, ROOT_LOGGER, ServiceLogger } from '../logging/logging.module.js';
import { MetricsRegistry } from '../metrics/metrics.js';
import { buildOpenApiDocument, serveOpenApi, type OpenApiInfo } from '../openapi/openapi.js';
import { installRateLimits, RATE_LIMIT_RULES, RateLimitCounters, type RateLimitRules } from '../rate-limit/rate-limit.js';
import { closeConnectionsOnShutdown, ShutdownState } from './shutdown.js';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
// Longer than any request line Node accepts (16 KiB of headers): an id of any length reaches its
// route, which answers for it (400 naming the parameter, or 404), instead of the router's bare 414.
const MAX_PARAM_LENGTH = 16 * 1024;

export interface CreateAppOptions {
  /** `lead-distribution` or `coverage-claims`: whose console build is served at /console/. */
  service: string;
  module: DynamicModule;
  config: ServiceConfig;
  openApi: OpenApiInfo;
}

/**
 * Builds a configured (not yet listening) application: Fastify with request ids, security headers,
 * `Cache-Control: no-store` unless a route says otherwise, the global validation pipe, JSON logs,
 * metrics, CORS, the OpenAPI document and the operator console. Used by `main.ts` and by tests,
 * so both run exactly the same stack.
 */
export async function createServiceApp({ service, module, config, openApi }: CreateAppOptions): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: config.BODY_LIMIT_BYTES,
    // A caller's X-Request-Id is kept when it is a sane token; otherwise a fresh UUID is used.
    genReqId: (req: IncomingMessage) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // The client address (per-address rate limits) is the one the outermost trusted proxy saw:
    // X-Forwarded-For is believed for TRUSTED_PROXY_HOPS hops back from the connection, no further.
    trustProxy: (_address: string, hop: number) => hop < config.TRUSTED_PROXY_HOPS,
    // runService answers requests during shutdown itself (ShutdownState), with a problem body; by the
    // time Fastify closes, no connection is left.
    return503OnClosing: false,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // The router refuses a path it cannot decode before any hook or filter runs. Such a path names
    // nothing: 404, as a problem body like every other error.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const status = error.code === 'FST_ERR_BAD_URL' ? 404 : (error.statusCode ?? 400);
      const detail = status === 404 ? 'Nothing is found at this path (it is not valid percent-encoded UTF-8)' : statusTitle(status);
      for (const [name, value] of RAW_SECURITY_HEADERS) void reply.header(name, value);
      void reply
        .status(status)
        .header('x-request-id', request.id)
        .header('cache-control', 'no-store')
        .header('content-type', 'application/problem+json; charset=utf-8')
        .send(problemBody(status, defaultCode(status), detail, String(request.id)));
    },
    // A request Node's HTTP parser rejects (bad request line, bad header) never reaches a route;
    // it still gets a problem body rather than Fastify's default one.
    clientErrorHandler: (_error, socket) => {
      if (!socket.writable) return;
      const body = JSON.stringify(problemBody(400, 'BAD_REQUEST', 'The request could not be parsed as HTTP', randomUUID()));
      const headers = [
        ['Content-Type', 'application/problem+json; charset=utf-8'],
        ['Content-Length', String(Buffer.byteLength(body))],
        ['Cache-Control', 'no-store'],
        ...RAW_SECURITY_HEADERS,
        ['Connection', 'close'],
      ];
      socket.end(`HTTP/1.1 400 Bad Request\r\n${headers.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n${body}`);
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
    bufferLogs: true,
    abortOnError: false,
    // Fastify's own JSON parser is the only one: bodies are JSON (anything else is a 415).
    bodyParser: false,
  });
  app.useLogger(app.get(ServiceLogger));
  app.flushLogs();

  const fastify = app.getHttpAdapter().getInstance();
  // First: the security headers' onRequest hook must run before any other hook that may answer (shutdown's 503).
  registerSecurityHeaders(fastify);
  fastify.removeContentTypeParser(['text/plain']);
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  logRequests(fastify, app.get(ROOT_LOGGER));
  closeConnectionsOnShutdown(fastify, app.get(ShutdownState));
  // After the hooks every answer needs (security headers, request id), before the body is read.
  await installRateLimits(fastify, config, app.get<RateLimitRules>(RATE_LIMIT_RULES, { strict: false }), app.get(RateLimitCounters));
  checkRequestShapes(fastify);
  answerConditionalGets(fastify);
  preventCaching(fastify);
  drainUnreadBodies(fastify);
  app.get(MetricsRegistry).instrument(fastify);

  app.useGlobalPipes(createValidationPipe());
  // Browsers preflight PUT, PATCH and DELETE and calls with Authorization: the methods must be listed
  // (@fastify/cors allows only GET, HEAD and POST by default); requested headers are echoed.
  app.enableCors({
    origin: config.CORS_ORIGINS.length > 0 ? config.CORS_ORIGINS : false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposedHeaders: ['x-request-id', 'x-total-count', 'ratelimit', 'ratelimit-policy', 'retry-after'],
    maxAge: 600,
  });
  serveOpenApi(app, buildOpenApiDocument(app, openApi), { production: config.NODE_ENV === 'production' });
  const consoleBuild = consoleDirectory(config, service);
  if (consoleBuild !== null) await serveConsole(fastify, consoleBuild, config.CONSOLE_MEDIA_ORIGINS);
  return app;
}
