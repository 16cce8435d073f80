import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { Injectable } from '@nestjs/common';
import { BlockedAddressError, resolveAllowedAddress } from './webhook-address-guard.js';
import { AttemptOutcome } from './webhook-event-types.js';

/** The first bytes of a response body kept with the attempt. */
export const RESPONSE_EXCERPT_BYTES = 1024;

/** Longest `error` an attempt row holds. */
const ERROR_LENGTH = 500;

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** For the whole exchange: resolution, connection, request, response headers and the excerpt. */
  timeoutMs: number;
  /** Tests only: lets the URL resolve to loopback and private addresses. */
  allowPrivateAddresses: boolean;
}

export interface WebhookResponse {
  outcome: AttemptOutcome;
  /** The status the endpoint answered (null when it did not answer). */
  statusCode: number | null;
  latencyMs: number;
  /** The first RESPONSE_EXCERPT_BYTES of the body as text (null when there was none). */
  excerpt: string | null;
  error: string | null;
  /** The Retry-After header, as sent. */
  retryAfter: string | null;
}

/**
 * POSTs one delivery. The URL's host is resolved once and checked against the address guard; the
 * connection goes to exactly that address (the Host header and TLS server name stay the URL's), so a
 * second resolution cannot send it elsewhere. Redirects are not followed (a 3xx is an answer like any
 * other non-2xx). The body is read up to the excerpt and the connection is then dropped: no agent, no
 * keep-alive. Never throws: every failure is an outcome.
 */
@Injectable()
export class WebhookSender {
  async send(request: WebhookRequest): Promise<WebhookResponse> {
    const started = performance.now();
    const latency = () => Math.round(performance.now() - started);
    const failed = (outcome: AttemptOutcome, error: string): WebhookResponse => ({
      outcome,
      statusCode: null,
      latencyMs: latency(),
      excerpt: null,
      error: error.slice(0, ERROR_LENGTH),
      retryAfter: null,
    });

    let url: URL;
    try {
      url = new URL(request.url);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`unsupported protocol ${url.protocol}`);
    } catch (error) {
      return failed(AttemptOutcome.NetworkError, `invalid URL: ${messageOf(error)}`);
    }

    const deadline = started + request.timeoutMs;
    let target: { address: string; family: 4 | 6 };
    try {
      target = await withDeadline(resolveAllowedAddress(url.hostname, request.allowPrivateAddresses), deadline);
    } catch (error) {
      if (error instanceof BlockedAddressError) return failed(AttemptOutcome.BlockedAddress, error.message);
      if (error instanceof DeadlineError)
        return failed(AttemptOutcome.Timeout, `no answer within ${request.timeoutMs} ms (resolving ${url.hostname})`);
      return failed(AttemptOutcome.NetworkError, `resolving ${url.hostname}: ${messageOf(error)}`);
    }

    const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    const options: RequestOptions & { servername?: string } = {
      method: 'POST',
      host: target.address,
      family: target.family,
      port: url.port === '' ? undefined : Number(url.port),
      path: `${url.pathname}${url.search}`,
      agent: false,
      headers: {
        ...request.headers,
        host: url.host,
        'content-length': String(Buffer.byteLength(request.body)),
        connection: 'close',
      },
    };
    // TLS: SNI and the certificate check name the URL's host, not the address connected to.
    if (url.protocol === 'https:' && isIP(hostname) === 0) options.servername = hostname;

    return new Promise<WebhookResponse>((resolve) => {
      let settled = false;
      let response: IncomingMessage | undefined;
      const chunks: Buffer[] = [];
      let received = 0;

      const finish = (result: WebhookResponse) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        outgoing.destroy();
        response?.destroy();
        resolve(result);
      };
      const answered = () => {
        const statusCode = response!.statusCode ?? 0;
        const text = Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8').replaceAll('\u0000', '');
        const retryAfter = response!.headers['retry-after'];
        finish({
          outcome: statusCode >= 200 && statusCode < 300 ? AttemptOutcome.Success : AttemptOutcome.HttpError,
          statusCode,
          latencyMs: latency(),
          excerpt: text === '' ? null : text,
          error: statusCode >= 200 && statusCode < 300 ? null : `HTTP ${statusCode}`,
          retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
        });
      };

      const outgoing = (url.protocol === 'https:' ? httpsRequest : httpRequest)(options, (incoming) => {
        response = incoming;
        incoming.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          received += chunk.length;
          if (received >= RESPONSE_EXCERPT_BYTES) answered();
        });
        incoming.on('end', answered);
        // The status is known: a body cut short still answers with it.
        incoming.on('error', answered);
        incoming.on('close', answered);
      });
      outgoing.on('error', (error) => {
        if (response) answered();
        else finish(failed(AttemptOutcome.NetworkError, messageOf(error)));
      });

      // Once the status is in, running out of time while reading the body ends the read, not the answer.
      const timer = setTimeout(
        () => (response ? answered() : finish(failed(AttemptOutcome.Timeout, `no answer within ${request.timeoutMs} ms`))),
        Math.max(deadline - performance.now(), 0),
      );
      outgoing.end(request.body);
    });
  }
}

class DeadlineError extends Error {}

function withDeadline<T>(work: Promise<T>, deadline: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError()), Math.max(deadline - performance.now(), 0));
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

function messageOf(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}
