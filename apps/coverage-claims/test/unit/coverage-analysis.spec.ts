import { CoverageStatusCode } from '#contracts';
import { parseIsoDate } from '../../src/common/calendar.js';
import {
  buildCoverageAnalysis,
  coverageStatus,
  type CoverageAnalysisInput,
} from '../../src/coverage-analysis/analysis/coverage-analysis.js';
import { catalogueFromData } from '../../src/coverage-analysis/catalogue/catalogue-rows.js';
import { CATALOGUE_2026_11 } from '../../src/coverage-analysis/catalogue/v2026-11/index.js';
import {
  ContractState,
  ContractType,
  PaymentCycle,
  type InsuranceContract,
  type InsuranceDataCustomer,
} from '../../src/integrations/insurance-data/insurance-data.port.js';
import { contractOf, type ContractSpec } from '../support/insurance-contracts.js';
import { sandboxPortfolio } from '../../src/integrations/insurance-data/sandbox/sandbox-portfolio.js';
import { analysisPayloadProblems } from '../support/coverage-analysis-payload.js';

const catalogue = catalogueFromData(CATALOGUE_2026_11);
const customer: InsuranceDataCustomer = { name: '이서연', birthDate: '19880412', gender: 'F', phone: '01055501234' };
const retrievedAt = new Date('2026-11-21T00:30:00.000Z');
const inquiryDate = parseIsoDate('2026-11-21');

function contract(changes: ContractSpec): InsuranceContract {
  return contractOf({
    insurerCode: 'N02',
    insurerName: '현대해상',
    productName: '현대해상 무배당 건강보험',
    startDate: '20150301',
    endDate: '20780412',
    contractor: '이서연',
    insuredPerson: '이서연',
    state: ContractState.Active,
    type: ContractType.NonLife,
    premium: 85_000,
    paymentCycle: PaymentCycle.Monthly,
    paymentCount: 240,
    paymentPeriodYears: 20,
    ...changes,
  });
}

function analyse(contracts: InsuranceContract[], changes: Partial<CoverageAnalysisInput> = {}) {
  return buildCoverageAnalysis({
    customer,
    customerId: 42,
    contracts,
    catalogue,
    inquiryDate,
    retrievedAt,
    ...changes,
  });
}

describe('coverage status', () => {
  it.each([
    [4_999, 10_000, CoverageStatusCode.Bad], // 49.99 %
    [5_000, 10_000, CoverageStatusCode.Normal], // 50 %
    [9_999, 10_000, CoverageStatusCode.Normal], // 99.99 %
    [10_000, 10_000, CoverageStatusCode.Good], // 100 %
    [25_000, 10_000, CoverageStatusCode.Good], // over
    [0, 10_000, CoverageStatusCode.Bad],
    [0, 0, CoverageStatusCode.Good], // nothing recommended
    [100, 0, CoverageStatusCode.Good],
    [24_999_999.5, 50_000_000, CoverageStatusCode.Bad], // fractional amounts: just under half
  ])('held %d of %d recommended is %s', (amount, recommend, status) => {
    expect(coverageStatus(amount, recommend)).toBe(status);
  });
});

