import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { AttemptOutcome } from '../../src/webhooks/webhook-event-types.js';
import { RESPONSE_EXCERPT_BYTES, WebhookSender } from '../../src/webhooks/webhook-sender.js';

/** A local server answering each request with `handler`; records what it received. */
async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const received: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      handler(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    port,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const sender = new WebhookSender();
const send = (url: string, overrides: { timeoutMs?: number; allowPrivateAddresses?: boolean } = {}) =>
  sender.send({
    url,
    headers: { 'content-type': 'application/json', 'webhook-id': 'evt' },
    body: '{"hello":"세계"}',
    timeoutMs: overrides.timeoutMs ?? 2000,
    allowPrivateAddresses: overrides.allowPrivateAddresses ?? true,
  });

describe('the webhook sender', () => {
  let server: Awaited<ReturnType<typeof serve>> | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('POSTs the body with its headers, the URL’s Host and path, and reports a 2xx as a success', async () => {
    server = await serve((_req, res) => res.writeHead(204).end());
    const result = await send(`http://localhost:${server.port}/hooks/in?via=test`);
    expect(result).toMatchObject({ outcome: AttemptOutcome.Success, statusCode: 204, excerpt: null, error: null });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    const [request] = server.received;
    expect(request).toMatchObject({ method: 'POST', url: '/hooks/in?via=test', body: '{"hello":"세계"}' });
    expect(request!.headers).toMatchObject({
      host: `localhost:${server.port}`,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength('{"hello":"세계"}')),
      'webhook-id': 'evt',
      connection: 'close',
    });
  });

  it('keeps at most 1 KiB of the response body, without NUL characters, and stops reading there', async () => {
    server = await serve((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.write('a\u0000b' + 'x'.repeat(4000));
      // Never ends: the sender must not wait for the rest.
    });
    const result = await send(`http://127.0.0.1:${server.port}/`, { timeoutMs: 5000 });
    expect(result).toMatchObject({ outcome: AttemptOutcome.HttpError, statusCode: 500, error: 'HTTP 500' });
    expect(result.excerpt).toBe('ab' + 'x'.repeat(RESPONSE_EXCERPT_BYTES - 3));
    expect(result.latencyMs).toBeLessThan(4000);
  });

  it('does not follow a redirect: a 3xx is a failed attempt', async () => {
    server = await serve((_req, res) => res.writeHead(302, { location: '/elsewhere' }).end('moved'));
    const result = await send(`http://127.0.0.1:${server.port}/hooks`);
    expect(result).toMatchObject({ outcome: AttemptOutcome.HttpError, statusCode: 302, excerpt: 'moved' });
    expect(server.received.map((request) => request.url)).toEqual(['/hooks']);
  });

  it('passes Retry-After on as sent', async () => {
    server = await serve((_req, res) => res.writeHead(503, { 'retry-after': '120' }).end());
    expect(await send(`http://127.0.0.1:${server.port}/`)).toMatchObject({ statusCode: 503, retryAfter: '120' });
  });

  it('gives up after the timeout when no answer comes', async () => {
    server = await serve(() => undefined);
    const result = await send(`http://127.0.0.1:${server.port}/`, { timeoutMs: 300 });
    expect(result).toMatchObject({ outcome: AttemptOutcome.Timeout, statusCode: null });
    expect(result.latencyMs).toBeGreaterThanOrEqual(290);
    expect(result.latencyMs).toBeLessThan(2000);
  });

  it('reports a refused connection as a network error', async () => {
    server = await serve(() => undefined);
    const port = server.port;
    await server.close();
    server = undefined;
    const result = await send(`http://127.0.0.1:${port}/`);
    expect(result).toMatchObject({ outcome: AttemptOutcome.NetworkError, statusCode: null });
    expect(result.error).toContain('ECONNREFUSED');
  });

  it('over HTTPS names the URL’s host to TLS (server name and certificate check), not the address it connects to', async () => {
    const names: string[] = [];
    const tls = createTlsServer({
      SNICallback: (name, callback) => {
        names.push(name);
        callback(new Error('no certificate here'), undefined);
      },
    });
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    try {
      const result = await send(`https://localhost:${(tls.address() as AddressInfo).port}/hooks`);
      expect(result).toMatchObject({ outcome: AttemptOutcome.NetworkError, statusCode: null });
      expect(names).toEqual(['localhost']);
    } finally {
      await new Promise((resolve) => tls.close(resolve));
    }
  });

  it('refuses loopback, private and metadata addresses without the test switch, before connecting', async () => {
    server = await serve((_req, res) => res.writeHead(200).end());
    for (const url of [
      `http://127.0.0.1:${server.port}/`,
      `http://localhost:${server.port}/`,
      `http://[::ffff:127.0.0.1]:${server.port}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
    ]) {
      expect(await send(url, { allowPrivateAddresses: false })).toMatchObject({ outcome: AttemptOutcome.BlockedAddress, statusCode: null });
    }
    expect(server.received).toEqual([]);
  });

  it('says which host was refused but never which address it resolved to (the attempt error is the partner’s to read)', async () => {
    server = await serve((_req, res) => res.writeHead(200).end());
    for (const host of ['localhost', 'hooks.localhost']) {
      const answer = await send(`http://${host}:${server.port}/`, { allowPrivateAddresses: false });
      expect(answer).toMatchObject({ outcome: AttemptOutcome.BlockedAddress, statusCode: null });
      expect(answer.error).toBe(`${host} resolves to an address webhooks may not reach`);
      expect(answer.error).not.toMatch(/127\.0\.0\.1|::1/);
    }
    expect(server.received).toEqual([]);
  });
});
