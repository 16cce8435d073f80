import { parseCompactDate } from '../../src/common/calendar.js';
import {
  ContractPurpose,
  ContractState,
  ContractType,
  InsuranceDataMisconfiguredError,
  InsuranceDataUnavailableError,
  InsuranceSignInError,
  PaymentCycle,
  SecondStepError,
  SecondStepMethod,
  type ContractsLookup,
  type InsuranceContract,
  type InsuranceDataCustomer,
  type InsuranceDataPort,
  type InsuranceSignIn,
  type SecondStep,
} from '../../src/integrations/insurance-data/insurance-data.port.js';

/**
 * What every adapter of the insurance-data port must do, whichever source is behind it: the
 * analysis cannot tell them apart. `describeInsuranceDataPortContract` runs the same tests against
 * one adapter; the harness says how to provoke each case at its source (built in the caller's
 * beforeAll, so every member is called inside the tests).
 */
export interface InsuranceDataPortHarness {
  /** The adapter under test. */
  port(): InsuranceDataPort;
  /** A customer the source knows contracts of, and the sign-in it answers at once. */
  withContracts(): Lookup;
  /** A customer the source knows no contract of. */
  noContracts(): Lookup;
  /** A customer whose next lookup the source fails. */
  failing(): Lookup;
  /** A customer the source answers only after seconds (long enough to abort the lookup). */
  slow(): Lookup;
  /**
   * A customer the source answers only with a sign-in (asked without one). Absent for a source that
   * never needs one (the sandbox: without a sign-in every input answers as before sign-ins existed).
   */
  signInRequired?(): InsuranceDataCustomer;
  /** A sign-in the source refuses as wrong, one whose account is locked, and our account set up wrong. */
  wrongSignIn(): Lookup;
  lockedAccount(): Lookup;
  misconfigured(): Lookup;
  /** A lookup whose source asks for a code sent to the customer (SMS or e-mail), with a right and a wrong code. */
  codeStep(): Lookup & { right: string; wrong: string };
  /** A lookup whose source asks for the digits of an image, and how to read them. */
  secureNumberStep(): Lookup & { digitsOf(image: string): string };
  /** A lookup whose source asks for an app approval, and the customer approving. */
  appApprovalStep(): Lookup & { approve(): void | Promise<void> };
  /** A lookup whose source asks for an app approval the customer cancels. */
  cancelledStep(): Lookup & { cancel(): void | Promise<void> };
  /** Called after each test: the source back to normal. */
  reset?(): void;
}

export interface Lookup {
  customer: InsuranceDataCustomer;
  signIn?: InsuranceSignIn;
}

const COMPACT_DATE = /^\d{8}$/;
const CONTRACT_KEYS = [
  'contractor',
  'coverages',
  'endDate',
  'insuredPerson',
  'insurerCode',
  'insurerName',
  'paymentCount',
  'paymentCycle',
  'paymentPeriodYears',
  'premium',
  'productName',
  'purpose',
  'startDate',
  'state',
  'type',
];
const COVERAGE_KEYS = ['amount', 'endDate', 'indemnity', 'name', 'renewal', 'startDate'];
const CODE_METHODS = [SecondStepMethod.SmsCode, SecondStepMethod.EmailCode];

