/** A provider's answer as JSON, or undefined when it is not JSON (an HTML error page, a truncated body). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The most a provider's answer may weigh: their JSON answers are a few KiB; anything larger is not one. */
const MAX_PROVIDER_ANSWER_BYTES = 256 * 1024;

/** A provider's answer larger than MAX_PROVIDER_ANSWER_BYTES: read no further. */
export class ProviderAnswerTooLargeError extends Error {
  override readonly name = 'ProviderAnswerTooLargeError';
}

/**
 * The body of a provider's answer as text, read up to `maxBytes` (a misbehaving proxy or provider
 * cannot make the service buffer an unbounded body); rejects ProviderAnswerTooLargeError past it,
 * having cancelled the rest.
 */
export async function responseText(response: Response, maxBytes = MAX_PROVIDER_ANSWER_BYTES): Promise<string> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new ProviderAnswerTooLargeError(`The provider's answer is larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
