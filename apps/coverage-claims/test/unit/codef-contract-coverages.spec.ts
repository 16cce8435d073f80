import { buildCoverageAnalysis } from '../../src/coverage-analysis/analysis/coverage-analysis.js';
import { catalogueFromData } from '../../src/coverage-analysis/catalogue/catalogue-rows.js';
import { CATALOGUE_2026_11 } from '../../src/coverage-analysis/catalogue/v2026-11/index.js';
import {
  LIFETIME_END_DATE,
  parseCodefContracts,
  purposeOf,
  renewalInName,
} from '../../src/integrations/insurance-data/codef/codef-contracts.js';
import { ContractPurpose } from '../../src/integrations/insurance-data/insurance-data.port.js';
import { actualLoss, coverage, flatOnly, flatRate, lossCoverage, only, plain, type Row } from '../support/credit4u-contracts.js';

describe('contracts from CODEF (credit4u)', () => {
  describe('coverages', () => {
    it('carries the name, the amount in won and CODEF’s coverage code (none for 실손 coverages)', () => {
      const contract = flatOnly({
        resCoverageLists: [coverage({ resCoverageName: '깁스치료비', resCoverageAmount: '100000', resCoverageCode: 'A9601' })],
      });
      expect(plain(contract.coverages)).toEqual([{ name: '깁스치료비', amount: 100000, code: 'A9601' }]);
      const loss = only({
        resActualLossContractList: [
          actualLoss({ resCoverageLists: [lossCoverage({ resCoverageName: '상해 처방조제료', resCoverageAmount: '50000' })] }),
        ],
      });
      expect(plain(loss.coverages)).toEqual([{ name: '상해 처방조제료', amount: 50000 }]);
      expect(plain(flatOnly({ resCoverageLists: [coverage({ resCoverageName: '무엇', resCoverageAmount: '' })] }).coverages)).toEqual([
        { name: '무엇', amount: 0 },
      ]);
    });

    it('leaves out the coverages not in force of an in-force contract (flat-rate and 실손)', () => {
      const contract = only({
        resFlatRateContractList: [flatRate()],
        resActualLossContractList: [
          actualLoss({ resCoverageLists: [lossCoverage({ resCoverageName: '끝난 담보', resCoverageStatus: '만기' }), lossCoverage({})] }),
        ],
      });
      expect(contract.coverages.map((item) => item.name)).not.toContain('일반상해사망(기본계약)(20년갱신형)');
      expect(contract.coverages.map((item) => item.name)).not.toContain('끝난 담보');
      expect(contract.coverages).toHaveLength(3);
    });

    it('counts once a coverage credit4u files under both causes (일반사망 as 질병사망 and as 상해사망): one row, the smaller amount', () => {
      const contract = flatOnly({
        resCoverageLists: [
          coverage({ resCoverageName: '일반사망', resAgreementType: '질병사망', resCoverageCode: 'A1100', resCoverageAmount: '50000000' }),
          coverage({ resCoverageName: '재해사망', resAgreementType: '상해사망', resCoverageCode: 'A1300', resCoverageAmount: '30000000' }),
          coverage({ resCoverageName: '일반사망', resAgreementType: '상해사망', resCoverageCode: 'A1300', resCoverageAmount: '40000000' }),
          coverage({ resCoverageName: '질병후유장해', resAgreementType: '질병후유장해', resCoverageAmount: '10000000' }),
        ],
      });
      expect(plain(contract.coverages)).toEqual([
        { name: '일반사망', amount: 40000000, code: 'A1100' },
        { name: '재해사망', amount: 30000000, code: 'A1300' },
        { name: '질병후유장해', amount: 10000000 },
      ]);
      // Two rows of one name under one cause are two coverages, as given.
      const twice = flatOnly({
        resCoverageLists: [
          coverage({ resCoverageName: '일반사망', resAgreementType: '질병사망', resCoverageAmount: '1000' }),
          coverage({ resCoverageName: '일반사망', resAgreementType: '질병사망', resCoverageAmount: '2000' }),
        ],
      });
      expect(twice.coverages.map((item) => item.amount)).toEqual([1000, 2000]);
    });

    it('dates a coverage filed under both causes by both rows: it covers while both do (the later start, the earlier end)', () => {
      const contract = flatOnly({
        resCoverageLists: [
          coverage({ resCoverageName: '일반사망', resAgreementType: '상해사망', resCoverageAmount: '50000000', commEndDate: '20850101' }),
          coverage({ resCoverageName: '일반사망', resAgreementType: '질병사망', resCoverageAmount: '50000000', commEndDate: '20650101' }),
        ],
      });
      const [merged] = contract.coverages;
      expect(contract.coverages).toHaveLength(1);
      expect(merged!.endDate).toBe('20650101');
    });

    it('keeps a coverage that gives no state of its own on an in-force contract', () => {
      const contract = flatOnly({
        resCoverageLists: [coverage({ resCoverageName: '깁스치료비', resCoverageStatus: undefined }), coverage({ resCoverageStatus: '' })],
      });
      expect(contract.coverages).toHaveLength(2);
    });

    it('keeps every coverage of a contract not in force, to show what it had', () => {
      const contract = flatOnly({ resContractStatus: '실효' });
      expect(contract.coverages.map((item) => item.name)).toEqual([
        '일반상해사망(기본계약)(20년갱신형)',
        '질병입원일당(1일이상)',
        '상해입원일당(1일이상)II',
      ]);
    });
  });

  describe('실손 composed into whole-of-care coverages', () => {
    const lossOnly = (...rows: Row[]) => plain(only({ resActualLossContractList: [actualLoss({ resCoverageLists: rows })] }).coverages);
    const row = (resCoverageName: string, resCoverageAmount: string, fields: Row = {}) =>
      lossCoverage({ resCoverageName, resCoverageAmount, ...fields });
    /** CODEF's sample: every cause and kind of care, and a liability cover that is not medical indemnity. */
    const split = () => [
      row('상해 입원의료비', '50000000'),
      row('상해 처방조제료', '50000'),
      row('상해 외래의료비', '250000'),
      row('질병 입원의료비', '50000000'),
      row('질병 처방조제료', '50000'),
      row('질병 외래의료비', '250000'),
      row('가족생활배상책임담보', '100000000', { resType: '기타실손' }),
    ];

    it('composes 실손의료비(입원) (the smaller limit of 상해 and 질병) and 실손의료비(통원) (외래 + 처방조제 per cause, the smaller), in place of the split coverages', () => {
      expect(lossOnly(...split())).toEqual([
        { name: '실손의료비(입원)', amount: 50_000_000 },
        { name: '실손의료비(통원)', amount: 300_000 },
        { name: '가족생활배상책임담보', amount: 100_000_000 },
      ]);
      const uneven = lossOnly(
        row('상해 입원의료비', '30000000'),
        row('질병 입원의료비', '50000000'),
        row('상해 외래의료비', '250000'),
        row('상해 처방조제료', '50000'),
        row('질병 외래의료비', '200000'),
        row('질병 처방조제료', '50000'),
      );
      expect(uneven).toEqual([
        { name: '실손의료비(입원)', amount: 30_000_000 },
        { name: '실손의료비(통원)', amount: 250_000 },
      ]);
    });

    it('leaves one cause alone split (not whole cover), inpatient and outpatient each on its own', () => {
      const injuryOnly = [row('상해 입원의료비', '50000000'), row('상해 외래의료비', '250000'), row('상해 처방조제료', '50000')];
      expect(lossOnly(...injuryOnly)).toEqual([
        { name: '상해 입원의료비', amount: 50_000_000 },
        { name: '상해 외래의료비', amount: 250_000 },
        { name: '상해 처방조제료', amount: 50_000 },
      ]);
      expect(lossOnly(...injuryOnly, row('질병 입원의료비', '50000000'))).toEqual([
        { name: '실손의료비(입원)', amount: 50_000_000 },
        { name: '상해 외래의료비', amount: 250_000 },
        { name: '상해 처방조제료', amount: 50_000 },
      ]);
    });

    it('composes outpatient care from 외래 alone where a cause has no 처방조제 entry, and leaves a 처방조제 entry without 외래 split', () => {
      expect(lossOnly(row('상해 외래의료비', '250000'), row('질병 외래의료비', '250000'), row('질병 처방조제료', '50000'))).toEqual([
        { name: '실손의료비(통원)', amount: 250_000 },
      ]);
      expect(lossOnly(row('상해 처방조제료', '50000'), row('질병 처방조제료', '50000'), row('질병 외래의료비', '250000'))).toEqual([
        { name: '상해 처방조제료', amount: 50_000 },
        { name: '질병 처방조제료', amount: 50_000 },
        { name: '질병 외래의료비', amount: 250_000 },
      ]);
    });

    it('composes only from coverages in force: a 질병 입원의료비 that has ended leaves 상해 입원의료비 split', () => {
      const coverages = lossOnly(row('상해 입원의료비', '50000000'), row('질병 입원의료비', '50000000', { resCoverageStatus: '만기' }));
      expect(coverages).toEqual([{ name: '상해 입원의료비', amount: 50_000_000 }]);
    });

    it('leaves 기타실손 entries as they are, whatever their name, and composes nothing from them', () => {
      const other = { resType: '기타실손' };
      expect(lossOnly(row('상해 입원의료비', '50000000', other), row('질병 입원의료비', '50000000', other))).toEqual([
        { name: '상해 입원의료비', amount: 50_000_000 },
        { name: '질병 입원의료비', amount: 50_000_000 },
      ]);
    });

    it('reads the names with or without spaces and with renewal qualifiers', () => {
      expect(
        lossOnly(
          row('상해입원의료비', '50000000'),
          row('질병 입원 의료비(갱신형)', '50000000'),
          row(' 상해 외래 의료비 ', '250000'),
          row('상해처방조제료(15년갱신형)', '50000'),
          row('질병외래의료비', '250000'),
          row('질병 처방 조제료', '50000'),
        ),
      ).toEqual([
        { name: '실손의료비(입원)', amount: 50_000_000 },
        { name: '실손의료비(통원)', amount: 300_000 },
      ]);
    });

    it('leaves 급여 and 비급여 splits, and a cause reported twice, split (no source shows how their limits combine)', () => {
      const benefitSplit = [
        row('질병급여입원의료비', '50000000'),
        row('질병비급여입원의료비', '50000000'),
        row('상해급여입원의료비', '50000000'),
        row('상해비급여입원의료비', '50000000'),
      ];
      expect(lossOnly(...benefitSplit).map((coverage) => coverage.name)).toEqual(benefitSplit.map((item) => item.resCoverageName));
      const twice = [row('상해 입원의료비', '50000000'), row('상해 입원의료비', '30000000'), row('질병 입원의료비', '50000000')];
      expect(lossOnly(...twice).map((coverage) => coverage.name)).toEqual(['상해 입원의료비', '상해 입원의료비', '질병 입원의료비']);
    });

    it('composes across the 실손 entries of one policy, after the flat-rate coverages of a merged contract', () => {
      const [first, second] = [split().slice(0, 3), split().slice(3)];
      const contract = only({
        resFlatRateContractList: [flatRate()],
        resActualLossContractList: [actualLoss({ resCoverageLists: first }), actualLoss({ resCoverageLists: second })],
      });
      expect(contract.coverages.map((coverage) => coverage.name)).toEqual([
        '질병입원일당(1일이상)',
        '상해입원일당(1일이상)II',
        '실손의료비(입원)',
        '실손의료비(통원)',
        '가족생활배상책임담보',
      ]);
    });

    it('gives the analysis whole-of-care 실손 it counts: 03_HIN and 03_HOT held at the composed limits', () => {
      const analysis = buildCoverageAnalysis({
        customer: { name: '박서연', birthDate: '19870412', gender: 'F', phone: '01055551234' },
        customerId: 7,
        contracts: parseCodefContracts({ resActualLossContractList: [actualLoss({ resCoverageLists: split() })] }),
        catalogue: catalogueFromData(CATALOGUE_2026_11),
        inquiryDate: { year: 2026, month: 11, day: 27 },
        retrievedAt: new Date('2026-11-27T04:00:00Z'),
      });
      const held = Object.fromEntries(analysis.coverages.map((coverage) => [coverage.coverage_code, coverage.amount]));
      expect(held).toMatchObject({ '03_HIN': 50_000_000, '03_HOT': 300_000 });
    });
  });

  describe('what the insights need: coverage dates, 실손, renewal, purpose', () => {
    const rider = (fields: Row) =>
      flatOnly({ resCoverageLists: [coverage({ resCoverageName: '질병입원일당(1일이상)', ...fields })] }).coverages[0]!;
    const lossRow = (fields: Row) =>
      only({ resActualLossContractList: [actualLoss({ resCoverageLists: [lossCoverage(fields)] })] }).coverages[0]!;

    describe('coverage dates', () => {
      it('gives a coverage without dates of its own its contract’s', () => {
        expect(rider({})).toMatchObject({ startDate: '20160530', endDate: '20920519' });
        expect(flatOnly({ commEndDate: '종신' }).coverages[0]).toMatchObject({ startDate: '20160530', endDate: LIFETIME_END_DATE });
      });

      it('takes a rider’s own commStartDate and commEndDate: one added later, one ending before its contract', () => {
        expect(rider({ commStartDate: '20190530', commEndDate: '20510530' })).toMatchObject({ startDate: '20190530', endDate: '20510530' });
        expect(rider({ commEndDate: '2046.05.30' })).toMatchObject({ startDate: '20160530', endDate: '20460530' });
        // A 종신 contract's rider ending at an age.
        const lifelong = flatOnly({ commEndDate: '종신', resCoverageLists: [coverage({ commEndDate: '20470530' })] });
        expect([lifelong.endDate, lifelong.coverages[0]!.endDate]).toEqual([LIFETIME_END_DATE, '20470530']);
      });

      it('keeps a coverage within its contract (never before its start nor after its end), and ignores dates it cannot read or that miss the contract', () => {
        expect(rider({ commStartDate: '20100101', commEndDate: '21001231' })).toMatchObject({ startDate: '20160530', endDate: '20920519' });
        expect(rider({ commEndDate: '종신' })).toMatchObject({ endDate: '20920519' });
        expect(rider({ commStartDate: '2019-13-01', commEndDate: 'soon' })).toMatchObject({ startDate: '20160530', endDate: '20920519' });
        expect(rider({ commStartDate: '20000101', commEndDate: '20050101' })).toMatchObject({ startDate: '20160530', endDate: '20920519' });
      });

      it('dates 실손 coverages by their own dates, within the flat-rate contract they are merged into', () => {
        const contract = only({
          resFlatRateContractList: [flatRate()],
          resActualLossContractList: [
            actualLoss({
              resCoverageLists: [lossCoverage({ resCoverageName: '질병 처방조제료', commStartDate: '20210530', commEndDate: '20360530' })],
            }),
          ],
        });
        expect(contract.coverages.at(-1)).toMatchObject({ name: '질병 처방조제료', startDate: '20210530', endDate: '20360530' });
      });

      it('dates a composed 실손 coverage while all its rows cover: the latest start and the earliest end', () => {
        const coverages = only({
          resActualLossContractList: [
            actualLoss({
              resCoverageLists: [
                lossCoverage({
                  resCoverageName: '상해 입원의료비',
                  resCoverageAmount: '50000000',
                  commStartDate: '20160530',
                  commEndDate: '20310530',
                }),
                lossCoverage({
                  resCoverageName: '질병 입원의료비',
                  resCoverageAmount: '50000000',
                  commStartDate: '20170101',
                  commEndDate: '20300101',
                }),
              ],
            }),
          ],
        }).coverages;
        expect(coverages).toEqual([
          {
            name: '실손의료비(입원)',
            amount: 50_000_000,
            startDate: '20170101',
            endDate: '20300101',
            renewal: { cycleYears: 1 },
            indemnity: true,
          },
        ]);
      });
    });

    it('flags as 실손 (indemnity) the coverages of resType 실손의료비 and those composed from them; 기타실손, a 실손 row without a type and flat-rate coverages are not', () => {
      expect(lossRow({ resCoverageName: '상해 외래의료비' }).indemnity).toBe(true);
      expect(lossRow({ resType: ' 실손 의료비 ', resCoverageName: '질병급여입원의료비' }).indemnity).toBe(true);
      expect(lossRow({ resType: '기타실손', resCoverageName: '가족생활배상책임담보' }).indemnity).toBe(false);
      expect(lossRow({ resType: undefined, resCoverageName: '상해 외래의료비' }).indemnity).toBe(false);
      expect(rider({ resCoverageName: '실손의료비(입원)' }).indemnity).toBe(false);
      const composed = only({ resActualLossContractList: [actualLoss()] });
      expect(composed.coverages.map(({ name, indemnity }) => [name, indemnity])).toEqual([
        ['상해 입원의료비', true],
        ['질병 외래의료비', true],
        ['가족생활배상책임담보', false],
      ]);
    });

    describe('renewal', () => {
      it('reads 갱신형 and its cycle from a name, 비갱신형 as non-renewal, and nothing from a name that does not say', () => {
        const cases: Array<[string, unknown]> = [
          ['일반상해사망(기본계약)(20년갱신형)', { cycleYears: 20 }],
          ['질병수술비(3년갱신)', { cycleYears: 3 }],
          ['암진단비 10년 갱신', { cycleYears: 10 }],
          ['상해처방조제료(15년만기갱신형)', { cycleYears: 15 }],
          ['간병인사용일당 5년마다 갱신', { cycleYears: 5 }],
          ['[갱신형] 일반암진단비 특약', { cycleYears: null }],
          ['질병입원일당(갱신형)', { cycleYears: null }],
          ['암진단비(100세만기)(갱신형)', { cycleYears: null }],
          ['암진단비(비갱신형)', null],
          ['뇌졸중진단비(무갱신형)', null],
          ['질병입원일당(1일이상)', undefined],
          ['(무)KB 든든한건강보험(17.04)', undefined],
        ];
        for (const [name, renewal] of cases) expect([name, renewalInName(name)]).toEqual([name, renewal]);
      });

      it('renews a coverage as its own name says, else as its product’s name says, else not at all', () => {
        expect(rider({ resCoverageName: '질병수술비(10년갱신형)' }).renewal).toEqual({ cycleYears: 10 });
        expect(rider({}).renewal).toBeNull();
        const renewing = flatOnly({
          resInsuranceName: '무배당 든든암보험(20년갱신형)',
          resCoverageLists: [coverage({}), coverage({ resCoverageName: '암수술비(비갱신형)' })],
        });
        expect(renewing.coverages.map((item) => item.renewal)).toEqual([{ cycleYears: 20 }, null]);
        expect(
          flatOnly({
            resInsuranceName: '무배당 갱신형 건강보험',
            resCoverageLists: [coverage({ resCoverageName: '골절진단비(3년갱신형)' })],
          }).coverages[0]!.renewal,
        ).toEqual({ cycleYears: 3 });
      });

      it('renews 실손의료비 by the standard terms of its start: yearly from April 2013, every 3 years from October 2009, before that as the name says or unknown', () => {
        const renewal = (start: string, name = '상해 외래의료비') =>
          lossRow({ resCoverageName: name, commStartDate: start, commEndDate: '20400101' }).renewal;
        expect(renewal('20210701')).toEqual({ cycleYears: 1 });
        expect(renewal('20130401')).toEqual({ cycleYears: 1 });
        // A cycle in the name of a later 실손 is its 15-year re-subscription, not how often the premium changes.
        expect(renewal('20160530', '상해처방조제료(15년갱신형)')).toEqual({ cycleYears: 1 });
        expect(renewal('20130331')).toEqual({ cycleYears: 3 });
        expect(renewal('20091001')).toEqual({ cycleYears: 3 });
        expect(renewal('20090930')).toEqual({ cycleYears: null });
        expect(renewal('20070315', '질병 외래의료비(5년갱신형)')).toEqual({ cycleYears: 5 });
        // 기타실손 is not 실손의료비: renewal from its name only.
        expect(lossRow({ resType: '기타실손', resCoverageName: '가족생활배상책임담보', commStartDate: '20160530' }).renewal).toBeNull();
        expect(lossRow({ resType: '기타실손', resCoverageName: '일상생활배상책임(3년갱신형)', commStartDate: '20160530' }).renewal).toEqual(
          {
            cycleYears: 3,
          },
        );
      });
    });

    it('reads what the premium buys from the product name: 연금 PENSION; 저축, 적립, 양로, 교육보험 and 변액 savings SAVINGS; else PROTECTION', () => {
      const cases: Array<[string, ContractPurpose]> = [
        ['무배당KB100세연금보험(2종 : 무사망보장형)', ContractPurpose.Pension],
        ['(무)하나로 연금저축보험', ContractPurpose.Pension],
        ['무배당 변액연금보험', ContractPurpose.Pension],
        ['무배당 스마트저축보험', ContractPurpose.Savings],
        ['무배당 행복적립보험', ContractPurpose.Savings],
        ['무배당 양로보험', ContractPurpose.Savings],
        ['무배당 꿈나무 교육보험', ContractPurpose.Savings],
        ['무배당 변액유니버셜보험(적립형)', ContractPurpose.Savings],
        ['무배당 변액유니버셜 투자플랜', ContractPurpose.Savings],
        ['무배당 변액종신보험', ContractPurpose.Protection],
        ['무배당 변액 CI보험', ContractPurpose.Protection],
        ['무배당 KB 국민은퇴설계종신보험(2종)', ContractPurpose.Protection],
        ['(무)KB The드림365건강보험(17.04)', ContractPurpose.Protection],
        ['애니카다이렉트_개인용', ContractPurpose.Protection],
        ['', ContractPurpose.Protection],
      ];
      for (const [name, purpose] of cases) expect([name, purposeOf(name)]).toEqual([name, purpose]);
      expect(flatOnly({ resInsuranceName: '무배당 누리 연금보험(무사망보장형)' }).purpose).toBe(ContractPurpose.Pension);
      expect(only({ resActualLossContractList: [actualLoss()] }).purpose).toBe(ContractPurpose.Protection);
    });
  });
});
