/*
 * The CODEF fake's default answer of the contracts product (credit4u's contract-info), and the
 * renaming that gives it to whichever customer asked.
 */

/** The sample with its contractor and insured person renamed to the customer who asked (when the fake knows the name). */
export function renamed(sample: Record<string, unknown>, name: string): Record<string, unknown> {
  if (name === '') return sample;
  return JSON.parse(JSON.stringify(sample).replaceAll(SAMPLE_CUSTOMER, name.replaceAll('"', ''))) as Record<string, unknown>;
}

const SAMPLE_CUSTOMER = '김샘플';

const coverage = (
  resNumber: string,
  resCoverageName: string,
  resAgreementType: string,
  resCoverageCode: string,
  resCoverageAmount: string,
  resCoverageStatus = '정상',
  dates?: { commStartDate?: string; commEndDate?: string },
) => ({
  resInsuredPerson: SAMPLE_CUSTOMER,
  resNumber,
  resCoverageStatus,
  resCoverageAmount,
  resCoverageCode,
  resCoverageName,
  resAgreementType,
  ...dates,
});

const actualLoss = (
  resNumber: string,
  resCoverageName: string,
  resType: string,
  resCoverageAmount: string,
  start: string,
  end: string,
) => ({
  resNumber,
  commStartDate: start,
  resCoverageStatus: '정상',
  resType,
  resCoverageAmount,
  commEndDate: end,
  resCoverageName,
});

/**
 * The contracts' default answer: the shape of codef-java's TestKR_IS_0001_001.java sample (field for
 * field), its content made up. Three flat-rate contracts (one in force with coverages of mixed states,
 * 갱신형 riders and two riders with dates of their own, one surrendered whole-life ending `종신`, one
 * lapsed annuity) and two 실손 contracts, the first being the same policy as the first flat-rate one
 * (same `resPolicyNumberHid`), its dates on its coverages. The flat-rate riders' own dates are
 * assumed (CODEF's sample dates only 실손 coverages): one ending 45 years before its contract, one
 * added three years after it began.
 */
