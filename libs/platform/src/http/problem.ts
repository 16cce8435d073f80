import { HttpException } from '@nestjs/common';

export interface FieldError {
  field: string;
  message: string;
}

/** RFC 9457 problem details, as every error response of both services is rendered. */
export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  errors?: FieldError[];
  requestId: string;
  /** RFC 9457 extension members a feature adds (`attemptsLeft`, ...). */
  [extension: string]: unknown;
}

export interface ProblemExtras {
  /** Extension members merged into the body; they never replace a standard member. */
  members?: Record<string, string | number | boolean>;
  /** Response headers sent with the problem (`Retry-After`, ...). */
  headers?: Record<string, string>;
}

/**
 * An error with a stable machine code. Features declare theirs once in `<feature>.errors.ts`; the
 * global filter renders it as a problem body.
 */
export class ProblemException extends HttpException {
  constructor(
    status: number,
    readonly code: string,
    detail: string,
    readonly errors?: FieldError[],
    readonly extras: ProblemExtras = {},
  ) {
    super(detail, status);
  }
}

export function problemType(code: string): string {
  return `urn:problem:${code.toLowerCase().replaceAll('_', '-')}`;
}

export function problemBody(status: number, code: string, detail: string, requestId: string, errors?: FieldError[]): ProblemBody {
  const body: ProblemBody = { type: problemType(code), title: statusTitle(status), status, detail, code, requestId };
  if (errors && errors.length > 0) body.errors = errors;
  return body;
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  423: 'Locked',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

const DEFAULT_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  410: 'GONE',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  423: 'LOCKED',
  429: 'RATE_LIMITED',
  500: 'INTERNAL_ERROR',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
  504: 'GATEWAY_TIMEOUT',
};

export function statusTitle(status: number): string {
  return TITLES[status] ?? (status >= 500 ? 'Server Error' : 'Client Error');
}

export function defaultCode(status: number): string {
  return DEFAULT_CODES[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST');
}