/** Every contract as the port promises it: the analysis reads these fields without checking them. */
export function expectWellFormed(contracts: readonly InsuranceContract[]): void {
  for (const contract of contracts) {
    expect(Object.keys(contract).sort()).toEqual(CONTRACT_KEYS);
    for (const key of ['insurerCode', 'insurerName', 'productName'] as const) expect(contract[key]).toMatch(/\S/);
    expect(contract.startDate).toMatch(COMPACT_DATE);
    expect(contract.endDate).toMatch(COMPACT_DATE);
    expect(typeof contract.contractor).toBe('string');
    expect(typeof contract.insuredPerson).toBe('string');
    expect(Object.values(ContractState)).toContain(contract.state);
    expect(Object.values(ContractType)).toContain(contract.type);
    expect(Object.values(ContractPurpose)).toContain(contract.purpose);
    expect([...Object.values(PaymentCycle), null]).toContain(contract.paymentCycle);
    expect(Array.isArray(contract.coverages)).toBe(true);
    // Calendar dates, the end not before the start.
    parseCompactDate(contract.startDate);
    parseCompactDate(contract.endDate);
    expect(contract.endDate >= contract.startDate).toBe(true);
    expect(Number.isSafeInteger(contract.premium) && contract.premium >= 0).toBe(true);
    expect(Number.isInteger(contract.paymentPeriodYears) && contract.paymentPeriodYears >= 0).toBe(true);
    if (contract.paymentCount !== null) expect(Number.isInteger(contract.paymentCount) && contract.paymentCount >= 1).toBe(true);
    if (contract.paymentCycle === PaymentCycle.LumpSum) expect([contract.paymentCount, contract.paymentPeriodYears]).toEqual([1, 0]);
    for (const coverage of contract.coverages) {
      expect(
        Object.keys(coverage)
          .filter((key) => key !== 'code')
          .sort(),
      ).toEqual(COVERAGE_KEYS);
      expect(coverage.name).toMatch(/\S/);
      expect(Number.isSafeInteger(coverage.amount) && coverage.amount >= 0).toBe(true);
      if ('code' in coverage) expect(coverage.code).toMatch(/\S/);
      // Calendar dates within the contract's (LIFETIME_END_DATE, 99991231, is one and sorts after any other).
      expect(coverage.startDate).toMatch(COMPACT_DATE);
      expect(coverage.endDate).toMatch(COMPACT_DATE);
      parseCompactDate(coverage.startDate);
      parseCompactDate(coverage.endDate);
      expect(coverage.endDate >= coverage.startDate).toBe(true);
      expect(coverage.startDate >= contract.startDate).toBe(true);
      expect(coverage.endDate <= contract.endDate).toBe(true);
      if (coverage.renewal !== null) {
        expect(Object.keys(coverage.renewal)).toEqual(['cycleYears']);
        const { cycleYears } = coverage.renewal;
        if (cycleYears !== null) expect(Number.isInteger(cycleYears) && cycleYears > 0).toBe(true);
      }
      expect(typeof coverage.indemnity).toBe('boolean');
    }
  }
}

