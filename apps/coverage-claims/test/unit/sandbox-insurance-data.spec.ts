import { catalogueFromData } from '../../src/coverage-analysis/catalogue/catalogue-rows.js';
import { CATALOGUE_2026_11 } from '../../src/coverage-analysis/catalogue/v2026-11/index.js';
import {
  ContractState,
  InsuranceDataMisconfiguredError,
  InsuranceDataUnavailableError,
  InsuranceSignInError,
  PAYMENT_CYCLE_MONTHS,
  PaymentCycle,
  SecondStepError,
  SecondStepMethod,
  type ContractsLookup,
  type InsuranceDataCustomer,
  type SecondStep,
} from '../../src/integrations/insurance-data/insurance-data.port.js';
import {
  SANDBOX_SECOND_STEP_CODE,
  SandboxInsuranceDataAdapter,
  sandboxSecureNumberImage,
  sandboxSecureNumberOf,
} from '../../src/integrations/insurance-data/sandbox/sandbox-insurance-data.adapter.js';
import { sandboxPortfolio } from '../../src/integrations/insurance-data/sandbox/sandbox-portfolio.js';

const customer: InsuranceDataCustomer = { name: '김민준', birthDate: '19850315', gender: 'M', phone: '01012345678' };
const catalogue = catalogueFromData(CATALOGUE_2026_11);
const sandbox = new SandboxInsuranceDataAdapter({ delayMs: 0 });

/** 500 made-up customers of every age, both genders. */
const customers: InsuranceDataCustomer[] = Array.from({ length: 500 }, (_, index) => ({
  name: `고객${index}`,
  birthDate: `${1935 + (index % 91)}${String(1 + (index % 12)).padStart(2, '0')}${String(1 + (index % 28)).padStart(2, '0')}`,
  gender: index % 2 === 0 ? 'M' : 'F',
  phone: `0109${String(1_000_000 + index * 7919).slice(-7)}`,
}));