export const CODEF_FAKE_CONTRACTS_SAMPLE: Record<string, unknown> = {
  resFlatRateStatisticsList: [
    { resSelfCoverageAmt: '500', resCoverageCode: 'A4301', resCoverageName: '골절진단', resAvgGroupCoverageAmt: '410' },
    { resSelfCoverageAmt: '300000', resCoverageCode: 'A1300', resCoverageName: '상해사망', resAvgGroupCoverageAmt: '118250' },
  ],
  resActualLossStatisticsList: [
    { resSelfRegYN: '1', resAvgGroupRegRate: '74', resCoverageCode: 'E', resCoverageName: '질병통원(외래)' },
    { resSelfRegYN: '0', resAvgGroupRegRate: '12', resCoverageCode: '500', resCoverageName: '일상생활배상책임담보' },
  ],
  resActualLossPaymentList: [],
  resFlatRateContractList: [
    {
      resHomePage: 'www.hangyeol-insure.example',
      resPaymentPeriod: '20년',
      resInsuranceName: '(무)한결 든든건강보험(18.04)',
      resContractor: SAMPLE_CUSTOMER,
      resPolicyNumber: '201830*****',
      resCompanyNm: '한결손해보험',
      commEndDate: '20930612',
      resCoverageLists: [
        coverage('1', '일반상해사망(기본계약)(20년갱신형)', '상해사망', 'A1300', '100000000'),
        coverage('10', '[뇌,심장]단계별질병진단비_중증진단비(20년갱신형)', '급성심근경색진단', 'A4104', '20000000'),
        coverage('11', '암진단비(유사암제외)', '암진단', 'A4101', '30000000'),
        coverage('13', '골절진단비Ⅱ(치아파절제외)(20년갱신형)', '골절진단', 'A4301', '200000', '실효'),
        coverage('43', '질병입원일당(1일이상)', '질병입원일당', 'A6100', '30000', '정상', {
          commStartDate: '20180612',
          commEndDate: '20480612',
        }),
        coverage('52', '강력범죄피해보장', '기타 인보험(정액)담보', 'A9999', '3000000', '정상', { commStartDate: '20210612' }),
      ],
      resPremium: '98400',
      resNumber: '1',
      commStartDate: '20180612',
      resContractStatus: '정상',
      resPaymentCycle: '매월납',
      resPhoneNo: '15990000',
      resPolicyNumberHid: '20183048215',
      resCompanyNmCode: 'N10',
    },
    {
      resHomePage: 'www.nuri-life.example',
      resPaymentPeriod: '20년',
      resInsuranceName: '무배당 누리 평생든든종신보험(2종)',
      resContractor: SAMPLE_CUSTOMER,
      resPolicyNumber: '110*****',
      resCompanyNm: '누리생명보험',
      commEndDate: '종신',
      resCoverageLists: [
        coverage('1', '일반사망', '질병사망', 'A1100', '50000000', '해지'),
        coverage('2', '일반사망', '상해사망', 'A1300', '50000000', '해지'),
      ],
      resPremium: '76000',
      resNumber: '2',
      commStartDate: '20121031',
      resContractStatus: '해지',
      resPaymentCycle: '매월납',
      resPhoneNo: '15990001',
      resPolicyNumberHid: '11052917',
      resCompanyNmCode: 'L18',
    },
    {
      resHomePage: 'www.nuri-life.example',
      resPaymentPeriod: '10년',
      resInsuranceName: '무배당 누리 연금보험(무사망보장형)',
      resContractor: SAMPLE_CUSTOMER,
      resPolicyNumber: '108*****',
      resCompanyNm: '누리생명보험',
      commEndDate: '종신',
      resCoverageLists: [coverage('1', '재해장해(80%이상)', '상해80%이상후유장해', 'A3301', '10000000', '실효')],
      resPremium: '150000',
      resNumber: '3',
      commStartDate: '20140905',
      resContractStatus: '실효',
      resPaymentCycle: '3개월납',
      resPhoneNo: '15990001',
      resPolicyNumberHid: '10873104',
      resCompanyNmCode: 'L18',
    },
  ],
  resActualLossContractList: [
    {
      resInsuredPerson: SAMPLE_CUSTOMER,
      resHomePage: 'www.hangyeol-insure.example',
      resNumber: '1',
      resContractStatus: '정상',
      resInsuranceName: '(무)한결 든든건강보험(18.04)',
      resPolicyNumberHid: '20183048215',
      resPhoneNo: '15990000',
      resPolicyNumber: '201830*****',
      resCompanyNm: '한결손해보험',
      resCompanyNmCode: 'N10',
      resCoverageLists: [
        actualLoss('1', '상해 입원의료비', '실손의료비', '50000000', '20180612', '20330612'),
        actualLoss('2', '상해 외래의료비', '실손의료비', '250000', '20180612', '20330612'),
        actualLoss('3', '질병 입원의료비', '실손의료비', '50000000', '20180612', '20330612'),
        actualLoss('4', '질병 외래의료비', '실손의료비', '250000', '20180612', '20330612'),
        actualLoss('5', '질병 처방조제료', '실손의료비', '50000', '20180612', '20330612'),
        actualLoss('6', '가족생활배상책임담보', '기타실손', '100000000', '20180612', '20830612'),
      ],
    },
    {
      resInsuredPerson: SAMPLE_CUSTOMER,
      resHomePage: 'www.bareun-fire.example',
      resNumber: '2',
      resContractStatus: '정상',
      resInsuranceName: '바른다이렉트자동차_개인용',
      resPolicyNumberHid: '124K5531870000',
      resPhoneNo: '15990002',
      resPolicyNumber: '124K55318*****',
      resCompanyNm: '바른화재해상보험',
      resCompanyNmCode: 'N08',
      resCoverageLists: [
        actualLoss('1', '무보험차에 의한 상해', '기타실손', '200000000', '20250521', '20260521'),
        actualLoss('2', '다른자동차 운전', '기타실손', '1000', '20250521', '20260521'),
      ],
    },
  ],
};
