import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CODEF_FAILURES, CODEF_UNDECRYPTABLE } from '../src/integrations/codef/codef-codes.js';
import type { CodefFake } from './support/fakes/codef-fake.js';
import { codefClientSetUp, failure, type LogLines } from './support/codef-client.js';

describe('CODEF client, against the CODEF fake', () => {
  const setUp = codefClientSetUp();
  const { client, contractsParams, checkupParams } = setUp;
  // The fake and the logs of the running test, as the set-up's hooks left them.
  let fake: CodefFake;
  let logs: LogLines;
  beforeEach(() => ({ fake, logs } = setUp));

  describe('result codes', () => {
    /** The mapping docs/sources/codef.md states, written out apart from the table it checks. */
    const EXPECTED: Array<[string, string]> = [
      ['CF-00001', 'INPUT'],
      ['CF-00003', 'CONFIGURATION'],
      ['CF-00004', 'CONFIGURATION'],
      ['CF-00005', 'CONFIGURATION'],
      [CODEF_UNDECRYPTABLE, 'CONFIGURATION'],
      ['CF-00023', 'UNAVAILABLE'],
      ['CF-01004', 'TIMED_OUT'],
      ['CF-09999', 'UNAVAILABLE'],
      ['CF-11021', 'AUTH_EXPIRED'],
      ['CF-12102', 'CANCELLED'],
      ['CF-12801', 'INPUT'],
      ['CF-12802', 'INPUT'],
      ['CF-12803', 'CREDENTIALS'],
      ['CF-12804', 'LOCKED'],
      ['CF-12872', 'RETRY_LIMIT'],
    ];

    it('the table holds every code the docs state, and no other', () => {
      expect([...CODEF_FAILURES.keys()].sort()).toEqual(EXPECTED.map(([code]) => code).sort());
    });

    it.each(EXPECTED)('%s is %s', async (code, kind) => {
      fake.failNext(code);
      const error = await failure(client().request('nhis-checkups', checkupParams()));
      expect(error).toMatchObject({ kind, code });
      expect(error.message).toContain(code);
    });

    it('keeps CODEF’s own message out of the error and the logs (unpublished text that could echo an input)', async () => {
      fake.failNext('CF-12801');
      const error = await failure(client().request('nhis-checkups', checkupParams()));
      // The fake answers the failure with the message 실패.
      expect(error.message).toBe(`CODEF CF-12801 (${CODEF_FAILURES.get('CF-12801')!.meaning})`);
      expect(JSON.stringify(logs.lines)).not.toContain('실패');
    });

    it('a code the table does not know is UNAVAILABLE, and its log line names it', async () => {
      fake.failNext('CF-98765');
      expect(await failure(client().request('nhis-checkups', checkupParams()))).toMatchObject({ kind: 'UNAVAILABLE', code: 'CF-98765' });
      expect(logs.at('warn')).toEqual([expect.objectContaining({ fields: expect.objectContaining({ code: 'CF-98765' }) })]);
    });

    it.each(['CF-00004', 'CF-00005'])('%s (demo and production keys mixed up) is CONFIGURATION, logged at error level', async (code) => {
      fake.failNext(code);
      const error = await failure(client().request('contracts', contractsParams(client())));
      expect(error).toMatchObject({ kind: 'CONFIGURATION', code });
      expect(error.message).toContain('CODEF_ENV');
      expect(logs.at('error')).toEqual([expect.objectContaining({ fields: expect.objectContaining({ code, kind: 'CONFIGURATION' }) })]);
      expect(logs.at('warn')).toEqual([]);
    });

    it('an HTML 5xx page is UNAVAILABLE; a 404 without a result is CONFIGURATION', async () => {
      fake.failNext(null, { status: 502 });
      expect(await failure(client().request('nhis-checkups', checkupParams()))).toMatchObject({ kind: 'UNAVAILABLE', code: null });
      const wrongPath = client({ apiUrl: `${fake.url}/nowhere` });
      expect(await failure(wrongPath.request('nhis-checkups', checkupParams()))).toMatchObject({ kind: 'CONFIGURATION', code: null });
    });

    it('no server at all is UNAVAILABLE', async () => {
      const server = createServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const port = (server.address() as AddressInfo).port;
      await new Promise<void>((resolve) => server.close(() => resolve()));
      const codef = client({ apiUrl: `http://127.0.0.1:${port}`, tokenUrl: `http://127.0.0.1:${port}/oauth/token` });
      const error = await failure(codef.request('nhis-checkups', checkupParams()));
      expect(error).toMatchObject({ kind: 'UNAVAILABLE' });
      expect(error.message).toContain('ECONNREFUSED');
    });
  });
});