describe('sandbox insurance data', () => {
  it('gives the same customer the same portfolio, every time', async () => {
    const first = await sandbox.contractsOf(customer);
    expect(await sandbox.contractsOf({ ...customer })).toEqual(first);
    expect(await sandbox.contractsOf({ ...customer, ci: 'any-ci' })).toEqual(first);
    expect(first).toEqual({ contracts: sandboxPortfolio(customer) });
  });

  it('gives another customer (any identity field changed) another portfolio', () => {
    const portfolio = JSON.stringify(sandboxPortfolio(customer));
    for (const other of [{ name: '김민주' }, { birthDate: '19850316' }, { gender: 'F' as const }, { phone: '01012345679' }]) {
      expect(JSON.stringify(sandboxPortfolio({ ...customer, ...other }))).not.toBe(portfolio);
    }
  });

  it('gives every customer 1 to 20 contracts, and over many customers the whole range', () => {
    const counts = customers.map((someone) => sandboxPortfolio(someone).length);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...counts)).toBeLessThanOrEqual(20);
    expect(new Set(counts).size).toBeGreaterThanOrEqual(15);
  });

  it('makes consistent contracts: catalogue insurers, dates in order, payments matching the cycle, positive amounts', () => {
    const states = new Set<ContractState>();
    const insurers = new Set<string>();
    for (const someone of customers) {
      for (const contract of sandboxPortfolio(someone)) {
        states.add(contract.state);
        insurers.add(contract.insurerCode);
        expect(catalogue.insurer(contract.insurerCode)?.name).toBe(contract.insurerName);
        expect(contract.startDate >= someone.birthDate).toBe(true);
        expect(contract.endDate > contract.startDate).toBe(true);
        expect(contract.insuredPerson).toBe(someone.name);
        expect(contract.premium).toBeGreaterThan(0);
        expect(contract.coverages.length).toBeGreaterThan(0);
        for (const coverage of contract.coverages) expect(coverage.amount).toBeGreaterThan(0);
        const months = PAYMENT_CYCLE_MONTHS[contract.paymentCycle!];
        if (contract.paymentCycle === PaymentCycle.LumpSum) expect([contract.paymentCount, contract.paymentPeriodYears]).toEqual([1, 0]);
        else expect(contract.paymentCount).toBe((contract.paymentPeriodYears * 12) / months!);
      }
    }
    expect(states).toEqual(new Set(Object.values(ContractState)));
    expect(insurers.size).toBe(16);
  });

  it('uses coverage names the synonym table maps, and some it does not', () => {
    const names = customers.flatMap((someone) =>
      sandboxPortfolio(someone).flatMap((contract) => contract.coverages.map((coverage) => coverage.name)),
    );
    const mapped = names.filter((name) => catalogue.codeFor(name) !== undefined);
    expect(mapped.length / names.length).toBeGreaterThan(0.6);
    expect(mapped.length).toBeLessThan(names.length);
  });

  it('gives no death cover to a contract started under 15 (상법 제732조)', () => {
    const child: InsuranceDataCustomer = { ...customer, birthDate: '20180601' };
    for (let index = 0; index < 50; index++) {
      for (const contract of sandboxPortfolio({ ...child, phone: `010555500${String(index).padStart(2, '0')}` })) {
        const codes = contract.coverages.map((coverage) => catalogue.codeFor(coverage.name));
        expect(codes.filter((code) => code?.startsWith('01_'))).toEqual([]);
      }
    }
  });

  describe('magic inputs (the last four digits of the phone)', () => {
    it('0001: the source knows no contract', async () => {
      expect(await sandbox.contractsOf({ ...customer, phone: '01098760001' })).toEqual({ contracts: [] });
    });

    it('0003: the lookup fails with InsuranceDataUnavailableError', async () => {
      await expect(sandbox.contractsOf({ ...customer, phone: '01098760003' })).rejects.toBeInstanceOf(InsuranceDataUnavailableError);
    });

    it('0002: the answer comes after SANDBOX_INSURANCE_DELAY_MS, and the lookup can be aborted meanwhile', async () => {
      const slow = new SandboxInsuranceDataAdapter({ delayMs: 200 });
      const started = performance.now();
      const lookup = await slow.contractsOf({ ...customer, phone: '01098760002' });
      expect(performance.now() - started).toBeGreaterThanOrEqual(190);
      expect(lookup).toEqual({ contracts: sandboxPortfolio({ ...customer, phone: '01098760002' }) });

      const controller = new AbortController();
      const aborted = slow.contractsOf({ ...customer, phone: '01098760002' }, { signal: controller.signal });
      controller.abort(new Error('timed out'));
      await expect(aborted).rejects.toThrow('timed out');
    });

    it('0002 with a delay of 0 answers at once (for benchmarks)', async () => {
      const started = performance.now();
      await sandbox.contractsOf({ ...customer, phone: '01098760002' });
      expect(performance.now() - started).toBeLessThan(100);
    });
  });
  describe('the customer’s sign-in and second steps (credit4u id and password)', () => {
    const signIn = (id: string, password = 'pass-word-1') => ({ signIn: { id, password } });
    const stepOf = (lookup: ContractsLookup): SecondStep => {
      if (!('secondStep' in lookup)) throw new Error('expected a second step');
      return lookup.secondStep;
    };
    /** A sandbox on a clock the test moves. */
    const clocked = (approvalSeconds = 3) => {
      const clock = { now: 1_790_000_000_000 };
      return { clock, adapter: new SandboxInsuranceDataAdapter({ delayMs: 0, approvalSeconds, now: () => clock.now }) };
    };

    it('answers in one call, as without a sign-in, for any other id; the portfolio is the customer’s', async () => {
      expect(await sandbox.contractsOf(customer, signIn('my-credit4u-id'))).toEqual({ contracts: sandboxPortfolio(customer) });
      expect(await sandbox.contractsOf({ ...customer, phone: '01098760001' }, signIn('someone'))).toEqual({ contracts: [] });
    });

    it('phone ending 0004 needs the sign-in: MISSING without one, the portfolio with one', async () => {
      const needy = { ...customer, phone: '01098760004' };
      await expect(sandbox.contractsOf(needy)).rejects.toMatchObject({ name: 'InsuranceSignInError', refusal: 'MISSING' });
      expect(await sandbox.contractsOf(needy, signIn('someone'))).toEqual({ contracts: sandboxPortfolio(needy) });
    });

    it('refuses the password `wrong` (WRONG), the id sandbox-locked (LOCKED), and plays a misconfigured account for sandbox-misconfigured', async () => {
      await expect(sandbox.contractsOf(customer, signIn('anyone', 'wrong'))).rejects.toMatchObject({ refusal: 'WRONG' });
      await expect(sandbox.contractsOf(customer, signIn('sandbox-sms', 'wrong'))).rejects.toBeInstanceOf(InsuranceSignInError);
      await expect(sandbox.contractsOf(customer, signIn('sandbox-locked'))).rejects.toMatchObject({ refusal: 'LOCKED' });
      await expect(sandbox.contractsOf(customer, signIn('sandbox-misconfigured'))).rejects.toBeInstanceOf(InsuranceDataMisconfiguredError);
    });

    it('sandbox-sms: an SMS code; 123456 gives the portfolio, another code is WRONG_ANSWER and the step may be answered again', async () => {
      const step = stepOf(await sandbox.contractsOf(customer, signIn('sandbox-sms')));
      expect(step).toEqual({ method: SecondStepMethod.SmsCode, reference: expect.any(String) });
      await expect(sandbox.continueLookup(customer, step.reference, { code: '000000' }, signIn('sandbox-sms'))).rejects.toMatchObject({
        name: 'SecondStepError',
        failure: 'WRONG_ANSWER',
      });
      await expect(sandbox.continueLookup(customer, step.reference, {}, signIn('sandbox-sms'))).rejects.toMatchObject({
        failure: 'WRONG_ANSWER',
      });
      expect(await sandbox.continueLookup(customer, step.reference, { code: SANDBOX_SECOND_STEP_CODE }, signIn('sandbox-sms'))).toEqual({
        contracts: sandboxPortfolio(customer),
      });
    });

    it('sandbox-email: an e-mail code, answered as the SMS code', async () => {
      const step = stepOf(await sandbox.contractsOf(customer, signIn('sandbox-email')));
      expect(step.method).toBe(SecondStepMethod.EmailCode);
      expect(await sandbox.continueLookup(customer, step.reference, { code: '123456' }, signIn('sandbox-email'))).toEqual({
        contracts: sandboxPortfolio(customer),
      });
    });

    it('sandbox-secure: the digits of an SVG image; wrong digits give a new image (a new step), the right ones the portfolio', async () => {
      const first = stepOf(await sandbox.contractsOf(customer, signIn('sandbox-secure')));
      expect(first.method).toBe(SecondStepMethod.SecureNumber);
      expect(first.image).toMatch(/^data:image\/svg\+xml;base64,/);
      const digits = sandboxSecureNumberOf(first.image!)!;
      expect(digits).toMatch(/^\d{6}$/);
      expect(Buffer.from(first.image!.split(',')[1]!, 'base64').toString('utf8')).toContain(`>${digits}</text>`);
      // the digits are in the reference (sealed by the service), never in anything but the image for the client
      const wrong = digits === '000000' ? '111111' : '000000';
      const second = stepOf(await sandbox.continueLookup(customer, first.reference, { code: wrong }, signIn('sandbox-secure')));
      expect(second.method).toBe(SecondStepMethod.SecureNumber);
      const again = sandboxSecureNumberOf(second.image!)!;
      expect(await sandbox.continueLookup(customer, second.reference, { code: again }, signIn('sandbox-secure'))).toEqual({
        contracts: sandboxPortfolio(customer),
      });
      expect(sandboxSecureNumberOf(sandboxSecureNumberImage('4821'))).toBe('4821');
      expect(sandboxSecureNumberOf('data:image/png;base64,AAAA')).toBeNull();
    });

    it('sandbox-app: PENDING until SANDBOX_INSURANCE_APPROVAL_SECONDS have passed, then the portfolio', async () => {
      const { clock, adapter } = clocked(3);
      const step = stepOf(await adapter.contractsOf(customer, signIn('sandbox-app')));
      expect(step).toEqual({ method: SecondStepMethod.AppApproval, reference: expect.any(String) });
      clock.now += 2_999;
      await expect(adapter.continueLookup(customer, step.reference, {}, signIn('sandbox-app'))).rejects.toMatchObject({
        failure: 'PENDING',
      });
      clock.now += 1;
      expect(await adapter.continueLookup(customer, step.reference, {}, signIn('sandbox-app'))).toEqual({
        contracts: sandboxPortfolio(customer),
      });
    });

    it('sandbox-cancel: the customer cancels, the follow-up is CANCELLED', async () => {
      const step = stepOf(await sandbox.contractsOf(customer, signIn('sandbox-cancel')));
      expect(step.method).toBe(SecondStepMethod.AppApproval);
      await expect(sandbox.continueLookup(customer, step.reference, {}, signIn('sandbox-cancel'))).rejects.toMatchObject({
        failure: 'CANCELLED',
      });
    });

    it('a step lasts 270 s from the first call (EXPIRED after), also after a new secure-number image', async () => {
      const { clock, adapter } = clocked(0);
      const step = stepOf(await adapter.contractsOf(customer, signIn('sandbox-secure')));
      clock.now += 200_000;
      const renewed = stepOf(await adapter.continueLookup(customer, step.reference, { code: 'x' }, signIn('sandbox-secure')));
      clock.now += 70_000;
      await expect(
        adapter.continueLookup(customer, renewed.reference, { code: sandboxSecureNumberOf(renewed.image!)! }, signIn('sandbox-secure')),
      ).rejects.toMatchObject({ failure: 'EXPIRED' });
    });

    it('keeps no state and no sign-in: another instance continues the step; the reference holds neither id nor password', async () => {
      const step = stepOf(await sandbox.contractsOf(customer, signIn('sandbox-sms', 'secret-pw-9')));
      expect(step.reference).not.toContain('sandbox-sms');
      expect(step.reference).not.toContain('secret-pw-9');
      const replica = new SandboxInsuranceDataAdapter({ delayMs: 0 });
      expect(await replica.continueLookup(customer, step.reference, { code: '123456' }, signIn('sandbox-sms', 'secret-pw-9'))).toEqual({
        contracts: sandboxPortfolio(customer),
      });
    });

    it('the follow-up needs the sign-in again (MISSING without it, WRONG for `wrong`); an unknown reference is EXPIRED', async () => {
      const step = stepOf(await sandbox.contractsOf(customer, signIn('sandbox-sms')));
      await expect(sandbox.continueLookup(customer, step.reference, { code: '123456' })).rejects.toMatchObject({ refusal: 'MISSING' });
      await expect(
        sandbox.continueLookup(customer, step.reference, { code: '123456' }, signIn('sandbox-sms', 'wrong')),
      ).rejects.toMatchObject({
        refusal: 'WRONG',
      });
      await expect(sandbox.continueLookup(customer, 'codef:something', {}, signIn('x'))).rejects.toBeInstanceOf(SecondStepError);
    });

    it('after the step the phone’s magic endings decide: 0003 fails, 0001 knows none', async () => {
      const failing = { ...customer, phone: '01098760003' };
      const step = stepOf(await sandbox.contractsOf(failing, signIn('sandbox-sms')));
      await expect(sandbox.continueLookup(failing, step.reference, { code: '123456' }, signIn('sandbox-sms'))).rejects.toBeInstanceOf(
        InsuranceDataUnavailableError,
      );
      const none = { ...customer, phone: '01098760001' };
      const other = stepOf(await sandbox.contractsOf(none, signIn('sandbox-sms')));
      expect(await sandbox.continueLookup(none, other.reference, { code: '123456' }, signIn('sandbox-sms'))).toEqual({ contracts: [] });
    });
  });
});
