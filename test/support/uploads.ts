import { request as httpRequest } from 'node:http';

/**
 * Declares a `declaredBytes` PUT to `url`, sends its first 64 KiB and waits for the answer without
 * sending more: it arrives only if the service answers before reading the body. Fails after 20 s.
 */
export function answerBeforeBody(url: string, declaredBytes: number, contentType: string): Promise<{ status: number; body: string }> {
  const firstChunk = Buffer.alloc(64 * 1024);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      outgoing.destroy();
      reject(new Error('no answer while the body was held back: the service waited for all of it'));
    }, 20_000);
    const outgoing = httpRequest(
      url,
      { method: 'PUT', headers: { 'content-type': contentType, 'content-length': declaredBytes } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => {
          clearTimeout(timer);
          outgoing.destroy();
          resolve({ status: response.statusCode ?? 0, body });
        });
      },
    );
    outgoing.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    outgoing.write(firstChunk);
  });
}
