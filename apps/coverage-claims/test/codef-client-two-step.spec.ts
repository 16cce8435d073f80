import type { CodefTwoWay } from '../src/integrations/codef/codef-client.js';
import { CODEF_FAKE_SECURE_NO, CODEF_FAKE_SMS_CODE, type CodefFake } from './support/fakes/codef-fake.js';
import { codefClientSetUp, failure, NAME, SIGN_IN, twoWayOf } from './support/codef-client.js';

describe('CODEF client, against the CODEF fake', () => {
  const setUp = codefClientSetUp();
  const { client, contractsParams, checkupParams } = setUp;
  // The fake of the running test, as the set-up's hooks left it.
  let fake: CodefFake;
  beforeEach(() => ({ fake } = setUp));

  describe('a second step', () => {
    it('CF-03002 is TWO_WAY with the method and the two-step info; the follow-up repeats the request with is2Way and twoWayInfo', async () => {
      const codef = client();
      fake.twoStep(NAME, ['simpleAuth']);
      const params = contractsParams(codef);
      const first = await codef.request('contracts', params);
      expect(fake.requests.at(-1)!.code).toBe('CF-03002');
      const twoWay = twoWayOf(first);
      expect(twoWay).toEqual({
        method: 'simpleAuth',
        jobIndex: 0,
        threadIndex: 0,
        jti: expect.any(String),
        twoWayTimestamp: expect.any(Number),
        extraInfo: { commSimpleAuth: '' },
      });
      expect(Number.isSafeInteger(twoWay.twoWayTimestamp)).toBe(true);
      // The password encrypted again (another ciphertext): identical once decrypted, which is what CODEF compares.
      const outcome = await codef.continue('contracts', { ...params, password: codef.encrypt(SIGN_IN.password) }, twoWay, {
        simpleAuth: '1',
      });
      expect(outcome.kind).toBe('DONE');
      const followUp = fake.requests.at(-1)!;
      expect(followUp).toMatchObject({ is2Way: true, code: 'CF-00000' });
      const { jobIndex, threadIndex, jti, twoWayTimestamp } = twoWay;
      expect(followUp.params).toEqual({
        ...params,
        password: SIGN_IN.password,
        simpleAuth: '1',
        is2Way: true,
        twoWayInfo: { jobIndex, threadIndex, jti, twoWayTimestamp },
      });
    });

    it('in the older form (CF-00000 with continue2Way) is TWO_WAY too', async () => {
      const codef = client();
      fake.twoStep(NAME, ['smsAuthNo'], { legacy: true });
      const params = checkupParams();
      const twoWay = twoWayOf(await codef.request('nhis-checkups', params));
      expect(fake.requests.at(-1)!.code).toBe('CF-00000');
      expect(twoWay).toMatchObject({ method: 'smsAuthNo', extraInfo: { reqSMSAuthNo: '' } });
      expect((await codef.continue('nhis-checkups', params, twoWay, { smsAuthNo: CODEF_FAKE_SMS_CODE })).kind).toBe('DONE');
    });

    it('sends twoWayTimestamp as an integer even when it comes back from storage as a string', async () => {
      const codef = client();
      fake.twoStep(NAME, ['simpleAuth']);
      const params = checkupParams();
      const twoWay = twoWayOf(await codef.request('nhis-checkups', params));
      const stored = JSON.parse(JSON.stringify({ ...twoWay, twoWayTimestamp: String(twoWay.twoWayTimestamp) })) as CodefTwoWay;
      expect((await codef.continue('nhis-checkups', params, stored, { simpleAuth: '1' })).kind).toBe('DONE');
      expect((fake.requests.at(-1)!.params.twoWayInfo as { twoWayTimestamp: unknown }).twoWayTimestamp).toBe(twoWay.twoWayTimestamp);
    });

    it('not yet approved is TWO_WAY again with the same info; the third premature try is RETRY_LIMIT', async () => {
      const codef = client();
      fake.twoStep(NAME, ['simpleAuth'], { approveAfterTries: Infinity });
      const params = checkupParams();
      const twoWay = twoWayOf(await codef.request('nhis-checkups', params));
      for (let i = 0; i < 2; i++)
        expect(twoWayOf(await codef.continue('nhis-checkups', params, twoWay, { simpleAuth: '1' }))).toEqual(twoWay);
      const error = await failure(codef.continue('nhis-checkups', params, twoWay, { simpleAuth: '1' }));
      expect(error).toMatchObject({ kind: 'RETRY_LIMIT', code: 'CF-12872' });
    });

    it('approved in the app after a premature try is DONE with the check-ups', async () => {
      const codef = client();
      fake.twoStep(NAME, ['simpleAuth'], { approveAfterTries: Infinity });
      const params = checkupParams();
      const twoWay = twoWayOf(await codef.request('nhis-checkups', params));
      expect((await codef.continue('nhis-checkups', params, twoWay, { simpleAuth: '1' })).kind).toBe('TWO_WAY');
      fake.approve(NAME);
      const outcome = await codef.continue('nhis-checkups', params, twoWay, { simpleAuth: '1' });
      if (outcome.kind !== 'DONE') throw new Error('expected DONE');
      expect((outcome.data.resPreviewList as unknown[]).length).toBe(2);
    });

    it('cancelled in the app is CANCELLED', async () => {
      const codef = client();
      fake.twoStep(NAME, ['simpleAuth'], { approveAfterTries: Infinity });
      const params = checkupParams();
      const twoWay = twoWayOf(await codef.request('nhis-checkups', params));
      fake.cancel(NAME);
      expect(await failure(codef.continue('nhis-checkups', params, twoWay, { simpleAuth: '1' }))).toMatchObject({
        kind: 'CANCELLED',
        code: 'CF-12102',
      });
    });

    it('past its 270 s is AUTH_EXPIRED', async () => {
      const codef = client();
      fake.twoStep(NAME, ['simpleAuth']);
      const params = checkupParams();
      const twoWay = twoWayOf(await codef.request('nhis-checkups', params));
      fake.advance(270_001);
      expect(await failure(codef.continue('nhis-checkups', params, twoWay, { simpleAuth: '1' }))).toMatchObject({
        kind: 'AUTH_EXPIRED',
        code: 'CF-11021',
      });
    });

    it('a follow-up that is not the identical request is refused (INPUT)', async () => {
      const codef = client();
      fake.twoStep(NAME, ['simpleAuth']);
      const params = checkupParams();
      const twoWay = twoWayOf(await codef.request('nhis-checkups', params));
      const error = await failure(codef.continue('nhis-checkups', { ...params, searchStartYear: '2017' }, twoWay, { simpleAuth: '1' }));
      expect(error).toMatchObject({ kind: 'INPUT', code: 'CF-00001' });
    });

    it('a secure number then an SMS code: the image as a data URL, a wrong answer INPUT, the right ones DONE', async () => {
      const codef = client();
      fake.twoStep(NAME, ['secureNo', 'smsAuthNo']);
      const params = contractsParams(codef);
      const secure = twoWayOf(await codef.request('contracts', params));
      expect(secure.method).toBe('secureNo');
      expect(secure.extraInfo.reqSecureNo).toMatch(/^data:img\/jpeg;base64,[A-Za-z0-9+/]+=*$/);
      const wrong = await failure(codef.continue('contracts', params, secure, { secureNo: '0000', secureNoRefresh: '0' }));
      expect(wrong).toMatchObject({ kind: 'INPUT', code: 'CF-12802' });
      const sms = twoWayOf(await codef.continue('contracts', params, secure, { secureNo: CODEF_FAKE_SECURE_NO, secureNoRefresh: '0' }));
      expect(sms).toMatchObject({ method: 'smsAuthNo', jti: secure.jti });
      expect(sms.twoWayTimestamp).not.toBe(secure.twoWayTimestamp);
      const done = await codef.continue('contracts', params, sms, { secureNo: CODEF_FAKE_SECURE_NO, smsAuthNo: CODEF_FAKE_SMS_CODE });
      expect(done.kind).toBe('DONE');
    });
  });
});
