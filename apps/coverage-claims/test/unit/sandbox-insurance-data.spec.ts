import { catalogueFromData } from '../../src/coverage-analysis/catalogue/catalogue-rows.js';
import { CATALOGUE_2026_11 } from '../../src/coverage-analysis/catalogue/v2026-11/index.js';
import {
  ContractState,
  InsuranceDataUnavailableError,
  PAYMENT_CYCLE_MONTHS,
  PaymentCycle,
  type InsuranceDataCustomer,
} from '../../src/integrations/insurance-data/insurance-data.port.js';
import { SandboxInsuranceDataAdapter } from '../../src/integrations/insurance-data/sandbox/sandbox-insurance-data.adapter.js';
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
});
