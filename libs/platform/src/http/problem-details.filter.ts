import { Catch, HttpException, Inject, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SERVICE_CONFIG } from '../bootstrap/tokens.js';
import type { ServiceConfig } from '../config/service-config.js';
import { databaseUnavailable, isDatabaseUnavailable } from './database-unavailable.js';
import { ProblemException, defaultCode, problemBody, statusTitle, type ProblemBody } from './problem.js';

// Fastify raises these before a handler runs (body parsing); they get a stable code of ours.
const FASTIFY_CODES: Record<string, { code: string; detail?: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'MALFORMED_JSON', detail: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'MALFORMED_JSON', detail: 'The request body is empty but declared as JSON' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    detail: 'The request Content-Type is not supported; send application/json',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', detail: 'The request body is too large' },
};

interface ErrorWithStatus {
  statusCode: number;
  code?: string;
  message?: string;
}

/** Renders every error, expected or not, as `application/problem+json` (DESIGN.md section 2). */
@Catch()
export class ProblemDetailsFilter implements ExceptionFilter {
  private readonly logger = new Logger('ProblemDetailsFilter');

  constructor(@Inject(SERVICE_CONFIG) private readonly config: ServiceConfig) {}

  catch(thrown: unknown, host: ArgumentsHost): void {
    const exception = this.asProblem(thrown);
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const body = this.toProblem(exception, String(request.id));
    if (exception !== thrown) {
      this.logger.warn({ requestId: body.requestId, code: body.code, error: describeError(thrown) }, 'The database did not answer');
    } else if (body.status >= 500 && exception instanceof ProblemException) {
      // A failure the service answers on purpose (a system it depends on failed): its code says enough.
      this.logger.warn({ requestId: body.requestId, code: body.code }, body.detail);
    } else if (body.status >= 500) {
      this.logger.error({ requestId: body.requestId, error: describeError(exception) }, 'Unhandled error');
    }
    if (exception instanceof ProblemException) void reply.headers(exception.extras.headers ?? {});
    void reply.status(body.status).header('content-type', 'application/problem+json; charset=utf-8').send(body);
  }

  /** A lost or refused database connection is 503 DATABASE_UNAVAILABLE with Retry-After, not 500. */
  private asProblem(thrown: unknown): unknown {
    if (thrown instanceof HttpException || !isDatabaseUnavailable(thrown)) return thrown;
    return databaseUnavailable(this.config.IDEMPOTENCY_LEASE_SECONDS);
  }

  private toProblem(exception: unknown, requestId: string): ProblemBody {
    if (exception instanceof ProblemException) {
      return {
        ...exception.extras.members,
        ...problemBody(exception.getStatus(), exception.code, exception.message, requestId, exception.errors),
      };
    }
    // Nest wraps Fastify's own 4xx errors (body parsing) in an HttpException with the original as cause.
    const fastifyError = exception instanceof HttpException ? exception.cause : exception;
    if (isErrorWithStatus(fastifyError) && fastifyError.code && FASTIFY_CODES[fastifyError.code]) {
      const known = FASTIFY_CODES[fastifyError.code];
      return problemBody(
        fastifyError.statusCode,
        known.code,
        known.detail ?? fastifyError.message ?? statusTitle(fastifyError.statusCode),
        requestId,
      );
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      return problemBody(status, defaultCode(status), messageOf(exception), requestId);
    }
    if (isErrorWithStatus(exception) && exception.statusCode >= 400 && exception.statusCode < 500) {
      return problemBody(
        exception.statusCode,
        defaultCode(exception.statusCode),
        exception.message ?? statusTitle(exception.statusCode),
        requestId,
      );
    }
    return problemBody(500, 'INTERNAL_ERROR', 'An unexpected error occurred; quote the requestId when reporting it', requestId);
  }
}

function messageOf(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  return typeof message === 'string' ? message : exception.message;
}

function isErrorWithStatus(value: unknown): value is ErrorWithStatus {
  return typeof value === 'object' && value !== null && typeof (value as ErrorWithStatus).statusCode === 'number';
}

// Only name, message, code and stack are logged: database errors carry query parameters and row
// values in other properties, and those may hold personal data.
function describeError(exception: unknown): Record<string, unknown> {
  if (exception instanceof Error) {
    const code = (exception as { code?: unknown }).code;
    return { type: exception.constructor.name, message: exception.message, code, stack: exception.stack };
  }
  return { type: typeof exception };
}
