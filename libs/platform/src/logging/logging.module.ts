import { Inject, Injectable, Module, type DynamicModule, type LoggerService } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pino, type DestinationStream, type Level, type Logger } from 'pino';
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
  'code_verifier',
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

/** The service's one pino logger: application logs (through ServiceLogger) and request lines. */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

/** JSON lines with the service's name, an ISO time and the level's name; personal data and credentials censored. */
export function createRootLogger(service: string, level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service },
      messageKey: 'message',
      timestamp: () => `,"time":"${new Date().toISOString()}"`,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    },
    destination ?? pino.destination(1),
  );
}

/**
 * Nest's logger (`app.useLogger`) writing through the root logger. Nest passes the logging class's
 * context as the last argument; a first argument that is an object becomes fields of the line.
 */
@Injectable()
export class ServiceLogger implements LoggerService {
  constructor(@Inject(ROOT_LOGGER) private readonly logger: Logger) {}

  verbose(message: unknown, ...optional: unknown[]): void {
    this.write('trace', message, optional);
  }

  debug(message: unknown, ...optional: unknown[]): void {
    this.write('debug', message, optional);
  }

  log(message: unknown, ...optional: unknown[]): void {
    this.write('info', message, optional);
  }

  warn(message: unknown, ...optional: unknown[]): void {
    this.write('warn', message, optional);
  }

  error(message: unknown, ...optional: unknown[]): void {
    this.write('error', message, optional);
  }

  fatal(message: unknown, ...optional: unknown[]): void {
    this.write('fatal', message, optional);
  }

  private write(level: Level, message: unknown, optional: unknown[]): void {
    if (!this.logger.isLevelEnabled(level)) return;
    const fields: Record<string, unknown> = {};
    if (optional.length > 0) fields.context = optional.at(-1);
    const [text, ...args] = optional.slice(0, -1) as [string | undefined, ...unknown[]];
    if (message instanceof Error) {
      fields.err = message;
      this.logger[level](fields, text, ...args);
    } else if (typeof message === 'object' && message !== null) {
      this.logger[level](Object.assign(fields, message), text, ...args);
    } else if (level === 'error' && typeof message === 'string' && args.length === 0 && typeof text === 'string' && /\n\s*at /.test(text)) {
      // Nest's own exception handlers call error(message, stack, context).
      const error = new Error(message);
      error.stack = text;
      fields.err = error;
      this.logger.error(fields);
    } else {
      this.logger[level](fields, String(message), ...optional.slice(0, -1));
    }
  }
}

/**
 * One line per request, written when its response has been sent: request id, method, path (never
 * the query string: it carries search terms, which may be names or phone digits), status and
 * duration in ms; warn for 4xx, error for 5xx. Health probes are not logged. A Fastify hook rather
 * than an HTTP middleware: it costs a request nothing when its level is off.
 */
export function logRequests(fastify: FastifyInstance, logger: Logger): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
    const path = logger.isLevelEnabled(level) ? pathOf(request) : undefined;
    if (path !== undefined && !isProbe(path)) {
      const fields = { ...requestFields(request, path), res: { statusCode: status }, responseTime: Math.round(reply.elapsedTime) };
      logger[level](fields, status >= 500 ? 'request errored' : 'request completed');
    }
    done();
  });
  // The caller went away before the response was sent: no status to report.
  fastify.addHook('onRequestAbort', async (request) => {
    if (!logger.isLevelEnabled('info')) return;
    const path = pathOf(request);
    if (!isProbe(path)) logger.info(requestFields(request, path), 'request aborted');
  });
}

const requestFields = (request: FastifyRequest, path: string) => ({ requestId: request.id, req: { method: request.method, path } });
const pathOf = (request: FastifyRequest) => request.url.split('?', 1)[0]!;
const isProbe = (path: string) => path.startsWith('/health/');

@Module({})
export class LoggingModule {
  /** Logs go to stdout, or to `destination` when given (tests read them back). */
  static forRoot(service: string, level: LogLevel, destination?: DestinationStream): DynamicModule {
    return {
      module: LoggingModule,
      providers: [{ provide: ROOT_LOGGER, useValue: createRootLogger(service, level, destination) }, ServiceLogger],
      exports: [ROOT_LOGGER, ServiceLogger],
    };
  }
}
