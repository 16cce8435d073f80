import type { VerificationDto } from '#contracts';
import { nextPhone, verificationBody, withToken } from './support/coverage-claims.js';
import { SolapiFake } from './support/fakes/solapi-fake.js';
import { smsPortContract } from './support/sms-port-contract.js';

let fake: SolapiFake;

smsPortContract(
  'solapi',
  {
    before: async () => {
      fake = await SolapiFake.start();
    },
    after: () => fake.close(),
    env: () => ({ ...fake.env, SOLAPI_TIMEOUT_MS: '1000' }),
    textSentTo: (_app, phone) => Promise.resolve(fake.lastMessageTo(phone).text),
    messageIdTo: (_app, phone) => Promise.resolve(fake.lastMessageTo(phone).messageId),
    refusedPhone: () => {
      const phone = nextPhone();
      fake.refuse(phone);
      return phone;
    },
  },
  ({ app, planner, latestVerification }) => {
    it('answers 502 when SOLAPI does not answer in time, without asking again; the number that may still arrive is never good, a new request’s is', async () => {
      const body = verificationBody();
      const request = () => withToken(app(), planner().accessToken).post('/api/v1/coverage/verifications').send(body);
      fake.answerSlowly(2_000);
      try {
        expect((await request().expect(502)).body.code).toBe('SMS_DELIVERY_FAILED');
      } finally {
        fake.behaveNormally();
      }
      const timedOut = await latestVerification(body.phone);
      expect(timedOut).toMatchObject({ status: 'FAILED', customer_id: null, sms_message_id: null });
      // SOLAPI took the message all the same: the customer may read that number.
      const late = fake.codeSentTo(body.phone);

      // The timed-out request holds nothing off: a new request at once sends a new number, the only good one.
      const verification = (await request().expect(201)).body as VerificationDto;
      expect(fake.messages.filter((message) => message.to === body.phone)).toHaveLength(2);
      const confirm = (id: string, code: string) =>
        withToken(app(), planner().accessToken).post(`/api/v1/coverage/verifications/${id}/confirm`).send({ code });
      await confirm(timedOut.id, late).expect(404);
      await confirm(verification.id, fake.codeSentTo(body.phone)).expect(200);
    });
  },
);
