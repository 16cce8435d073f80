import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Module, type DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
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
  'name',
  'phone',
  'email',
  'address',
  'bankAccount',
  'birthday',
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

@Module({})
export class LoggingModule {
  static forRoot(service: string, level: LogLevel): DynamicModule {
    return {
      module: LoggingModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: {
            level,
            base: { service },
            messageKey: 'message',
            timestamp: () => `,"time":"${new Date().toISOString()}"`,
            formatters: { level: (label) => ({ level: label }) },
            redact: { paths: REDACT_PATHS, censor: '[redacted]' },
            genReqId: (req) => requestIdOf(req),
            customAttributeKeys: { reqId: 'requestId' },
            // Paths only: query strings carry search terms, which may be names or phone digits.
            serializers: {
              req: (req: IncomingMessage & { id?: string }) => ({ method: req.method, path: (req.url ?? '').split('?')[0] }),
              res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
            },
            autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/health') || req.url === '/metrics' },
            customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
          },
        }),
      ],
    };
  }
}
