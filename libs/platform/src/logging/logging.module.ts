import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Module, RequestMethod, type DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { pino, type DestinationStream } from 'pino';
import type { LogLevel } from '../config/service-config.js';

/** Property names whose values never reach a log line, at any of the first three levels of nesting. */
const SENSITIVE_KEYS = [
  'authorization',
  'x-api-key',
  'cookie',
  'set-cookie',
  'apiKey',
  'password',
  'secret',
  'token',
  'accessToken',
  'refreshToken',
  'verificationToken',
  'name',
  'phone',
  'email',
  'address',
  'bankAccount',
  'birthday',
  'birthDate',
  'ci',
  'clientNm',
  'clientTel',
  'clientBirthday',
];

export const REDACT_PATHS = SENSITIVE_KEYS.flatMap((key) => [`["${key}"]`, `*["${key}"]`, `*.*["${key}"]`]);

/** The id Fastify assigned to the request (from `X-Request-Id` when the caller sent a usable one). */
function requestIdOf(req: IncomingMessage): string {
  const id = (req as IncomingMessage & { id?: unknown }).id;
  return typeof id === 'string' && id.length > 0 ? id : randomUUID();
}

function pathOf(req: IncomingMessage): string {
  const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '';
  return url.split('?')[0] ?? '';
}

const isProbe = (path: string) => path.startsWith('/health/');

@Module({})
export class LoggingModule {
  /** Logs go to stdout, or to `destination` when given (tests read them back). */
  static forRoot(service: string, level: LogLevel, destination?: DestinationStream): DynamicModule {
    return {
      module: LoggingModule,
      imports: [
        LoggerModule.forRoot({
          // Every request, matched or not (the package default pattern does not match under Fastify here).
          forRoutes: [{ path: '*path', method: RequestMethod.ALL }],
          pinoHttp: [
            {
              level,
              base: { service },
              messageKey: 'message',
              timestamp: () => `,"time":"${new Date().toISOString()}"`,
              formatters: { level: (label) => ({ level: label }) },
              redact: { paths: REDACT_PATHS, censor: '[redacted]' },
              genReqId: (req) => requestIdOf(req),
              customProps: (req) => ({ requestId: requestIdOf(req) }),
              // Paths only: query strings carry search terms, which may be names or phone digits.
              serializers: {
                req: (req: IncomingMessage) => ({ method: req.method, path: pathOf(req) }),
                res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
              },
              autoLogging: { ignore: (req) => isProbe(pathOf(req)) },
              customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
            },
            destination ?? pino.destination(1),
          ],
        }),
      ],
    };
  }
}
