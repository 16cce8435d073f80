import { ContractState, LIFETIME_END_DATE } from '../../src/integrations/insurance-data/insurance-data.port.js';
import { contract, INDEMNITY, insights } from '../support/coverage-insights.js';

describe('renewals ahead', () => {
  const portfolio = [
    contract({
      productName: '건강보험',
      startDate: '20200401',
      endDate: '20800401',
      premium: 60_000,
      coverages: [
        { name: '일반사망', amount: 10_000_000 },
        // every 3 years: 2023-04-01, 2026-04-01 (past), 2029, 2032, 2035 (within 2036-11-21), 2038 (beyond)
        { name: '암진단비(갱신형)', amount: 30_000_000, endDate: '20400401', renewal: { cycleYears: 3 } },
        // every 10 years: 2030-04-01, then 2040 (beyond)
        { name: '뇌졸중진단비(갱신형)', amount: 20_000_000, endDate: '20600401', renewal: { cycleYears: 10 } },
      ],
    }),
    // every 3 years, ending 2032-10-01 before the horizon: 2028-10-01, 2031-10-01; 2034 is after its end
    contract({
      productName: '입원보험',
      startDate: '20191001',
      endDate: '20321001',
      premium: 30_000,
      coverages: [{ name: '질병입원일당(1일이상)(갱신형)', amount: 30_000, renewal: { cycleYears: 3 } }],
    }),
    // a yearly-renewing 실손: 2027-06-10 … 2036-06-10
    contract({
      productName: '실손의료비보험',
      startDate: '20210610',
      endDate: '20410610',
      premium: 18_900,
      coverages: INDEMNITY.map((coverage) => ({ ...coverage, renewal: { cycleYears: 1 } })),
    }),
    // every 5 years from 2021-08-01, ending 2028-01-01 before its next (2031-08-01)
    contract({
      productName: '상해보험',
      startDate: '20210801',
      endDate: '20280101',
      premium: 15_000,
      coverages: [
        { name: '상해수술비(갱신형)', amount: 1_000_000, renewal: { cycleYears: 5 } },
        { name: '상해사망', amount: 50_000_000 },
      ],
    }),
    // 갱신형 without a cycle
    contract({
      productName: '치아보험',
      startDate: '20180301',
      endDate: '20480301',
      premium: 25_000,
      coverages: [{ name: '치아보존치료비', amount: 200_000, renewal: { cycleYears: null } }],
    }),
    contract({
      startDate: '20220101',
      state: ContractState.Lapsed,
      coverages: [{ name: '암진단비', amount: 1, renewal: { cycleYears: 1 } }],
    }),
  ];

  it('lists each contract’s renewing coverages per cycle, soonest first, with the next date and the count within 10 years', () => {
    const { renewals } = insights(portfolio);
    // The analysis' order: 상해 (2021-08) 1, 실손 (2021-06) 2, 건강 (2020-04) 3, 입원 (2019-10) 4, 치아 (2018-03) 5, lapsed 6.
    expect(
      renewals.items.map((item) => [
        item.contractId,
        item.cycleYears,
        item.nextRenewalDate,
        item.renewalsInHorizon,
        item.wholeContract,
        item.coverageNames,
        item.monthlyPremium,
      ]),
    ).toEqual([
      [2, 1, '2027-06-10', 10, true, ['실손의료비(입원)', '실손의료비(통원)'], 18_900],
      [4, 3, '2028-10-01', 2, true, ['질병입원일당(1일이상)(갱신형)'], 30_000],
      [3, 3, '2029-04-01', 3, false, ['암진단비(갱신형)'], 60_000],
      [3, 10, '2030-04-01', 1, false, ['뇌졸중진단비(갱신형)'], 60_000],
      [1, 5, null, 0, false, ['상해수술비(갱신형)'], 15_000],
      [5, null, null, null, true, ['치아보존치료비'], 25_000],
    ]);
    expect(renewals.horizonYears).toBe(10);
    expect(renewals.renewalsInHorizon).toBe(16); // 10 + 2 + 3 + 1 + 0
    expect(renewals.items[0]).toMatchObject({ insurerName: '삼성화재', productName: '실손의료비보험', startDate: '2021-06-10' });
  });

  it('renews on the last day of February for a 29 February start; the inquiry day is not ahead, the horizon’s last day is', () => {
    const leap = contract({
      startDate: '20240229',
      endDate: '20340301',
      coverages: [{ name: '암진단비', amount: 1, renewal: { cycleYears: 1 } }],
    });
    // 2027-02-28, 2028-02-29, 2029-02-28 … 2034-02-28 (before the end on 2034-03-01): 8
    expect(insights([leap]).renewals.items[0]).toMatchObject({ nextRenewalDate: '2027-02-28', renewalsInHorizon: 8 });

    const decennial = contract({
      startDate: '20061121',
      endDate: LIFETIME_END_DATE,
      coverages: [{ name: '암진단비', amount: 1, renewal: { cycleYears: 10 } }],
    });
    // 2026-11-21 is the inquiry date itself; 2036-11-21 is the horizon's last day
    expect(insights([decennial]).renewals.items[0]).toMatchObject({ nextRenewalDate: '2036-11-21', renewalsInHorizon: 1 });
  });
});
