import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FaxFailureKind, FaxUnavailableError, type FaxDocument } from '../src/integrations/fax/fax.port.js';
import { PopbillFaxAdapter, type PopbillFaxOptions } from '../src/integrations/fax/popbill/popbill-fax.adapter.js';
import { newRequestId, onePagePdf } from './support/fax-port-contract.js';
import { POPBILL_FAKE_DEFAULTS, PopbillFake } from './support/fakes/popbill-fake.js';

// Popbill's and LinkHub's calls refuse redirects, as SOLAPI's and CODEF's do: a signed token request
// or a claim's fax never follows a 3xx to a host it was not configured with.

const FINE = '0505181234';
let fake: PopbillFake;
let url: string;
let pdf: Buffer;

function popbill(options: Partial<PopbillFaxOptions>): PopbillFaxAdapter {
  return new PopbillFaxAdapter({
    linkId: POPBILL_FAKE_DEFAULTS.linkId,
    secretKey: POPBILL_FAKE_DEFAULTS.secretKey,
    corpNum: POPBILL_FAKE_DEFAULTS.corpNum,
    senderNum: POPBILL_FAKE_DEFAULTS.senderNum,
    senderName: '보험금청구',
    isTest: true,
    baseUrl: url,
    authUrl: url,
    timeoutMs: 2_000,
    ...options,
  });
}

const document = (to: string, requestId: string): FaxDocument => ({
  to,
  pdf,
  pages: 1,
  reference: `claim-${requestId}`,
  title: `보험금 청구서 ${requestId}`,
});
const signal = () => AbortSignal.timeout(10_000);

beforeAll(async () => {
  fake = new PopbillFake({ stepMs: 20 });
  url = await fake.start();
  pdf = await onePagePdf();
});
afterAll(() => fake.close());

describe('popbill fax: redirects', () => {
  /** A host that answers every request with a 307 (method and body kept) to `elsewhere`, as a hijacked name or proxy could. */
  let redirector: Server;
  let redirectUrl: string;
  /** The host the redirects name: it counts what reaches it (a token request, a fax). */
  let elsewhere: Server;
  let reachedElsewhere: string[] = [];
  const listen = async (server: Server) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  const close = async (server: Server) => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  beforeAll(async () => {
    elsewhere = createServer((request, response) => {
      reachedElsewhere.push(`${request.method} ${request.url}`);
      request.resume();
      response.writeHead(404).end();
    });
    const elsewhereUrl = await listen(elsewhere);
    redirector = createServer((request, response) => {
      request.resume();
      response.writeHead(307, { Location: `${elsewhereUrl}${request.url ?? '/'}` }).end();
    });
    redirectUrl = await listen(redirector);
  });
  beforeEach(() => (reachedElsewhere = []));
  afterAll(async () => {
    await close(redirector);
    await close(elsewhere);
  });

  it('are refused by the LinkHub token request: the signed request never reaches the host a redirect names', async () => {
    const requestId = newRequestId('rtok');
    expect(await popbill({ authUrl: redirectUrl }).submit(document(FINE, requestId), requestId, signal())).toMatchObject({
      outcome: 'REFUSED',
      kind: FaxFailureKind.Unavailable,
    });
    expect(reachedElsewhere).toEqual([]);
    expect(fake.transmissionsOf(requestId)).toBe(0);
  });

  it('are refused by Popbill calls: the fax is never posted to the host a redirect names, and a look-up through one fails', async () => {
    const adapter = popbill({ baseUrl: redirectUrl, authUrl: url });
    const requestId = newRequestId('rsend');
    expect(await adapter.submit(document(FINE, requestId), requestId, signal())).not.toMatchObject({ outcome: 'ACCEPTED' });
    await expect(adapter.resultOf(requestId, signal())).rejects.toBeInstanceOf(FaxUnavailableError);
    expect(reachedElsewhere).toEqual([]);
  });
});