export function describeInsuranceDataPortContract(name: string, harness: InsuranceDataPortHarness): void {
  describe(`insurance-data port contract: ${name}`, () => {
    afterEach(() => harness.reset?.());

    const contractsOf = (lookup: Lookup, signal?: AbortSignal) =>
      harness.port().contractsOf(lookup.customer, { signIn: lookup.signIn, signal: signal ?? AbortSignal.timeout(20_000) });
    const follow = (lookup: Lookup, step: SecondStep, code?: string) =>
      harness.port().continueLookup(lookup.customer, step.reference, code === undefined ? {} : { code }, {
        signIn: lookup.signIn,
        signal: AbortSignal.timeout(20_000),
      });
    const contractsIn = (answer: ContractsLookup): InsuranceContract[] => {
      if (!('contracts' in answer)) throw new Error(`Expected contracts, got a second step (${answer.secondStep.method})`);
      return answer.contracts;
    };
    const stepIn = (answer: ContractsLookup): SecondStep => {
      if (!('secondStep' in answer)) throw new Error('Expected a second step, got contracts');
      return answer.secondStep;
    };
    /** What a reference must never hold: the sign-in (the service stores the reference, sealed, but never the sign-in). */
    const expectNoSignIn = (step: SecondStep, lookup: Lookup) => {
      expect(step.reference).toEqual(expect.any(String));
      if (lookup.signIn) expect(step.reference).not.toContain(lookup.signIn.password);
    };

    it('answers the contracts the source knows, every one well-formed (dates YYYYMMDD, states, types, amounts)', async () => {
      const contracts = contractsIn(await contractsOf(harness.withContracts()));
      expect(contracts.length).toBeGreaterThan(0);
      expectWellFormed(contracts);
    });

    it('answers an empty list for a customer the source knows no contract of', async () => {
      expect(await contractsOf(harness.noContracts())).toEqual({ contracts: [] });
    });

    it('rejects with InsuranceDataUnavailableError when the source fails, its message free of the customer’s data', async () => {
      const lookup = harness.failing();
      const error = await contractsOf(lookup).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(InsuranceDataUnavailableError);
      const { message } = error as Error;
      for (const personal of [lookup.customer.name, lookup.customer.phone, lookup.customer.birthDate])
        expect(message).not.toContain(personal);
    });

    it('rejects with the signal’s reason when the lookup is aborted, before or during the call', async () => {
      const reason = new Error('the client went away');
      await expect(contractsOf(harness.withContracts(), AbortSignal.abort(reason))).rejects.toBe(reason);
      const controller = new AbortController();
      const lookup = contractsOf(harness.slow(), controller.signal);
      setTimeout(() => controller.abort(reason), 100);
      const started = Date.now();
      await expect(lookup).rejects.toBe(reason);
      expect(Date.now() - started).toBeLessThan(2_000);
    });

    describe('sign-in', () => {
      const { signInRequired } = harness;
      if (signInRequired)
        it('rejects with InsuranceSignInError MISSING when the source needs a sign-in and gets none', async () => {
          await expect(harness.port().contractsOf(signInRequired(), {})).rejects.toMatchObject({
            name: 'InsuranceSignInError',
            refusal: 'MISSING',
          });
        });
      else
        it('answers without a sign-in, as before sign-ins existed, when the source needs none', async () => {
          const { customer } = harness.withContracts();
          expect(contractsIn(await harness.port().contractsOf(customer, {})).length).toBeGreaterThan(0);
        });

      it('rejects a wrong sign-in with WRONG and a locked account with LOCKED, never as a source failure', async () => {
        const wrong = await contractsOf(harness.wrongSignIn()).catch((caught: unknown) => caught);
        expect(wrong).toBeInstanceOf(InsuranceSignInError);
        expect(wrong).toMatchObject({ refusal: 'WRONG' });
        await expect(contractsOf(harness.lockedAccount())).rejects.toMatchObject({ name: 'InsuranceSignInError', refusal: 'LOCKED' });
      });

      it('rejects with InsuranceDataMisconfiguredError when our account with the source is set up wrong', async () => {
        await expect(contractsOf(harness.misconfigured())).rejects.toBeInstanceOf(InsuranceDataMisconfiguredError);
      });
    });

    describe('second step', () => {
      it('asks for a code, refuses a wrong one (the same step again, or a new one), and answers the contracts for the right one', async () => {
        const lookup = harness.codeStep();
        let step = stepIn(await contractsOf(lookup));
        expect(CODE_METHODS).toContain(step.method);
        expect(step.image).toBeUndefined();
        expectNoSignIn(step, lookup);

        const wrong = await follow(lookup, step, lookup.wrong).catch((caught: unknown) => caught);
        if (wrong instanceof SecondStepError) expect(wrong.failure).toBe('WRONG_ANSWER');
        else {
          // A source that sends another code answers a new step of the same kind.
          step = stepIn(wrong as ContractsLookup);
          expect(CODE_METHODS).toContain(step.method);
        }
        const contracts = contractsIn(await follow(lookup, step, lookup.right));
        expect(contracts.length).toBeGreaterThan(0);
        expectWellFormed(contracts);
      });

      it('asks for the digits of an image (a data: URL), and answers the contracts for the digits it shows', async () => {
        const lookup = harness.secureNumberStep();
        const step = stepIn(await contractsOf(lookup));
        expect(step.method).toBe(SecondStepMethod.SecureNumber);
        expect(step.image).toMatch(/^data:image\/[\w.+-]+(;[\w=-]+)*;base64,[A-Za-z0-9+/]+={0,2}$/);
        expectNoSignIn(step, lookup);
        expectWellFormed(contractsIn(await follow(lookup, step, lookup.digitsOf(step.image!))));
      });

      it('answers PENDING to a follow-up before the customer approved in their app, and the contracts after', async () => {
        const lookup = harness.appApprovalStep();
        const step = stepIn(await contractsOf(lookup));
        expect(step).toEqual({ method: SecondStepMethod.AppApproval, reference: expect.any(String) });
        expectNoSignIn(step, lookup);
        await expect(follow(lookup, step)).rejects.toMatchObject({ name: 'SecondStepError', failure: 'PENDING' });
        await lookup.approve();
        const contracts = contractsIn(await follow(lookup, step));
        expect(contracts.length).toBeGreaterThan(0);
        expectWellFormed(contracts);
      });

      it('answers CANCELLED to a follow-up after the customer cancelled in their app', async () => {
        const lookup = harness.cancelledStep();
        const step = stepIn(await contractsOf(lookup));
        expect(step.method).toBe(SecondStepMethod.AppApproval);
        await lookup.cancel();
        await expect(follow(lookup, step)).rejects.toMatchObject({ name: 'SecondStepError', failure: 'CANCELLED' });
      });

      it('needs the sign-in again on the follow-up (MISSING without it)', async () => {
        const lookup = harness.appApprovalStep();
        const step = stepIn(await contractsOf(lookup));
        await expect(harness.port().continueLookup(lookup.customer, step.reference, {}, {})).rejects.toMatchObject({
          name: 'InsuranceSignInError',
          refusal: 'MISSING',
        });
      });

      it('answers EXPIRED to a reference it never gave (start over)', async () => {
        const lookup = harness.appApprovalStep();
        await expect(follow(lookup, { method: SecondStepMethod.AppApproval, reference: 'not-a-reference' })).rejects.toMatchObject({
          name: 'SecondStepError',
          failure: 'EXPIRED',
        });
      });
    });
  });
}
