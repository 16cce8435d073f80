import { createHash } from 'node:crypto';
import { addMonthsClamped, formatCompactDate, parseCompactDate, parseIsoDate, type LocalDate } from '../../src/common/calendar.js';
import { paymentsDueBy } from '../../src/coverage-analysis/analysis/premiums.js';
import { catalogueFromData } from '../../src/coverage-analysis/catalogue/catalogue-rows.js';
import { CATALOGUE_2026_11 } from '../../src/coverage-analysis/catalogue/v2026-11/index.js';
import {
  ContractPurpose,
  ContractState,
  InsuranceDataMisconfiguredError,
  InsuranceDataUnavailableError,
  InsuranceSignInError,
  LIFETIME_END_DATE,
  PAYMENT_CYCLE_MONTHS,
  PaymentCycle,
  SecondStepError,
  SecondStepMethod,
  type ContractsLookup,
  type InsuranceContract,
  type InsuranceDataCustomer,
  type SecondStep,
} from '../../src/integrations/insurance-data/insurance-data.port.js';
import {
  SANDBOX_MAGIC_PHONE_ENDINGS,
  SANDBOX_SECOND_STEP_CODE,
  SandboxInsuranceDataAdapter,
  sandboxSecureNumberImage,
  sandboxSecureNumberOf,
} from '../../src/integrations/insurance-data/sandbox/sandbox-insurance-data.adapter.js';
import { sandboxInquiryDate } from '../../src/integrations/insurance-data/sandbox/sandbox-dates.js';
import { sandboxPortfolio } from '../../src/integrations/insurance-data/sandbox/sandbox-portfolio.js';
import { sandboxShowcasePortfolio } from '../../src/integrations/insurance-data/sandbox/sandbox-showcase.js';
import { expectWellFormed } from '../support/insurance-data-port-contract.js';

const customer: InsuranceDataCustomer = { name: '김민준', birthDate: '19850315', gender: 'M', phone: '01012345678' };
const catalogue = catalogueFromData(CATALOGUE_2026_11);

// Portfolios are dated from the inquiry date. These tests ask on one day, the one the contracts and
// the digest below were pinned on: the sandbox's clock runs from noon of that day in Korea.
const ON = parseIsoDate('2026-01-01');
const NOON_ON = Date.parse('2026-01-01T03:00:00Z');
const started = Date.now();
const clock = () => NOON_ON + (Date.now() - started);
const sandbox = new SandboxInsuranceDataAdapter({ delayMs: 0, now: clock });
const portfolioOf = (someone: InsuranceDataCustomer) => sandboxPortfolio(someone, ON);

/** Some days to ask on: the day the showcase's savings once stopped paying, a leap day, ends of months and years. */
const DAYS = ['2026-12-07', '2027-12-31', '2028-02-29', '2031-01-31', '2044-06-30'].map(parseIsoDate);

