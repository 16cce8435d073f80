import { parseCodefContracts } from '../../src/integrations/insurance-data/codef/codef-contracts.js';
import type { InsuranceContract, InsuranceCoverage } from '../../src/integrations/insurance-data/insurance-data.port.js';

// credit4u's answer as CODEF's public sample shapes it (codef-io/codef-java, TestKR_IS_0001_001), with
// made-up names and policy numbers and fewer coverages.
export type Row = Record<string, unknown>;

export const flatRate = (fields: Row = {}): Row => ({
  resNumber: '1',
  resCompanyNm: 'KB손해보험',
  resCompanyNmCode: 'N10',
  resInsuranceName: '(무)KB 든든한건강보험(17.04)',
  resContractor: '박서연',
  resPolicyNumber: '305511*****',
  resPolicyNumberHid: '30551187420',
  commStartDate: '20160530',
  commEndDate: '20920519',
  resContractStatus: '정상',
  resPremium: '110521',
  resPaymentCycle: '매월납',
  resPaymentPeriod: '20년',
  resPhoneNo: '15440114',
  resHomePage: 'www.kbinsure.co.kr',
  resCoverageLists: [
    coverage({
      resCoverageStatus: '실효',
      resCoverageAmount: '200000000',
      resCoverageCode: 'A1300',
      resCoverageName: '일반상해사망(기본계약)(20년갱신형)',
      resAgreementType: '상해사망',
    }),
    coverage({
      resCoverageAmount: '20000',
      resCoverageCode: 'A6100',
      resCoverageName: '질병입원일당(1일이상)',
      resAgreementType: '질병입원일당',
    }),
    coverage({
      resCoverageAmount: '30000',
      resCoverageCode: 'A6300',
      resCoverageName: '상해입원일당(1일이상)II',
      resAgreementType: '상해입원일당',
    }),
  ],
  ...fields,
});

export function coverage(fields: Row): Row {
  return { resInsuredPerson: '박서연', resNumber: '1', resCoverageStatus: '정상', ...fields };
}

export const actualLoss = (fields: Row = {}): Row => ({
  resNumber: '1',
  resCompanyNm: 'KB손해보험',
  resCompanyNmCode: 'N10',
  resInsuranceName: '(무)KB 튼튼실손보험(16.04)',
  resInsuredPerson: '박서연',
  resPolicyNumber: '305511*****',
  resPolicyNumberHid: '30551187420',
  resContractStatus: '정상',
  resPhoneNo: '15440114',
  resCoverageLists: [
    lossCoverage({ resCoverageAmount: '50000000', resCoverageName: '상해 입원의료비' }),
    lossCoverage({ resCoverageAmount: '250000', resCoverageName: '질병 외래의료비' }),
    lossCoverage({ resType: '기타실손', resCoverageAmount: '100000000', commEndDate: '20820530', resCoverageName: '가족생활배상책임담보' }),
  ],
  ...fields,
});

export function lossCoverage(fields: Row): Row {
  return {
    resNumber: '1',
    commStartDate: '20160530',
    commEndDate: '20310530',
    resCoverageStatus: '정상',
    resType: '실손의료비',
    ...fields,
  };
}

export const lifeContract: Row = flatRate({
  resCompanyNm: 'KB생명보험',
  resCompanyNmCode: 'L18',
  resInsuranceName: '무배당 KB 행복설계종신보험(2종)',
  resPolicyNumber: '117*****',
  resPolicyNumberHid: '11749021',
  commStartDate: '20121031',
  commEndDate: '종신',
  resContractStatus: '해지',
  resPremium: '76000',
  resCoverageLists: [
    coverage({
      resCoverageStatus: '해지',
      resCoverageAmount: '50000000',
      resCoverageCode: 'A1100',
      resCoverageName: '일반사망',
      resAgreementType: '질병사망',
    }),
  ],
});

export const carInsurance: Row = actualLoss({
  resCompanyNm: '삼성화재해상보험',
  resCompanyNmCode: 'N08',
  resInsuranceName: '다이렉트자동차_개인용',
  resPolicyNumber: '118K30291*****',
  resPolicyNumberHid: '118K3029170000',
  resCoverageLists: [
    lossCoverage({
      resType: '기타실손',
      commStartDate: '20190521',
      commEndDate: '20200521',
      resCoverageAmount: '500000000',
      resCoverageName: '무보험차에 의한 상해',
    }),
    lossCoverage({
      resType: '기타실손',
      commStartDate: '20190601',
      commEndDate: '20200601',
      resCoverageAmount: '1000',
      resCoverageName: '다른자동차 운전',
    }),
  ],
});

/** The sample's shape: statistics lists (ignored), two flat-rate contracts, and 실손 entries, one of them the same policy as a flat-rate one. */
export const sample = (): Row => ({
  resFlatRateStatisticsList: [
    { resSelfCoverageAmt: '300', resCoverageCode: 'A4301', resCoverageName: '골절진단', resAvgGroupCoverageAmt: '380' },
  ],
  resActualLossStatisticsList: [{ resSelfRegYN: '1', resAvgGroupRegRate: '76', resCoverageCode: 'E', resCoverageName: '질병통원(외래)' }],
  resActualLossPaymentList: [],
  resFlatRateContractList: [flatRate(), lifeContract],
  resActualLossContractList: [actualLoss(), carInsurance],
});

/** Name, amount and code of each coverage: what the rules of this block are about (dates, renewal and 실손 have their own). */
export const plain = (coverages: readonly InsuranceCoverage[]) =>
  coverages.map(({ name, amount, code }) => ({ name, amount, ...(code !== undefined && { code }) }));

export const only = (data: Row): InsuranceContract => {
  const contracts = parseCodefContracts(data);
  expect(contracts).toHaveLength(1);
  return contracts[0]!;
};
export const flatOnly = (fields: Row) => only({ resFlatRateContractList: [flatRate(fields)] });
