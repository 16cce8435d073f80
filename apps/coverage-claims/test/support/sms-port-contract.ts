import type { VerificationConfirmedDto, VerificationDto } from '#contracts';
import { CustomersService } from '../../src/customers/customers.service.js';
import { SMS_MAX_BYTES, smsBytes } from '../../src/integrations/sms/sms.port.js';
import { startCoverageClaims, verificationBody, withToken, type CoverageClaimsTestApp, type SignedIn } from './coverage-claims.js';
import { given } from './given.js';

/** The longest service name the configuration takes (10 Korean characters): the text must still go as one SMS. */
export const LONGEST_SERVICE_NAME = '한빛에셋보장분석센터';

/** An SMS adapter as the contract drives it: how to start it, and what the customer's phone got. */
export interface SmsPortSubject {
  /** Configuration the service starts with (SMS_ADAPTER and the adapter's own variables). */
  env(): Record<string, string>;
  before?(): Promise<void>;
  after?(): Promise<void>;
  /** The text of the newest message the provider took for `phone`. */
  textSentTo(app: CoverageClaimsTestApp, phone: string): Promise<string>;
  /** The provider's id of the newest message to `phone`, taken or refused. */
  messageIdTo(app: CoverageClaimsTestApp, phone: string): Promise<string>;
  /** A phone whose messages the provider refuses. */
  refusedPhone(): string;
}

/** What a contract's extra tests get: the app and a signed-in planner, once started. */
export interface SmsPortContext {
  app(): CoverageClaimsTestApp;
  planner(): SignedIn;
  /** The newest verification for `phone` as stored. */
  latestVerification(phone: string): Promise<{ id: string; status: string; customer_id: string | null; sms_message_id: string | null }>;
}

/**
 * The SMS port's contract, through the real AppModule over HTTP: what the verification tests expect
 * holds for every adapter, and the service cannot tell them apart. One spec file per adapter calls it
 * (one app per file); `more` adds an adapter's own tests on the same app.
 */
export function smsPortContract(adapter: string, subject: SmsPortSubject, more?: (context: SmsPortContext) => void): void {
  describe(`the SMS port with the ${adapter} adapter`, () => {
    let app: CoverageClaimsTestApp;
    let planner: SignedIn;

    const request = (phone: string) =>
      withToken(app, planner.accessToken).post('/api/v1/coverage/verifications').send(verificationBody({ phone }));
    const count = async (table: string) =>
      Number((await app.dataSource.query<Array<{ n: string }>>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);
    const context: SmsPortContext = {
      app: () => app,
      planner: () => planner,
      latestVerification: async (phone) => {
        const [row] = await app.dataSource.query<Array<Awaited<ReturnType<SmsPortContext['latestVerification']>>>>(
          `SELECT id, status, customer_id, sms_message_id FROM customer_verifications WHERE phone_hash = $1 ORDER BY created_at DESC LIMIT 1`,
          [app.app.get(CustomersService).phoneHash(phone)],
        );
        if (!row) throw new Error(`No verification for ${phone}`);
        return row;
      },
    };

    beforeAll(async () => {
      await subject.before?.();
      app = await startCoverageClaims({ env: { SMS_SERVICE_NAME: LONGEST_SERVICE_NAME, ...subject.env() } });
      planner = await given(app).planner({ organisation: '문자 에셋' });
    });
    afterAll(async () => {
      await app?.close();
      await subject.after?.();
    });

    it('sends the customer a one-time number, headed by the service’s name within one SMS, that confirms for a verification token', async () => {
      const phone = verificationBody().phone;
      const verification = (await request(phone).expect(201)).body as VerificationDto;
      const text = await subject.textSentTo(app, phone);
      const code = text.match(/\[(\d{6})\]/)?.[1];
      expect(text).toBe(`[${LONGEST_SERVICE_NAME}] 본인확인 인증번호는 [${code}]입니다. 3분 안에 입력해 주세요.`);
      expect(smsBytes(text)).toBeLessThanOrEqual(SMS_MAX_BYTES);

      const confirmed = (
        await withToken(app, planner.accessToken)
          .post(`/api/v1/coverage/verifications/${verification.id}/confirm`)
          .send({ code })
          .expect(200)
      ).body as VerificationConfirmedDto;
      expect(confirmed).toMatchObject({ verificationId: verification.id, verificationToken: expect.stringMatching(/^vt_/) });
    });

    it('keeps the provider’s id of the message with the verification, for support look-ups', async () => {
      const phone = verificationBody().phone;
      const verification = (await request(phone).expect(201)).body as VerificationDto;
      const stored = await context.latestVerification(phone);
      expect(stored).toMatchObject({ id: verification.id, status: 'PENDING', sms_message_id: await subject.messageIdTo(app, phone) });
    });

    it('answers 502 SMS_DELIVERY_FAILED for a number the provider refuses: the verification is FAILED, keeps the provider’s id and holds nothing off', async () => {
      const phone = subject.refusedPhone();
      const customers = await count('customers');
      const failed = await request(phone).expect(502);
      expect(failed.body).toMatchObject({ code: 'SMS_DELIVERY_FAILED', status: 502 });
      expect(await context.latestVerification(phone)).toEqual({
        id: expect.any(String),
        status: 'FAILED',
        customer_id: null,
        sms_message_id: await subject.messageIdTo(app, phone),
      });
      // At once again: the provider's refusal, not the 60 s guard's 429; no customer made either time.
      expect((await request(phone).expect(502)).body.code).toBe('SMS_DELIVERY_FAILED');
      expect(await count('customers')).toBe(customers);
    });

    more?.(context);
  });
}
