import { connect } from 'node:net';

const MIB = 1024 * 1024;

/** What a client read back for a body over the limit: the status, the media type and the problem's code. */
export interface OversizedAnswer {
  status: number;
  contentType: string;
  code: unknown;
}

/**
 * Sends `bytes` of JSON text with Node's global `fetch` (undici), all of it, as a client that does
 * not wait for an early answer: with `Content-Length` (a Buffer), or chunked (a stream, no length).
 * undici reports a connection the server closed while the body was still being written as a failure
 * (EPIPE, ECONNRESET, "other side closed"), so this resolves only when the answer itself was read.
 */
export async function postOversized(
  url: string,
  headers: Record<string, string>,
  bytes: number,
  framing: 'content-length' | 'chunked',
): Promise<OversizedAnswer> {
  const text = Buffer.from(`{"name":"${'x'.repeat(bytes - 12)}"}`);
  const body =
    framing === 'content-length'
      ? text
      : new ReadableStream<Uint8Array>({
          start(controller) {
            for (let at = 0; at < text.length; at += 64 * 1024) controller.enqueue(text.subarray(at, at + 64 * 1024));
            controller.close();
          },
        });
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    // A stream body needs half-duplex: the request is sent, then the answer read.
    ...(framing === 'chunked' ? { duplex: 'half' } : {}),
  } as RequestInit);
  const answer = (await response.json()) as { code?: unknown };
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', code: answer.code };
}

/**
 * Sends a whole request with a `Content-Length` body of `bytes` on a raw connection and reads the
 * answer only once every byte is written, as blocking clients do (Python's requests, curl without
 * `Expect`, Java's HttpURLConnection): a server that closes the connection with the body unread makes
 * the client's write fail (EPIPE, ECONNRESET) before it reads anything.
 */
export function sendThenRead(url: string, path: string, headers: Record<string, string>, bytes: number) {
  const { hostname, port } = new URL(url);
  return new Promise<{ head: string; body: string }>((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    socket.pause();
    socket.on('error', (error: Error & { code?: string }) => reject(new Error(`${error.code ?? error.message} while sending`)));
    socket.on('connect', () => {
      socket.write(postHead(path, hostname, port, { 'content-length': String(bytes), ...headers }));
      socket.write(Buffer.from(`{"name":"${'x'.repeat(bytes - 12)}"}`), (error) => {
        if (error) return;
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const split = text.indexOf('\r\n\r\n');
          resolve({ head: text.slice(0, split), body: text.slice(split + 4) });
        });
        socket.resume();
      });
    });
  });
}

/**
 * Writes a chunked JSON body to `path` on a raw connection without ever ending it, as fast as the
 * server reads, and counts what the server let through before it closed the connection (or until
 * `giveUpBytes`): a server that reads an oversized body to its end would read forever.
 */
export function writeEndlessBody(url: string, path: string, headers: Record<string, string>, giveUpBytes = 256 * MIB) {
  const { hostname, port } = new URL(url);
  return new Promise<{ written: number; closed: boolean; answer: string }>((resolve) => {
    const socket = connect(Number(port), hostname);
    const chunk = Buffer.from(`10000\r\n${'x'.repeat(0x10000)}\r\n`);
    let written = 0;
    let answer = '';
    let settled = false;
    const finish = (closed: boolean) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve({ written, closed, answer });
    };
    socket.on('data', (data: Buffer) => (answer += data.toString('latin1')));
    socket.on('error', () => finish(true));
    socket.on('close', () => finish(true));
    const pump = () => {
      while (!settled) {
        if (written >= giveUpBytes) return finish(false);
        written += chunk.length;
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
    };
    socket.on('connect', () => {
      socket.write(`${postHead(path, hostname, port, { 'transfer-encoding': 'chunked', ...headers })}9\r\n{"name":"\r\n`);
      pump();
    });
  });
}

/** The head of a JSON POST written by hand on a raw connection. */
function postHead(path: string, hostname: string, port: string, headers: Record<string, string>): string {
  const lines = Object.entries({ 'content-type': 'application/json', ...headers }).map(([name, value]) => `${name}: ${value}\r\n`);
  return `POST ${path} HTTP/1.1\r\nhost: ${hostname}:${port}\r\n${lines.join('')}\r\n`;
}
