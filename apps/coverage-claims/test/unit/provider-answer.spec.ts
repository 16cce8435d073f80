import { ProviderAnswerTooLargeError, parseJson, responseText } from '../../src/integrations/provider-answer.js';

/** A response whose body comes in `chunks` chunks of `size` bytes, counting how many were pulled. */
function streamed(chunks: number, size: number) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === chunks) return controller.close();
      pulled++;
      controller.enqueue(new Uint8Array(size).fill(0x61));
    },
  });
  return { response: new Response(body), pulled: () => pulled };
}

describe('responseText: a provider’s answer, read up to a cap', () => {
  it('reads an answer within the cap, in UTF-8', async () => {
    expect(await responseText(new Response('{"결과":"접수"}'))).toBe('{"결과":"접수"}');
    expect(await responseText(new Response(null))).toBe('');
  });

  it('stops at the cap: rejects, and pulls no more of the body', async () => {
    const { response, pulled } = streamed(1_000, 1024);
    await expect(responseText(response, 4 * 1024)).rejects.toThrow(ProviderAnswerTooLargeError);
    expect(pulled()).toBeLessThan(10);
  });
});

describe('parseJson: a provider’s answer as JSON', () => {
  it('parses JSON, and gives undefined for what is not (an HTML error page, a cut body)', () => {
    expect(parseJson('{"errorCode":"InvalidAPIKey"}')).toEqual({ errorCode: 'InvalidAPIKey' });
    expect(parseJson('<html><body>502 Bad Gateway</body></html>')).toBeUndefined();
    expect(parseJson('{"code":-1')).toBeUndefined();
  });
});