describe('coverage analysis', () => {
  it('answers every field of the spec, with its JSON type, at every level, for a portfolio of at least 10 contracts', () => {
    // the first sandbox customer (from a fixed list) with 10 or more contracts
    const someone = Array.from({ length: 200 }, (_, index) => ({ ...customer, phone: `0105550${String(index).padStart(4, '0')}` })).find(
      (candidate) => sandboxPortfolio(candidate, inquiryDate).length >= 10,
    )!;
    const contracts = sandboxPortfolio(someone, inquiryDate);
    const analysis = analyse(contracts, { customer: someone }) as unknown as Record<string, unknown>;

    expect(analysisPayloadProblems(analysis)).toEqual([]);
    const coverages = analysis.coverages as Record<string, unknown>[];
    const listed = analysis.contracts as Record<string, unknown>[];

    expect(listed.length).toBeGreaterThanOrEqual(10);
    expect(listed).toHaveLength(contracts.length);
    expect(coverages.length).toBeGreaterThan(0);
    // both forms of contracts[].coverages[] occur: with and without a catalogue code
    const entries = listed.flatMap((entry) => entry.coverages as Record<string, unknown>[]);
    expect(entries.some((entry) => 'coverage_code' in entry)).toBe(true);
    expect(entries.some((entry) => !('coverage_code' in entry))).toBe(true);
    // formats the spec fixes
    expect(analysis.date_of_birth).toBe('1988-04-12');
    expect(analysis.inquiry_time).toBe('2026-11-21');
    for (const entry of listed) {
      expect(entry.start_date).toMatch(/^\d{8}$/);
      expect(entry.end_date).toMatch(/^\d{8}$/);
    }
    for (const coverage of coverages) {
      expect(coverage.category_code).toMatch(/^\d{2}$/);
      expect(coverage.coverage_code).toMatch(new RegExp(`^${coverage.category_code as string}_.{3}$`));
    }
  });

  it('sums held amounts per code over active contracts only, keeping unmapped coverages in their contract', () => {
    const analysis = analyse([
      contract({
        coverages: [
          { name: '일반암진단비Ⅱ', amount: 20_000_000 },
          { name: '골절진단비', amount: 300_000 },
        ],
      }),
      contract({ startDate: '20200101', coverages: [{ name: '암진단비(유사암제외)', amount: 10_000_000 }] }),
      contract({ state: ContractState.Lapsed, coverages: [{ name: '일반암진단비', amount: 30_000_000 }] }),
      contract({ state: ContractState.Expired, coverages: [{ name: '일반암진단비', amount: 30_000_000 }] }),
    ]);
    const cancer = analysis.coverages.find((coverage) => coverage.coverage_code === '05_GEN')!;
    expect(cancer).toEqual({
      category_code: '05',
      category_name: '암',
      coverage_code: '05_GEN',
      coverage_name: '일반암진단비',
      recommend: 50_000_000,
      limit: 100_000_000,
      amount: 30_000_000,
      status_code: 'normal',
      status_name: '보통',
    });
    const fracture = analysis.contracts.flatMap((entry) => entry.coverages).find((coverage) => coverage.coverage_name === '골절진단비')!;
    expect(fracture).toEqual({
      coverage_name: '골절진단비',
      amount: 300_000,
      contract_id: 2,
      customer_id: 42,
      number: 2,
      create_time: '2026-11-21T00:30:00.000Z',
    });
  });

  it('lists contracts active first, then newest first, numbering contracts and coverages from 1', () => {
    const analysis = analyse([
      contract({ productName: 'A', state: ContractState.Lapsed, startDate: '20240101' }),
      contract({
        productName: 'B',
        startDate: '20100101',
        coverages: [
          { name: '질병사망', amount: 1 },
          { name: '상해사망', amount: 2 },
        ],
      }),
      contract({ productName: 'C', startDate: '20200101' }),
    ]);
    expect(analysis.contracts.map((entry) => [entry.product_name, entry.state])).toEqual([
      ['C', '정상'],
      ['B', '정상'],
      ['A', '실효'],
    ]);
    expect(analysis.contracts[1]!.coverages.map((coverage) => [coverage.contract_id, coverage.number, coverage.coverage_code])).toEqual([
      [2, 1, '01_DIS'],
      [2, 2, '01_ACC'],
    ]);
  });

  it('counts and names good and bad coverages in catalogue order, comma-separated', () => {
    const analysis = analyse([
      contract({
        coverages: [
          { name: '급성심근경색증진단비', amount: 30_000_000 }, // good
          { name: '실손의료비(입원)', amount: 50_000_000 }, // good
          { name: '일반사망', amount: 100_000_000 }, // 1억 of the 1억3천만 recommended at 38: normal
        ],
      }),
    ]);
    expect(analysis.age).toBe(38);
    expect(analysis.coverage_count).toBe(analysis.coverages.length);
    expect(analysis.coverage_good_names).toBe('실손의료비(입원),급성심근경색증진단비');
    expect(analysis.coverage_good_count).toBe(2);
    expect(analysis.coverage_bad_count).toBe(analysis.coverages.length - 3);
    expect(analysis.coverage_bad_names.split(',')).toEqual(
      analysis.coverages.filter((coverage) => coverage.status_code === 'bad').map((coverage) => coverage.coverage_name),
    );
    expect(analysis.coverage_bad_names.startsWith('질병사망,상해사망,')).toBe(true);
  });

  it('labels contract codes and fills the company from the catalogue, or from the source for an unknown insurer', () => {
    const analysis = analyse([
      contract({ paymentCycle: PaymentCycle.Annual, paymentCount: 20, state: ContractState.Surrendered, type: ContractType.NonLife }),
      contract({
        insurerCode: 'X99',
        insurerName: '새보험',
        type: ContractType.Life,
        paymentCycle: null,
        paymentCount: null,
        startDate: '20000101',
      }),
    ]);
    expect(analysis.contracts[0]).toMatchObject({
      comapny_code: 'X99',
      company_name: '새보험',
      type: '생명보험',
      payment_cycle_code: null,
      payment_cycle: null,
      payment_number: null,
      company: { code: 'X99', name: '새보험', agency_code: '', agency_name: '', other_name: '', intial: '', ci_path: '' },
    });
    expect(analysis.contracts[1]).toMatchObject({
      comapny_code: 'N02',
      company_name: '현대해상',
      type: '손해보험',
      state: '해지',
      payment_cycle_code: 'ANNUAL',
      payment_cycle: '연납',
      payment_number: 20,
      period: 20,
      company: {
        code: 'N02',
        name: '현대해상',
        other_name: 'Hyundai Marine & Fire Insurance',
        intial: 'HM',
        ci_path: '/assets/insurers/N02.png',
      },
    });
  });

  it('gives the customer fields, ages and premium totals of the inquiry date', () => {
    const analysis = analyse([contract({ startDate: '20150301' }), contract({ state: ContractState.Lapsed })], {
      inquiryDate: parseIsoDate('2026-10-12'),
    });
    expect(analysis).toMatchObject({
      phone_number: '01055501234',
      customer_name: '이서연',
      gender: 'F',
      date_of_birth: '1988-04-12',
      age: 38,
      insuAge: 39, // six months after 12 April: 12 October
      inquiry_time: '2026-10-12',
      premium: 85_000,
      // 2015-03-01 … 2026-10-01: 140 payments
      paid_premium: 140 * 85_000,
      future_premium: 100 * 85_000,
      total_premium: 240 * 85_000,
    });
    expect(analyse([], { inquiryDate: parseIsoDate('2026-10-11') }).insuAge).toBe(38);
  });

  it('analyses a customer without contracts: every coverage bad, nothing paid', () => {
    const analysis = analyse([]);
    expect(analysis.contracts).toEqual([]);
    expect(analysis.coverage_bad_count).toBe(analysis.coverage_count);
    expect(analysis.coverage_good_names).toBe('');
    expect([analysis.premium, analysis.paid_premium, analysis.future_premium, analysis.total_premium]).toEqual([0, 0, 0, 0]);
  });

  it('is pure: the same input gives the same analysis', () => {
    const contracts = sandboxPortfolio(customer, inquiryDate);
    expect(analyse(contracts)).toEqual(analyse(contracts));
  });
});