/** Someone `years` old (and 100 days) on `on`. */
function bornBefore(on: LocalDate, years: number): string {
  const birth = new Date(Date.UTC(on.year - years, on.month - 1, on.day) - 100 * 86_400_000);
  return birth.toISOString().slice(0, 10).replaceAll('-', '');
}

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
    expect(first).toEqual({ contracts: portfolioOf(customer) });
  });

  it('gives another customer (any identity field changed) another portfolio', () => {
    const portfolio = JSON.stringify(portfolioOf(customer));
    for (const other of [{ name: '김민주' }, { birthDate: '19850316' }, { gender: 'F' as const }, { phone: '01012345679' }]) {
      expect(JSON.stringify(portfolioOf({ ...customer, ...other }))).not.toBe(portfolio);
    }
  });

  it('gives every customer 1 to 20 contracts, and over many customers the whole range', () => {
    const counts = customers.map((someone) => portfolioOf(someone).length);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...counts)).toBeLessThanOrEqual(20);
    expect(new Set(counts).size).toBeGreaterThanOrEqual(15);
  });

  it('makes consistent contracts: catalogue insurers, dates in order, payments matching the cycle, positive amounts', () => {
    const states = new Set<ContractState>();
    const insurers = new Set<string>();
    for (const someone of customers) {
      for (const contract of portfolioOf(someone)) {
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
      portfolioOf(someone).flatMap((contract) => contract.coverages.map((coverage) => coverage.name)),
    );
    const mapped = names.filter((name) => catalogue.codeFor(name) !== undefined);
    expect(mapped.length / names.length).toBeGreaterThan(0.6);
    expect(mapped.length).toBeLessThan(names.length);
  });

  it('gives no death cover to a contract started under 15 (상법 제732조)', () => {
    const child: InsuranceDataCustomer = { ...customer, birthDate: '20180601' };
    for (let index = 0; index < 50; index++) {
      for (const contract of portfolioOf({ ...child, phone: `010555500${String(index).padStart(2, '0')}` })) {
        const codes = contract.coverages.map((coverage) => catalogue.codeFor(coverage.name));
        expect(codes.filter((code) => code?.startsWith('01_'))).toEqual([]);
      }
    }
  });

  it('dates the contracts from the inquiry date: none starts after it, those ended before it are EXPIRED and only those; as many on any day', () => {
    const some = customers.filter((_, index) => index % 10 === 0).map((someone) => ({ someone, count: portfolioOf(someone).length }));
    for (const on of DAYS) {
      const day = formatCompactDate(on);
      for (const { someone, count } of some) {
        const contracts = sandboxPortfolio(someone, on);
        expect(contracts).toHaveLength(count);
        for (const contract of contracts) {
          expect(contract.startDate <= day).toBe(true);
          expect(contract.state === ContractState.Expired).toBe(contract.endDate < day);
        }
        if (contracts.some((contract) => contract.endDate >= day)) {
          expect(contracts.some((contract) => contract.state === ContractState.Active)).toBe(true);
        }
      }
    }
  });

  it('answers on the day of its clock in Korea: a second before midnight and at midnight (15:00 UTC) are two inquiry dates', async () => {
    const at = (instant: string) => new SandboxInsuranceDataAdapter({ delayMs: 0, now: () => Date.parse(instant) });
    const showcaseCustomer = { ...customer, phone: '01012340004' };
    expect(await at('2027-12-31T14:59:59.999Z').contractsOf(customer)).toEqual({
      contracts: sandboxPortfolio(customer, parseIsoDate('2027-12-31')),
    });
    expect(await at('2027-12-31T15:00:00.000Z').contractsOf(customer)).toEqual({
      contracts: sandboxPortfolio(customer, parseIsoDate('2028-01-01')),
    });
    expect(await at('2028-02-28T15:00:00.000Z').contractsOf(showcaseCustomer)).toEqual({
      contracts: sandboxShowcasePortfolio(showcaseCustomer, parseIsoDate('2028-02-29')),
    });
    expect(sandboxInquiryDate(Date.parse('2028-02-29T14:59:59.999Z'))).toEqual(parseIsoDate('2028-02-29'));
  });

  describe('what the insights need: coverage dates, renewal, 실손, purpose', () => {
    const portfolios = customers.map((someone) => ({ someone, contracts: portfolioOf(someone) }));
    const indemnityContracts = (contracts: InsuranceContract[]) =>
      contracts.filter((contract) => contract.coverages.some((item) => item.indemnity));

    it('keeps every contract as it was before coverages had dates, renewal and 실손 (those come from a stream of their own)', () => {
      // What the payload shows of each contract (purpose and the coverages' new fields aside), for the 500
      // customers above, digested as the sandbox made it before the port gained the new fields.
      const before = portfolios.map(({ contracts }) =>
        contracts.map(({ purpose: _purpose, coverages, ...contract }) => ({
          ...contract,
          coverages: coverages.map(({ name, amount }) => ({ name, amount })),
        })),
      );
      expect(createHash('sha256').update(JSON.stringify(before)).digest('hex')).toBe(
        '1b6ac2218360e5f6d045e7ca5ec4522bc57d76573a28f4f516a5527dd855776a',
      );
      // Two of them, in the open.
      expect(portfolioOf(customer).slice(0, 2)).toMatchObject([
        {
          productName: 'KB손해보험 무배당 주택화재보험',
          startDate: '20120226',
          endDate: '20170226',
          state: ContractState.Expired,
          premium: 19060,
          paymentCount: 60,
          coverages: [
            { name: '화재손해(건물)', amount: 100_000_000 },
            { name: '화재벌금', amount: 15_000_000 },
            { name: '가족일상생활배상책임', amount: 100_000_000 },
          ],
        },
        {
          productName: '삼성생명 실손의료비보험',
          startDate: '20190621',
          endDate: '20340621',
          state: ContractState.Active,
          premium: 26200,
          paymentCount: 180,
          purpose: ContractPurpose.Protection,
          coverages: [
            {
              name: '실손의료비(입원)',
              amount: 50_000_000,
              startDate: '20190621',
              endDate: '20340621',
              renewal: { cycleYears: 1 },
              indemnity: true,
            },
            { name: '실손의료비(통원)', amount: 200_000, indemnity: true },
            { name: '비급여 도수치료·체외충격파치료·증식치료 실손의료비', amount: 3_500_000, indemnity: true },
          ],
        },
      ]);
    });

    it('makes contracts as the port promises them (the port’s contract suite checks; one customer in ten, every age)', () => {
      for (const { contracts } of portfolios.filter((_, index) => index % 10 === 0)) expectWellFormed(contracts);
    });

    it('flags every coverage of a 실손 contract, and only those, as 실손; each renews as the standard terms of its start say', () => {
      let seen = 0;
      for (const { contracts } of portfolios) {
        for (const contract of contracts) {
          const indemnity = contract.productName.endsWith('실손의료비보험');
          for (const coverage of contract.coverages) {
            expect(coverage.indemnity).toBe(indemnity);
            if (!indemnity) continue;
            seen += 1;
            const cycle = coverage.renewal?.cycleYears;
            if (contract.startDate >= '20130401') expect(cycle).toBe(1);
            else if (contract.startDate >= '20091001') expect(cycle).toBe(3);
            else expect([3, 5]).toContain(cycle);
          }
        }
      }
      expect(seen).toBeGreaterThan(500);
    });

    it('gives some customers two 실손 contracts in force at once (duplicate 실손)', () => {
      const duplicated = portfolios.filter(
        ({ contracts }) => indemnityContracts(contracts).filter((contract) => contract.state === ContractState.Active).length >= 2,
      );
      // About one customer in six over these 500.
      expect(duplicated.length / portfolios.length).toBeGreaterThan(0.1);
    });

    it('sells some riders 갱신형 (3, 5, 10 or 20 years), each cycle shorter than the coverage’s term', () => {
      const cycles = new Set<number | null>();
      for (const { contracts } of portfolios) {
        for (const contract of contracts) {
          for (const coverage of contract.coverages) {
            if (!coverage.renewal || coverage.indemnity) continue;
            cycles.add(coverage.renewal.cycleYears);
            const firstRenewal = addMonthsClamped(parseCompactDate(coverage.startDate), 12 * coverage.renewal.cycleYears!);
            expect(formatCompactDate(firstRenewal) < coverage.endDate).toBe(true);
          }
        }
      }
      expect(cycles).toEqual(new Set([3, 5, 10, 20]));
    });

    it('ends some riders before their contract, at an insured age (60, 65 or 80); every coverage begins with its contract', () => {
      const ages = new Set<number>();
      for (const { someone, contracts } of portfolios) {
        const birth = parseCompactDate(someone.birthDate);
        for (const contract of contracts) {
          for (const coverage of contract.coverages) {
            expect(coverage.startDate).toBe(contract.startDate);
            if (coverage.endDate === contract.endDate) continue;
            const age = [60, 65, 80].find((years) => formatCompactDate(addMonthsClamped(birth, 12 * years)) === coverage.endDate);
            expect(age).toBeDefined();
            ages.add(age!);
          }
        }
      }
      expect(ages).toEqual(new Set([60, 65, 80]));
    });

    it('makes every made-up contract protection (보장성): the random products are all sold for cover', () => {
      const purposes = new Set(portfolios.flatMap(({ contracts }) => contracts.map((contract) => contract.purpose)));
      expect(purposes).toEqual(new Set([ContractPurpose.Protection]));
    });
  });

  describe('the showcase portfolio (phone ending 0004)', () => {
    const someone: InsuranceDataCustomer = { name: '이서연', birthDate: '19880412', gender: 'F', phone: '01077550004' };
    const showcase = sandboxShowcasePortfolio(someone, ON);
    const active = showcase.filter((contract) => contract.state === ContractState.Active);
    const indemnity = active.filter((contract) => contract.coverages.every((item) => item.indemnity));

    it('is what the sandbox answers for a phone ending in 0004, also after a second step', async () => {
      expect(SANDBOX_MAGIC_PHONE_ENDINGS.showcase).toBe('0004');
      expect(await sandbox.contractsOf(someone)).toEqual({ contracts: showcase });
      const step = await sandbox.contractsOf(someone, { signIn: { id: 'sandbox-sms', password: 'pw' } });
      if (!('secondStep' in step)) throw new Error('expected a second step');
      expect(
        await sandbox.continueLookup(
          someone,
          step.secondStep.reference,
          { code: '123456' },
          { signIn: { id: 'sandbox-sms', password: 'pw' } },
        ),
      ).toEqual({
        contracts: showcase,
      });
      expect(sandboxShowcasePortfolio({ ...someone }, ON)).toEqual(showcase);
    });

    it('holds two 실손 in force for the customer (begun apart, one 4세대 renewing yearly, one of 2011 every 3 years) and one for a family member', () => {
      const own = indemnity.filter((contract) => contract.insuredPerson === someone.name);
      expect(own.map((contract) => [contract.startDate, contract.coverages[0]!.renewal])).toEqual([
        ['20110101', { cycleYears: 3 }],
        ['20220501', { cycleYears: 1 }],
      ]);
      expect(own[1]!.startDate >= '20210701').toBe(true);
      const family = indemnity.filter((contract) => contract.insuredPerson !== someone.name);
      expect(family).toHaveLength(1);
      expect(family[0]).toMatchObject({ insuredPerson: '이다온', contractor: someone.name });
    });

    it('holds a 갱신형 rider renewing every 3 years, named as insurers write it', () => {
      const renewing = active.flatMap((contract) => contract.coverages).filter((item) => !item.indemnity && item.renewal);
      expect(renewing.map((item) => [item.name, item.renewal!.cycleYears])).toEqual([
        ['간병인사용일당(요양병원제외)(3년갱신형)', 3],
        ['질병입원일당(1일이상)(20년갱신형)', 20],
      ]);
      // The names map to the catalogue as the plain ones do.
      expect(catalogue.codeFor('간병인사용일당(요양병원제외)(3년갱신형)')).toBe(catalogue.codeFor('간병인사용일당(요양병원제외)'));
    });

    it('holds a 20-year monthly payment period half paid on the inquiry date, and a paid-up contract still in force', () => {
      const twentyYears = active.find((contract) => contract.paymentCount === 240 && contract.endDate !== LIFETIME_END_DATE)!;
      expect(twentyYears).toMatchObject({ paymentCycle: PaymentCycle.Monthly, startDate: '20160101' });
      expect(paymentsDueBy(twentyYears, ON)).toBe(121);
      const paidUp = active.filter((contract) => paymentsDueBy(contract, ON) === contract.paymentCount);
      expect(paidUp.map((contract) => contract.productName)).toEqual(['교보생명 무배당 암보험']);
    });

    it.each(DAYS.map((on) => [formatCompactDate(on), on] as const))(
      'holds the same on %s, for a customer of 31, 42 or 54: half paid, one paid up, the savings and the pension still paying, two 실손 in force',
      (_, on) => {
        const day = formatCompactDate(on);
        for (const age of [31, 42, 54]) {
          const anyone = { ...someone, birthDate: bornBefore(on, age) };
          const contracts = sandboxShowcasePortfolio(anyone, on);
          expectWellFormed(contracts);
          for (const contract of contracts) expect(contract.startDate <= day).toBe(true);
          const inForce = contracts.filter((contract) => contract.state === ContractState.Active && contract.endDate >= day);
          const due = (contract: InsuranceContract) => paymentsDueBy(contract, on)!;
          const twentyYears = inForce.filter((contract) => contract.paymentCount === 240 && contract.endDate !== LIFETIME_END_DATE);
          expect(twentyYears.map(due)).toEqual([121]);
          expect(inForce.filter((contract) => due(contract) === contract.paymentCount).map((contract) => contract.productName)).toEqual([
            '교보생명 무배당 암보험',
          ]);
          for (const purpose of [ContractPurpose.Savings, ContractPurpose.Pension]) {
            const [paying] = inForce.filter((contract) => contract.purpose === purpose);
            expect(due(paying!)).toBeGreaterThan(0);
            expect(due(paying!)).toBeLessThan(paying!.paymentCount!);
          }
          // the first 실손 is the 2세대 one of 2011 (from the birth, for someone born after), the second a yearly one
          const ownIndemnity = inForce.filter(
            (contract) => contract.insuredPerson === anyone.name && contract.coverages.every((item) => item.indemnity),
          );
          const first = anyone.birthDate < '20110101' ? '20110101' : anyone.birthDate;
          expect(ownIndemnity.map((contract) => contract.startDate)).toEqual([first, expect.any(String)]);
          expect(ownIndemnity[1]!.coverages[0]!.renewal).toEqual({ cycleYears: 1 });
        }
      },
    );

    it('holds a 종신 contract (LIFETIME_END_DATE) whose cancer rider ends on the customer’s 65th birthday', () => {
      const wholeLife = active.find(
        (contract) => contract.endDate === LIFETIME_END_DATE && contract.purpose === ContractPurpose.Protection,
      )!;
      expect(wholeLife.coverages.map((item) => [item.name, item.endDate])).toEqual([
        ['사망보험금', LIFETIME_END_DATE],
        ['암진단비(유사암제외)', '20530412'],
        ['재해사망특약', '20680412'],
      ]);
    });

    it('holds a pension, a savings and a lapsed contract', () => {
      expect(showcase.map((contract) => contract.purpose).filter((purpose) => purpose !== ContractPurpose.Protection)).toEqual([
        ContractPurpose.Pension,
        ContractPurpose.Savings,
      ]);
      expect(
        showcase.filter((contract) => contract.state !== ContractState.Active).map((contract) => [contract.productName, contract.state]),
      ).toEqual([['메리츠화재 무배당 운전자보험', ContractState.Lapsed]]);
    });

    it('stays well-formed for a customer of any age: starts moved to sensible ages, no rider ending before it begins', () => {
      for (let year = 1926; year <= 2025; year += 3) {
        const anyone = { ...someone, birthDate: `${year}0229`.replace(/0229$/, year % 4 === 0 ? '0229' : '0228') };
        const contracts = sandboxShowcasePortfolio(anyone, ON);
        expectWellFormed(contracts);
        for (const contract of contracts) expect(contract.startDate >= anyone.birthDate).toBe(true);
      }
    });
  });

  describe('magic inputs (the last four digits of the phone)', () => {
    it('0001: the source knows no contract', async () => {
      expect(await sandbox.contractsOf({ ...customer, phone: '01098760001' })).toEqual({ contracts: [] });
    });

    it('0003: the lookup fails with InsuranceDataUnavailableError', async () => {
      await expect(sandbox.contractsOf({ ...customer, phone: '01098760003' })).rejects.toBeInstanceOf(InsuranceDataUnavailableError);
    });

    it('0002: the answer comes after SANDBOX_INSURANCE_DELAY_MS, and the lookup can be aborted meanwhile', async () => {
      const slow = new SandboxInsuranceDataAdapter({ delayMs: 200, now: clock });
      const started = performance.now();
      const lookup = await slow.contractsOf({ ...customer, phone: '01098760002' });
      expect(performance.now() - started).toBeGreaterThanOrEqual(190);
      expect(lookup).toEqual({ contracts: portfolioOf({ ...customer, phone: '01098760002' }) });

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
    /** A sandbox on a clock the test moves (from noon of the day the tests ask on). */
    const clocked = (approvalSeconds = 3) => {
      const clock = { now: NOON_ON };
      return { clock, adapter: new SandboxInsuranceDataAdapter({ delayMs: 0, approvalSeconds, now: () => clock.now }) };
    };

    it('answers in one call, as without a sign-in, for any other id; the portfolio is the customer’s', async () => {
      expect(await sandbox.contractsOf(customer, signIn('my-credit4u-id'))).toEqual({ contracts: portfolioOf(customer) });
      expect(await sandbox.contractsOf({ ...customer, phone: '01098760001' }, signIn('someone'))).toEqual({ contracts: [] });
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
        contracts: portfolioOf(customer),
      });
    });

    it('sandbox-email: an e-mail code, answered as the SMS code', async () => {
      const step = stepOf(await sandbox.contractsOf(customer, signIn('sandbox-email')));
      expect(step.method).toBe(SecondStepMethod.EmailCode);
      expect(await sandbox.continueLookup(customer, step.reference, { code: '123456' }, signIn('sandbox-email'))).toEqual({
        contracts: portfolioOf(customer),
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
        contracts: portfolioOf(customer),
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
        contracts: portfolioOf(customer),
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
      const replica = new SandboxInsuranceDataAdapter({ delayMs: 0, now: clock });
      expect(await replica.continueLookup(customer, step.reference, { code: '123456' }, signIn('sandbox-sms', 'secret-pw-9'))).toEqual({
        contracts: portfolioOf(customer),
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
