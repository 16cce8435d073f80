import { CodefClient, type CodefOutcome } from '../src/integrations/codef/codef-client.js';
import { CodefInsuranceDataAdapter } from '../src/integrations/insurance-data/codef/codef-insurance-data.adapter.js';
import {
  ContractPurpose,
  ContractState,
  INSURANCE_DATA,
  SecondStepMethod,
  type InsuranceDataPort,
  type ContractsLookup,
  type InsuranceDataCustomer,
  type SecondStep,
} from '../src/integrations/insurance-data/insurance-data.port.js';
import {
  CODEF_FAKE_PATHS,
  CODEF_FAKE_SECURE_NO,
  CODEF_FAKE_SMS_CODE,
  CODEF_FAKE_TWO_WAY_MS,
  CodefFake,
} from './support/fakes/codef-fake.js';
import { startCoverageClaims, type CoverageClaimsTestApp } from './support/coverage-claims.js';
import { describeInsuranceDataPortContract } from './support/insurance-data-port-contract.js';

/**
 * The insurance-data port's contract for the CODEF adapter (the sandbox's is
 * insurance-data-port.sandbox.contract.spec.ts): the adapter a booted app builds for
 * INSURANCE_DATA_ADAPTER=codef, over its CODEF client, against the CODEF fake over real HTTP, each
 * case provoked by scripting the fake for the customer's phone.
 */
let fake: CodefFake;
let app: CoverageClaimsTestApp;
let adapter: InsuranceDataPort;

beforeAll(async () => {
  fake = await CodefFake.start();
  app = await startCoverageClaims({
    env: { ...fake.env(), INSURANCE_DATA_ADAPTER: 'codef', INSURANCE_DATA_TIMEOUT_MS: '180000', CODEF_TIMEOUT_MS: '10000' },
  });
  adapter = app.app.get<InsuranceDataPort>(INSURANCE_DATA);
});
afterAll(async () => {
  await app?.close();
  await fake.close();
});

let serial = 0;
/** A customer of their own (the fake scripts customers by phone). */
function customer(): InsuranceDataCustomer {
  serial += 1;
  return { name: '한지우', birthDate: '19870412', gender: 'F', phone: `0107${String(1_000_000 + serial).slice(-7)}` };
}
const signIn = { id: 'credit4u-user', password: 'credit4u-password!' };
const lookup = () => ({ customer: customer(), signIn });

describeInsuranceDataPortContract('codef', {
  port: () => adapter,
  withContracts: lookup,
  noContracts: () => {
    const next = lookup();
    fake.contractsFor(next.customer.phone, { resFlatRateContractList: [], resActualLossContractList: [] });
    return next;
  },
  failing: () => {
    fake.failNext('CF-09999');
    return lookup();
  },
  slow: () => {
    fake.answerSlowly(5_000);
    return lookup();
  },
  // credit4u always needs the sign-in.
  signInRequired: customer,
  wrongSignIn: () => {
    fake.failNext('CF-12803');
    return lookup();
  },
  lockedAccount: () => {
    fake.failNext('CF-12804');
    return lookup();
  },
  misconfigured: () => {
    fake.failNext('CF-00004');
    return lookup();
  },
  codeStep: () => {
    const next = lookup();
    fake.twoStep(next.customer.phone, ['smsAuthNo']);
    return { ...next, right: CODEF_FAKE_SMS_CODE, wrong: '000000' };
  },
  secureNumberStep: () => {
    const next = lookup();
    fake.twoStep(next.customer.phone, ['secureNo']);
    // The fake's image "shows" CODEF_FAKE_SECURE_NO.
    return { ...next, digitsOf: () => CODEF_FAKE_SECURE_NO };
  },
  appApprovalStep: () => {
    const next = lookup();
    fake.twoStep(next.customer.phone, ['simpleAuth'], { approveAfterTries: Infinity });
    return { ...next, approve: () => fake.approve(next.customer.phone) };
  },
  cancelledStep: () => {
    const next = lookup();
    fake.twoStep(next.customer.phone, ['simpleAuth'], { approveAfterTries: Infinity });
    return { ...next, cancel: () => fake.cancel(next.customer.phone) };
  },
  reset: () => fake.behaveNormally(),
});

