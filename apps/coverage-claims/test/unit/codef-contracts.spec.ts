import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { CoverageAnalysisDto } from '#contracts';
import { buildCoverageAnalysis } from '../../src/coverage-analysis/analysis/coverage-analysis.js';
import { catalogueFromData } from '../../src/coverage-analysis/catalogue/catalogue-rows.js';
import { CATALOGUE_2026_11 } from '../../src/coverage-analysis/catalogue/v2026-11/index.js';
import { INSURERS_2026_11 } from '../../src/insurers/catalogue/v2026-11/index.js';
import {
  catalogueInsurerCode,
  LIFETIME_END_DATE,
  parseCodefContracts,
} from '../../src/integrations/insurance-data/codef/codef-contracts.js';
import { ContractPurpose, ContractState, ContractType, PaymentCycle } from '../../src/integrations/insurance-data/insurance-data.port.js';
import { actualLoss, coverage, flatOnly, flatRate, lossCoverage, only, sample, type Row } from '../support/credit4u-contracts.js';

describe('contracts from CODEF (credit4u)', () => {
  describe('both lists merged, one contract once', () => {
    it('merges a 실손 entry into the flat-rate contract of the same policy number and company, which keeps its own fields and gains the 실손 coverages', () => {
      const contracts = parseCodefContracts(sample());
      const contractTerms = { startDate: '20160530', endDate: '20920519', renewal: null, indemnity: false };
      const indemnityTerms = { startDate: '20160530', endDate: '20310530', renewal: { cycleYears: 1 }, indemnity: true };
      expect(contracts.map((contract) => contract.productName)).toEqual([
        '(무)KB 든든한건강보험(17.04)',
        '무배당 KB 행복설계종신보험(2종)',
        '다이렉트자동차_개인용',
      ]);
      expect(contracts[0]).toEqual({
        insurerCode: 'N04',
        insurerName: 'KB손해보험',
        productName: '(무)KB 든든한건강보험(17.04)',
        startDate: '20160530',
        endDate: '20920519',
        contractor: '박서연',
        insuredPerson: '박서연',
        state: ContractState.Active,
        type: ContractType.NonLife,
        premium: 110521,
        paymentCycle: PaymentCycle.Monthly,
        paymentCount: 240,
        paymentPeriodYears: 20,
        purpose: ContractPurpose.Protection,
        coverages: [
          { name: '질병입원일당(1일이상)', amount: 20000, code: 'A6100', ...contractTerms },
          { name: '상해입원일당(1일이상)II', amount: 30000, code: 'A6300', ...contractTerms },
          // The 실손 entry's: its own dates (within the contract's), renewing yearly as every 실손 begun since April 2013.
          { name: '상해 입원의료비', amount: 50000000, ...indemnityTerms },
          { name: '질병 외래의료비', amount: 250000, ...indemnityTerms },
          { name: '가족생활배상책임담보', amount: 100000000, startDate: '20160530', endDate: '20820530', renewal: null, indemnity: false },
        ],
      });
    });

    it('does not merge entries of the same policy number at different companies', () => {
      const contracts = parseCodefContracts({
        resFlatRateContractList: [flatRate()],
        resActualLossContractList: [actualLoss({ resCompanyNmCode: 'N01', resCompanyNm: '삼성화재해상보험' })],
      });
      expect(contracts).toHaveLength(2);
      expect(contracts[0]!.coverages).toHaveLength(2);
    });

    it('does not merge on a masked or missing policy number (masks of different policies can be alike)', () => {
      for (const hid of ['305511*****', '', undefined]) {
        const contracts = parseCodefContracts({
          resFlatRateContractList: [flatRate({ resPolicyNumberHid: hid })],
          resActualLossContractList: [actualLoss({ resPolicyNumberHid: hid })],
        });
        expect(contracts).toHaveLength(2);
      }
    });

    it('lists a policy that appears twice in the flat-rate list once (the first entry), and merges two 실손 entries of one policy', () => {
      expect(parseCodefContracts({ resFlatRateContractList: [flatRate(), flatRate({ resPremium: '99' })] })).toEqual([
        expect.objectContaining({ premium: 110521 }),
      ]);
      const merged = only({
        resActualLossContractList: [actualLoss(), actualLoss({ resCoverageLists: [lossCoverage({ resCoverageName: '질병 처방조제료' })] })],
      });
      expect(merged.coverages.map((item) => item.name)).toEqual([
        '상해 입원의료비',
        '질병 외래의료비',
        '가족생활배상책임담보',
        '질병 처방조제료',
      ]);
    });

    it('keeps no policy number, masked or not, anywhere in the contracts', () => {
      const json = JSON.stringify(parseCodefContracts(sample()));
      for (const number of ['30551187420', '305511', '11749021', '118K3029170000', '118K30291']) expect(json).not.toContain(number);
    });

    it('answers no contracts for an answer without lists, with empty lists, or with none at all', () => {
      expect(parseCodefContracts([])).toEqual([]);
      expect(parseCodefContracts({})).toEqual([]);
      expect(parseCodefContracts(null)).toEqual([]);
      expect(parseCodefContracts({ resFlatRateContractList: [], resActualLossContractList: [] })).toEqual([]);
    });
  });

  describe('dates', () => {
    it(`ends a 종신 contract on ${LIFETIME_END_DATE}, a date after any other`, () => {
      expect(flatOnly({ commEndDate: '종신' }).endDate).toBe('99991231');
      expect(LIFETIME_END_DATE > '21991231').toBe(true);
    });

    it('dates a 실손-only contract from its coverages: the earliest start and the latest end', () => {
      const contract = only({
        resActualLossContractList: [
          actualLoss({
            resCoverageLists: [
              lossCoverage({ commStartDate: '20190601', commEndDate: '20200601' }),
              lossCoverage({ commStartDate: '20190521', commEndDate: '20350521' }),
              lossCoverage({ commStartDate: '20200101', commEndDate: '20210101' }),
            ],
          }),
        ],
      });
      expect([contract.startDate, contract.endDate]).toEqual(['20190521', '20350521']);
      const lifelong = only({ resActualLossContractList: [actualLoss({ resCoverageLists: [lossCoverage({ commEndDate: '종신' })] })] });
      expect(lifelong.endDate).toBe(LIFETIME_END_DATE);
    });

    it('leaves out a contract whose dates cannot be read (the port wants YYYYMMDD dates), and says how many it left out', () => {
      const notices: unknown[] = [];
      const notice = (what: unknown) => notices.push(what);
      expect(parseCodefContracts({ resFlatRateContractList: [flatRate({ commStartDate: '' })] }, notice)).toEqual([]);
      expect(parseCodefContracts({ resFlatRateContractList: [flatRate({ commEndDate: '20230231' })] }, notice)).toEqual([]);
      expect(parseCodefContracts({ resActualLossContractList: [actualLoss({ resCoverageLists: [] })] }, notice)).toEqual([]);
      expect(notices).toEqual(Array(3).fill({ undated: 1, unknownStates: [] }));
      // A readable answer says nothing.
      parseCodefContracts({ resFlatRateContractList: [flatRate()] }, notice);
      expect(notices).toHaveLength(3);
    });

    it('reads dates written with separators (YYYY.MM.DD, YYYY-MM-DD, YYYY/MM/DD)', () => {
      for (const [start, end] of [
        ['2016.05.30', '2092.05.19'],
        ['2016-05-30', '2092-05-19'],
        ['2016/05/30', '2092/05/19'],
      ])
        expect(flatOnly({ commStartDate: start, commEndDate: end })).toMatchObject({ startDate: '20160530', endDate: '20920519' });
      expect(parseCodefContracts({ resFlatRateContractList: [flatRate({ commStartDate: '2016.5.30' })] })).toEqual([]);
    });

    it('dates a flat-rate contract without readable dates from its 실손 entry’s coverages, rather than leaving it out', () => {
      const contract = only({
        resFlatRateContractList: [flatRate({ commStartDate: '', commEndDate: undefined })],
        resActualLossContractList: [
          actualLoss({ resCoverageLists: [lossCoverage({ commStartDate: '20160530', commEndDate: '20310530' })] }),
        ],
      });
      expect([contract.startDate, contract.endDate, contract.premium]).toEqual(['20160530', '20310530', 110521]);
    });
  });

  it('maps the states 정상 (and 납입완료, 납입면제, 유지), 실효, 해지, 만기 and 소멸, and anything else to LAPSED (not counted as in force)', () => {
    const states = {
      정상: 'ACTIVE',
      납입완료: 'ACTIVE',
      납입면제: 'ACTIVE',
      유지: 'ACTIVE',
      실효: 'LAPSED',
      해지: 'SURRENDERED',
      만기: 'EXPIRED',
      소멸: 'EXPIRED',
      정: 'LAPSED',
      '': 'LAPSED',
      휴면: 'LAPSED',
    };
    for (const [status, state] of Object.entries(states)) {
      expect(flatOnly({ resContractStatus: status }).state).toBe(state);
      expect(only({ resActualLossContractList: [actualLoss({ resContractStatus: status })] }).state).toBe(state);
    }
  });

  it('names the state words it does not know (credit4u’s vocabulary, for the log), not anything of the customer’s', () => {
    const notices: unknown[] = [];
    parseCodefContracts(
      {
        resFlatRateContractList: [
          flatRate({
            resContractStatus: '휴면',
            resCoverageLists: [coverage({ resCoverageStatus: '부활' }), coverage({ resCoverageStatus: '박서연 X' })],
          }),
        ],
      },
      (what) => notices.push(what),
    );
    expect(notices).toEqual([{ undated: 0, unknownStates: ['휴면', '부활'] }]);
  });

  it('reads the premium as a number of won, and a 실손-only contract (no premium in the source) as 0', () => {
    expect(flatOnly({ resPremium: '110521' }).premium).toBe(110521);
    expect(flatOnly({ resPremium: '1,210,000' }).premium).toBe(1210000);
    expect(flatOnly({ resPremium: '' }).premium).toBe(0);
    expect(flatOnly({ resPremium: undefined }).premium).toBe(0);
    expect(only({ resActualLossContractList: [actualLoss()] })).toMatchObject({
      premium: 0,
      paymentCycle: null,
      paymentCount: null,
      paymentPeriodYears: 0,
    });
  });

  it('maps the payment cycles, and an unknown one to null', () => {
    const cycles = {
      매월납: 'MONTHLY',
      월납: 'MONTHLY',
      '3개월납': 'QUARTERLY',
      '6개월납': 'SEMI_ANNUAL',
      연납: 'ANNUAL',
      일시납: 'LUMP_SUM',
      격월납: null,
      '': null,
    };
    for (const [cycle, code] of Object.entries(cycles)) expect(flatOnly({ resPaymentCycle: cycle }).paymentCycle).toBe(code);
  });

  describe('payment period', () => {
    const payment = (cycle: string, period: string | undefined, fields: Row = {}) => {
      const { paymentCycle, paymentCount, paymentPeriodYears } = flatOnly({ resPaymentCycle: cycle, resPaymentPeriod: period, ...fields });
      return { paymentCycle, paymentCount, paymentPeriodYears };
    };

    it('counts "N년" as N years of payments, N × 12 ÷ months per payment', () => {
      expect(payment('매월납', '20년')).toEqual({ paymentCycle: 'MONTHLY', paymentCount: 240, paymentPeriodYears: 20 });
      expect(payment('3개월납', '20년')).toEqual({ paymentCycle: 'QUARTERLY', paymentCount: 80, paymentPeriodYears: 20 });
      expect(payment('6개월납', '10년')).toEqual({ paymentCycle: 'SEMI_ANNUAL', paymentCount: 20, paymentPeriodYears: 10 });
      expect(payment('연납', '10년')).toEqual({ paymentCycle: 'ANNUAL', paymentCount: 10, paymentPeriodYears: 10 });
    });

    it('makes a lump sum one payment over 0 years, whatever the period says', () => {
      expect(payment('일시납', '10년')).toEqual({ paymentCycle: 'LUMP_SUM', paymentCount: 1, paymentPeriodYears: 0 });
      expect(payment('일시납', '')).toEqual({ paymentCycle: 'LUMP_SUM', paymentCount: 1, paymentPeriodYears: 0 });
    });

    it('counts 전기납 over the whole years of the term, and leaves the count unknown for a lifetime term', () => {
      expect(payment('매월납', '전기납', { commStartDate: '20160530', commEndDate: '20360529' })).toEqual({
        paymentCycle: 'MONTHLY',
        paymentCount: 228,
        paymentPeriodYears: 19,
      });
      expect(payment('연납', '전기납', { commStartDate: '20160530', commEndDate: '20360530' })).toMatchObject({
        paymentCount: 20,
        paymentPeriodYears: 20,
      });
      expect(payment('매월납', '전기납', { commEndDate: '종신' })).toEqual({
        paymentCycle: 'MONTHLY',
        paymentCount: null,
        paymentPeriodYears: 0,
      });
    });

    it('leaves the count unknown (null, 0 years) for 종신납, a period in ages or none', () => {
      for (const period of ['종신납', '60세', '0년', '', undefined]) {
        expect(payment('매월납', period)).toEqual({ paymentCycle: 'MONTHLY', paymentCount: null, paymentPeriodYears: 0 });
      }
    });

    it('keeps the years but not the count when the cycle is unknown', () => {
      expect(payment('격월납', '20년')).toEqual({ paymentCycle: null, paymentCount: null, paymentPeriodYears: 20 });
    });
  });

  it('types a contract LIFE or NON_LIFE by the company code (L…, N…), else by 생명 in the company name', () => {
    expect(flatOnly({ resCompanyNmCode: 'L18' }).type).toBe(ContractType.Life);
    expect(flatOnly({ resCompanyNmCode: 'N10' }).type).toBe(ContractType.NonLife);
    expect(flatOnly({ resCompanyNmCode: '', resCompanyNm: '어느생명보험' }).type).toBe(ContractType.Life);
    expect(flatOnly({ resCompanyNmCode: '', resCompanyNm: '어느손해보험' }).type).toBe(ContractType.NonLife);
    expect(only({ resActualLossContractList: [actualLoss({ resCompanyNmCode: 'L03', resCompanyNm: '교보생명보험' })] }).type).toBe(
      ContractType.Life,
    );
  });

  describe('insurer', () => {
    it('maps credit4u’s company to the catalogue’s insurer code by its name, never by CODEF’s code (N08 is 흥국화재 in the catalogue)', () => {
      expect(flatOnly({ resCompanyNm: 'KB손해보험', resCompanyNmCode: 'N10' })).toMatchObject({
        insurerCode: 'N04',
        insurerName: 'KB손해보험',
      });
      expect(flatOnly({ resCompanyNm: '삼성화재해상보험', resCompanyNmCode: 'N08' })).toMatchObject({
        insurerCode: 'N01',
        insurerName: '삼성화재해상보험',
      });
      expect(catalogueInsurerCode('현대해상화재보험', 'N09')).toBe('N02');
      expect(catalogueInsurerCode(' 삼성생명보험(주) ', 'L01')).toBe('L01');
    });

    it('maps every insurer of the catalogue by its own name', () => {
      for (const insurer of INSURERS_2026_11) expect(catalogueInsurerCode(insurer.name, 'X99')).toBe(insurer.code);
    });

    it('keeps CODEF’s code, prefixed so it is never read as a catalogue code, for a company the catalogue does not know', () => {
      expect(flatOnly({ resCompanyNm: 'KB생명보험', resCompanyNmCode: 'L18' })).toMatchObject({
        insurerCode: 'CODEF_L18',
        insurerName: 'KB생명보험',
      });
      const catalogue = catalogueFromData(CATALOGUE_2026_11);
      expect(catalogue.insurer(catalogueInsurerCode('하나손해보험', 'N08'))).toBeUndefined();
    });
  });

  it('takes the contractor and the insured person as given (the contract’s, else its first coverage’s; the 실손 entry’s for a 실손-only contract)', () => {
    expect(flatOnly({ resContractor: '박*연', resInsuredPerson: '박서연' })).toMatchObject({
      contractor: '박*연',
      insuredPerson: '박서연',
    });
    expect(flatOnly({ resContractor: '', resCoverageLists: [coverage({ resInsuredPerson: '이도윤' })] })).toMatchObject({
      contractor: '',
      insuredPerson: '이도윤',
    });
    expect(only({ resActualLossContractList: [actualLoss({ resInsuredPerson: '홍*동' })] })).toMatchObject({
      contractor: '',
      insuredPerson: '홍*동',
    });
  });

  it('gives contracts the analysis takes as they are: its payload passes the spec’s validators, lifetime and unknown insurers included', () => {
    const analysis = buildCoverageAnalysis({
      customer: { name: '박서연', birthDate: '19870412', gender: 'F', phone: '01055551234' },
      customerId: 7,
      contracts: parseCodefContracts(sample()),
      catalogue: catalogueFromData(CATALOGUE_2026_11),
      inquiryDate: { year: 2026, month: 11, day: 27 },
      retrievedAt: new Date('2026-11-27T04:00:00Z'),
    });
    expect(validateSync(plainToInstance(CoverageAnalysisDto, analysis), { forbidUnknownValues: true })).toEqual([]);
    expect(analysis.contracts.map((contract) => [contract.comapny_code, contract.end_date])).toEqual([
      ['N01', '20200601'],
      ['N04', '20920519'],
      ['CODEF_L18', '99991231'],
    ]);
    // The in-force KB contract's riders: 질병입원일당 and 상해입원일당 count; its lapsed 상해사망 does not.
    const held = Object.fromEntries(analysis.coverages.map((coverage) => [coverage.coverage_code, coverage.amount]));
    expect(held).toMatchObject({ '04_DHD': 20000, '04_AHD': 30000, '01_ACC': 0 });
  });
});
