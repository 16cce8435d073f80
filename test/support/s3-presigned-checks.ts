import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What S3 checks of a presigned request and s3rver does not (it accepts any Signature Version 4
 * unchecked), put in front of s3rver on loopback: the signature over the method, path, query and
 * every signed header with the values the request carries (so a body of another length than a
 * signed Content-Length, or another signed Content-Type, is refused), the expiry, and a body whose
 * SHA-256 differs from x-amz-checksum-sha256 (BadDigest). Written from the AWS documentation of
 * Signature Version 4 ("Authenticating Requests: Using Query Parameters") and S3's PutObject, not from
 * the SDK that signs, so that a mistake of the signer is not repeated by the check. Requests signed
 * in the Authorization header (the service's own SDK calls) pass to s3rver as they are.
 */
export interface S3PresignedChecks {
  endpoint: string;
  /** The presigned requests refused so far, with S3's error code. */
  refused: Array<{ method: string; path: string; code: string }>;
  close(): Promise<void>;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';

/** RFC 3986 encoding as Signature Version 4 wants it: unreserved characters kept, everything else %XX. */
const encode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** The signature S3 expects of a presigned request (Signature Version 4, query parameters). */
function expectedSignature(
  secretAccessKey: string,
  method: string,
  path: string,
  query: URLSearchParams,
  headers: IncomingMessage['headers'],
): string | null {
  const credential = query.get('X-Amz-Credential');
  const amzDate = query.get('X-Amz-Date');
  const signedHeaders = query.get('X-Amz-SignedHeaders');
  if (!credential || !amzDate || !signedHeaders) return null;
  const [, date, region, service, terminator] = credential.split('/');
  if (!date || !region || !service || terminator !== 'aws4_request') return null;
  const canonicalQuery = [...query.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [encode(name), encode(value)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const names = signedHeaders.split(';');
  const canonicalHeaders = names.map((name) => {
    const value = headers[name];
    if (value === undefined) return null;
    return `${name}:${(Array.isArray(value) ? value.join(',') : value).trim().replace(/\s+/g, ' ')}\n`;
  });
  if (canonicalHeaders.includes(null)) return null;
  const canonicalRequest = [method, path, canonicalQuery, canonicalHeaders.join(''), signedHeaders, 'UNSIGNED-PAYLOAD'].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = [ALGORITHM, amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), service), 'aws4_request');
  return createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
}

/** Starts the checks in front of `upstream` (s3rver's endpoint), for one account's secret key. */
export async function startS3PresignedChecks(upstream: string, secretAccessKey: string): Promise<S3PresignedChecks> {
  const target = new URL(upstream);
  const refused: S3PresignedChecks['refused'] = [];

  const refuse = (response: ServerResponse, method: string, path: string, status: number, code: string, message: string) => {
    refused.push({ method, path, code });
    response.writeHead(status, { 'content-type': 'application/xml' });
    response.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
  };

  const server: Server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(incoming.url ?? '/', 'http://s3.local');
      const method = incoming.method ?? 'GET';
      if (url.searchParams.has('X-Amz-Signature')) {
        if (url.searchParams.get('X-Amz-Algorithm') !== ALGORITHM)
          return refuse(response, method, url.pathname, 400, 'AuthorizationQueryParametersError', 'Unsupported algorithm');
        const expected = expectedSignature(secretAccessKey, method, url.pathname, url.searchParams, incoming.headers);
        const given = Buffer.from(url.searchParams.get('X-Amz-Signature') ?? '', 'hex');
        if (expected === null || given.length !== 32 || !timingSafeEqual(given, Buffer.from(expected, 'hex')))
          return refuse(response, method, url.pathname, 403, 'SignatureDoesNotMatch', 'The request signature does not match');
        const amzDate = url.searchParams.get('X-Amz-Date')!;
        const signedAt = Date.parse(
          `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
        );
        if (signedAt + Number(url.searchParams.get('X-Amz-Expires')) * 1000 < Date.now())
          return refuse(response, method, url.pathname, 403, 'AccessDenied', 'Request has expired');
        const length = incoming.headers['content-length'];
        if (method === 'PUT' && (length === undefined || Number(length) !== body.length))
          return refuse(response, method, url.pathname, 400, 'IncompleteBody', 'The body is not Content-Length bytes long');
        const checksum = incoming.headers['x-amz-checksum-sha256'];
        if (method === 'PUT' && typeof checksum === 'string' && createHash('sha256').update(body).digest('base64') !== checksum)
          return refuse(
            response,
            method,
            url.pathname,
            400,
            'BadDigest',
            'The SHA-256 you specified did not match the calculated checksum',
          );
      }
      const forwarded = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method,
          path: incoming.url,
          headers: { ...incoming.headers, host: target.host },
        },
        (upstreamResponse) => {
          response.writeHead(upstreamResponse.statusCode ?? 502, upstreamResponse.headers);
          upstreamResponse.pipe(response);
        },
      );
      forwarded.on('error', () => {
        response.writeHead(502);
        response.end();
      });
      forwarded.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
