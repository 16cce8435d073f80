import { ContractState } from '../../src/integrations/insurance-data/insurance-data.port.js';
import { contract, INDEMNITY, indemnityContract, insights } from '../support/coverage-insights.js';

describe('duplicate 실손', () => {
  it('finds two 실손 for one person and one for each of two others; keeps the first begun and counts the other’s premium as surplus', () => {
    const result = insights([
      indemnityContract({ productName: '실손A', startDate: '20160401', premium: 23_400 }),
      indemnityContract({ productName: '실손D', insuredPerson: '김서연', startDate: '20180120', premium: 12_000 }),
      indemnityContract({ productName: '실손F', startDate: '20230101', premium: 30_000, state: ContractState.Lapsed }),
      indemnityContract({ productName: '실손B', startDate: '20210610', premium: 18_900 }),
      indemnityContract({ productName: '실손E', insuredPerson: '김하준', startDate: '20200201', premium: 9_500 }),
    ]).indemnity;

    // The analysis' order (active, newest first): B 1, E 2, D 3, A 4, then the lapsed F 5.
    const base = { insurerName: '삼성화재', insuredPerson: '김민준', indemnityOnly: true };
    expect(result.people).toEqual([
      {
        insuredPerson: '김민준',
        contracts: [
          { ...base, contractId: 4, productName: '실손A', startDate: '2016-04-01', monthlyPremium: 23_400, kept: true },
          { ...base, contractId: 1, productName: '실손B', startDate: '2021-06-10', monthlyPremium: 18_900, kept: false },
        ],
        duplicate: true,
        surplusMonthlyPremium: 18_900,
      },
      // the others in the order the analysis first lists them: E (2), then D (3)
      {
        insuredPerson: '김하준',
        contracts: [
          {
            ...base,
            insuredPerson: '김하준',
            contractId: 2,
            productName: '실손E',
            startDate: '2020-02-01',
            monthlyPremium: 9_500,
            kept: true,
          },
        ],
        duplicate: false,
        surplusMonthlyPremium: 0,
      },
      {
        insuredPerson: '김서연',
        contracts: [
          {
            ...base,
            insuredPerson: '김서연',
            contractId: 3,
            productName: '실손D',
            startDate: '2018-01-20',
            monthlyPremium: 12_000,
            kept: true,
          },
        ],
        duplicate: false,
        surplusMonthlyPremium: 0,
      },
    ]);
    expect(result.duplicated).toBe(true);
    expect(result.surplusMonthlyPremium).toBe(18_900);
    expect(result.message).toBe(
      '실손의료비는 여러 건에 가입해도 실제 부담한 의료비를 한 번만, 계약별로 나누어 보상합니다(비례보상). ' +
        '가장 먼저 가입한 계약 외에 실손의료비만 보장하는 중복 계약의 보험료는 월 18,900원입니다.',
    );
  });

  it('lists the customer first even when another person’s contract comes first in the analysis', () => {
    const result = insights([
      indemnityContract({ insuredPerson: '김서연', startDate: '20240101' }),
      indemnityContract({ startDate: '20100101' }),
    ]).indemnity;
    expect(result.people.map((person) => [person.insuredPerson, person.contracts[0]!.contractId])).toEqual([
      ['김민준', 2],
      ['김서연', 1],
    ]);
  });

  it('says nothing when nobody holds more than one', () => {
    const result = insights([indemnityContract({}), indemnityContract({ insuredPerson: '김서연' })]).indemnity;
    expect(result).toMatchObject({ duplicated: false, surplusMonthlyPremium: 0, message: null });
    expect(result.people).toHaveLength(2);
  });

  it('does not count as surplus a contract with 실손 beside other cover, even when it is the one kept', () => {
    const health = (startDate: string, premium: number) =>
      contract({ startDate, premium, coverages: [INDEMNITY[0]!, { name: '암진단비', amount: 30_000_000 }] });
    // kept: the health contract begun first (not 실손-only); surplus: the 실손-only one (18,900), not the later health one
    const mixed = insights([
      health('20150301', 85_000),
      indemnityContract({ startDate: '20210610', premium: 18_900 }),
      health('20190101', 70_000),
    ]).indemnity.people[0]!;
    expect(mixed.contracts.map((entry) => [entry.startDate, entry.indemnityOnly, entry.kept])).toEqual([
      ['2015-03-01', false, true],
      ['2019-01-01', false, false],
      ['2021-06-10', true, false],
    ]);
    expect(mixed.surplusMonthlyPremium).toBe(18_900);

    // the only other contract carries other cover: no surplus premium to name
    const result = insights([indemnityContract({ startDate: '20160401' }), health('20190101', 70_000)]).indemnity;
    expect(result.surplusMonthlyPremium).toBe(0);
    expect(result.message).toBe(
      '실손의료비는 여러 건에 가입해도 실제 부담한 의료비를 한 번만, 계약별로 나누어 보상합니다(비례보상). ' +
        '중복된 계약은 다른 보장과 함께 가입되어 있어, 실손의료비 부분의 보험료는 따로 알 수 없습니다.',
    );
  });

  it('says a paid-up surplus contract costs nothing a month', () => {
    // 60 monthly payments from 2017-01-10: the last on 2021-12-10
    const result = insights([
      indemnityContract({ startDate: '20160401' }),
      indemnityContract({ startDate: '20170110', paymentCount: 60 }),
    ]).indemnity;
    expect(result.people[0]!.contracts.map((entry) => entry.monthlyPremium)).toEqual([100_000, 0]);
    expect(result.surplusMonthlyPremium).toBe(0);
    expect(result.message).toMatch(/비례보상\)\. 실손의료비만 보장하는 중복 계약은 납입이 끝나, 매월 나가는 보험료는 없습니다\.$/);
  });

  it('says a surplus contract’s premium is not known when the source gives no cycle (a 실손-only contract from CODEF), never that it is paid up', () => {
    const result = insights([
      indemnityContract({ startDate: '20160401' }),
      indemnityContract({ startDate: '20190301', premium: 0, paymentCycle: null, paymentCount: null, paymentPeriodYears: 0 }),
    ]).indemnity;
    expect(result.people[0]!.contracts.map((entry) => entry.monthlyPremium)).toEqual([100_000, null]);
    expect(result.surplusMonthlyPremium).toBe(0);
    expect(result.message).toContain('계산하지 못했습니다');
    expect(result.message).not.toContain('납입이 끝나');
  });

  it('does not count a 실손 coverage that has ended by the inquiry date', () => {
    const ended = INDEMNITY.map((coverage) => ({ ...coverage, endDate: '20251231' }));
    const result = insights([
      indemnityContract({ startDate: '20160401' }),
      indemnityContract({ startDate: '20190301', coverages: ended }),
    ]).indemnity;
    expect(result.duplicated).toBe(false);
    expect(result.people[0]!.contracts.map((entry) => entry.contractId)).toHaveLength(1);
  });
});
