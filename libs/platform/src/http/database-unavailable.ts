import { ProblemException } from './problem.js';

// Node's socket errors for a server that is gone or unreachable.
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
// SQLSTATE: class 08 (connection exception) but for 08P01 protocol_violation (a malformed message, such
// as too many bind parameters: the caller's fault, not an outage), 57P01 admin_shutdown, 57P02
// crash_shutdown, 57P03 cannot_connect_now (starting up or shutting down), 53300 too_many_connections.
const SQLSTATE = /^(08(?!P01)[0-9A-Z]{3}|57P0[123]|53300)$/;
// What pg and pg-pool say when a connection dies or cannot be had, without a code.
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable/;

/**
 * Whether an error means the database could not be reached or dropped the connection (restart,
 * failover, outage), not that it refused what was asked: TypeORM's QueryFailedError keeps pg's
 * error as `driverError`, a connect failure comes bare, and Node's may be an AggregateError (one
 * per address tried). A socket code alone counts only where pg puts it (the error itself, its
 * `driverError`, an AggregateError's members): not behind `cause`, where fetch (undici) puts the
 * socket error of an outside system, and not on an AWS SDK error (`$metadata`: object storage) —
 * those outages are the adapters' to answer, never "the database".
 */
export function isDatabaseUnavailable(error: unknown, depth = 0, throughCause = false): boolean {
  if (error === null || typeof error !== 'object' || depth > 3) return false;
  const { code, message, driverError, cause, errors, $metadata } = error as {
    code?: unknown;
    message?: unknown;
    driverError?: unknown;
    cause?: unknown;
    errors?: unknown;
    $metadata?: unknown;
  };
  if ($metadata !== undefined) return false;
  if (typeof code === 'string' && SQLSTATE.test(code)) return true;
  if (typeof code === 'string' && SOCKET_CODES.has(code) && !throughCause) return true;
  if (typeof message === 'string' && MESSAGES.test(message)) return true;
  const direct = [driverError, ...(Array.isArray(errors) ? errors : [])];
  return (
    direct.some((next) => next !== error && isDatabaseUnavailable(next, depth + 1, throughCause)) ||
    (cause !== error && isDatabaseUnavailable(cause, depth + 1, true))
  );
}

/**
 * 503 with Retry-After for a request the database outage cut off. A retry after that many seconds
 * with the same Idempotency-Key ends in the one answer: the first one if its effect committed, else
 * the effect done once (the key's lease has run out by then, IDEMPOTENCY_LEASE_SECONDS).
 */
export const databaseUnavailable = (retryAfterSeconds: number) =>
  new ProblemException(
    503,
    'DATABASE_UNAVAILABLE',
    'The service cannot reach its database; send the request again after Retry-After seconds, with the same Idempotency-Key if it had one',
    undefined,
    { headers: { 'Retry-After': String(retryAfterSeconds) } },
  );