describe('the CODEF insurance-data adapter', () => {
  afterEach(() => fake.behaveNormally());

  const stepOf = (answer: ContractsLookup): SecondStep => {
    if (!('secondStep' in answer)) throw new Error('Expected a second step');
    return answer.secondStep;
  };
  const follow = (next: ReturnType<typeof lookup>, step: SecondStep, code?: string) =>
    adapter.continueLookup(next.customer, step.reference, code === undefined ? {} : { code }, { signIn: next.signIn });

  it('is the adapter INSURANCE_DATA_ADAPTER=codef selects', () => {
    expect(adapter).toBeInstanceOf(CodefInsuranceDataAdapter);
  });

  it('asks credit4u for every list with the customer’s name, birth date and phone and their sign-in, the password encrypted for CODEF', async () => {
    const next = lookup();
    const answer = await adapter.contractsOf(next.customer, { signIn: next.signIn });
    expect(fake.requestsFor(next.customer.phone)).toEqual([
      expect.objectContaining({
        path: CODEF_FAKE_PATHS.contracts,
        is2Way: false,
        code: 'CF-00000',
        params: {
          organization: '0001',
          type: '0',
          inquiryType: '0',
          userName: next.customer.name,
          identity: next.customer.birthDate,
          phoneNo: next.customer.phone,
          timeout: '170',
          id: signIn.id,
          // The fake decrypts it with its private key: what was sent is the RSA ciphertext.
          password: signIn.password,
        },
      }),
    ]);
    // The fake's sample: three flat-rate contracts and two 실손 entries, one of them the first contract's policy,
    // whose split 실손 comes whole-of-care.
    if (!('contracts' in answer)) throw new Error('Expected contracts');
    expect(answer.contracts).toHaveLength(4);
    expect(answer.contracts[0]).toMatchObject({ productName: '(무)한결 든든건강보험(18.04)', state: ContractState.Active, premium: 98400 });
    expect(answer.contracts[0]!.coverages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: '실손의료비(입원)', amount: 50_000_000, indemnity: true, renewal: { cycleYears: 1 } }),
        expect.objectContaining({ name: '실손의료비(통원)', amount: 250_000, indemnity: true }),
        // A 갱신형 rider, and riders with dates of their own (one ending 45 years before its contract, one added later).
        expect.objectContaining({
          name: '[뇌,심장]단계별질병진단비_중증진단비(20년갱신형)',
          renewal: { cycleYears: 20 },
          indemnity: false,
        }),
        expect.objectContaining({ name: '질병입원일당(1일이상)', startDate: '20180612', endDate: '20480612' }),
        expect.objectContaining({ name: '강력범죄피해보장', startDate: '20210612', endDate: '20930612' }),
      ]),
    );
    expect(answer.contracts.map((contract) => contract.purpose)).toEqual([
      ContractPurpose.Protection,
      ContractPurpose.Protection,
      ContractPurpose.Pension,
      ContractPurpose.Protection,
    ]);
  });

  it('keeps the sign-in out of the reference, and repeats the earlier steps’ answers in a later step’s follow-up', async () => {
    const next = lookup();
    fake.twoStep(next.customer.phone, ['secureNo', 'smsAuthNo']);
    const first = stepOf(await adapter.contractsOf(next.customer, { signIn: next.signIn }));
    expect(first.method).toBe(SecondStepMethod.SecureNumber);
    expect(first.reference).not.toContain(signIn.id);
    expect(first.reference).not.toContain(signIn.password);
    const second = stepOf(await follow(next, first, CODEF_FAKE_SECURE_NO));
    expect(second).toEqual({ method: SecondStepMethod.SmsCode, reference: expect.any(String) });
    expect('contracts' in (await follow(next, second, CODEF_FAKE_SMS_CODE))).toBe(true);
    const last = fake.requestsFor(next.customer.phone).at(-1)!;
    expect(last).toMatchObject({
      is2Way: true,
      code: 'CF-00000',
      params: { secureNo: CODEF_FAKE_SECURE_NO, smsAuthNo: CODEF_FAKE_SMS_CODE },
    });
  });

  it('answers EXPIRED once the follow-ups before approval reach CODEF’s retry limit, and once the step’s 270 s are over', async () => {
    const tooEager = lookup();
    fake.twoStep(tooEager.customer.phone, ['simpleAuth'], { approveAfterTries: Infinity });
    const step = stepOf(await adapter.contractsOf(tooEager.customer, { signIn: tooEager.signIn }));
    await expect(follow(tooEager, step)).rejects.toMatchObject({ failure: 'PENDING' });
    await expect(follow(tooEager, step)).rejects.toMatchObject({ failure: 'PENDING' });
    await expect(follow(tooEager, step)).rejects.toMatchObject({ name: 'SecondStepError', failure: 'EXPIRED' });

    const late = lookup();
    fake.twoStep(late.customer.phone, ['smsAuthNo']);
    const open = stepOf(await adapter.contractsOf(late.customer, { signIn: late.signIn }));
    fake.advance(CODEF_FAKE_TWO_WAY_MS + 1_000);
    await expect(follow(late, open, CODEF_FAKE_SMS_CODE)).rejects.toMatchObject({ name: 'SecondStepError', failure: 'EXPIRED' });
  });

  it('answers WRONG_ANSWER at once to a code step followed up without a code', async () => {
    const next = lookup();
    fake.twoStep(next.customer.phone, ['smsAuthNo']);
    const step = stepOf(await adapter.contractsOf(next.customer, { signIn: next.signIn }));
    const before = fake.requests.length;
    await expect(follow(next, step, '  ')).rejects.toMatchObject({ name: 'SecondStepError', failure: 'WRONG_ANSWER' });
    expect(fake.requests.length).toBe(before);
  });

  it('reads the step from the extra info when CODEF names no method (its 2019 sample), and gives the image as a data:image URL', async () => {
    const twoWay = { method: '', jobIndex: 0, threadIndex: 0, jti: 'a1b2', twoWayTimestamp: 1_571_979_582_409 };
    const answers: CodefOutcome[] = [
      {
        kind: 'TWO_WAY',
        transactionId: 't1',
        twoWay: { ...twoWay, extraInfo: { reqSecureNoRefresh: '0', reqSecureNo: 'data:img/jpeg;base64,/9j/4AAQ' } },
      },
      { kind: 'TWO_WAY', transactionId: 't2', twoWay: { ...twoWay, extraInfo: { reqSMSAuthNo: '' } } },
    ];
    const client = {
      encrypt: (plain: string) => `encrypted:${plain}`,
      request: () => Promise.resolve(answers[0]!),
      continue: () => Promise.resolve(answers[1]!),
    };
    const stubbed = new CodefInsuranceDataAdapter(client as unknown as CodefClient);
    const next = lookup();
    const first = stepOf(await stubbed.contractsOf(next.customer, { signIn: next.signIn }));
    expect(first).toMatchObject({ method: SecondStepMethod.SecureNumber, image: 'data:image/jpeg;base64,/9j/4AAQ' });
    const second = stepOf(await stubbed.continueLookup(next.customer, first.reference, { code: '883293' }, { signIn: next.signIn }));
    expect(second.method).toBe(SecondStepMethod.SmsCode);
  });
});
