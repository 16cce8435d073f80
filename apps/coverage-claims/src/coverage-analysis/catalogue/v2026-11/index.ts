import { INSURERS_2026_11 } from '../../../insurers/catalogue/v2026-11/index.js';
import type { AmountBandData, AmountPair, CatalogueData } from '../catalogue-data.js';

// Catalogue version 2026.11. Frozen once a migration has loaded it: a change is a new version
// (a new folder and a new migration). The source or the arithmetic of every figure, and which
// figures are assumptions awaiting the business's confirmation, are in docs/sources/coverage-catalogue.md
// under the coverage code.

const MAN = 10_000; // 만원
const EOK = 100_000_000; // 억원

// Age bands (full years, both ends included).
const CHILD = [0, 14] as const; // under 15: no death cover (상법 제732조), no criminal fines (형법 제9조)
const YOUNG = [15, 29] as const;
const THIRTIES = [30, 39] as const;
const FORTIES = [40, 49] as const;
const FIFTIES = [50, 59] as const;
const SIXTIES = [60, 69] as const;
const SEVENTY_PLUS = [70, 120] as const;
const ADULT_BANDS = [YOUNG, THIRTIES, FORTIES, FIFTIES, SIXTIES, SEVENTY_PLUS];
const ALL_BANDS = [CHILD, ...ADULT_BANDS];

/** This version has no source for a difference between men and women: both get the same amounts. */
function band(ages: readonly [number, number], recommend: number, limit: number): AmountBandData {
  const pair: AmountPair = [recommend, limit];
  return { ages, M: pair, F: pair };
}

const everyBand = (bands: readonly (readonly [number, number])[], recommend: number, limit: number) =>
  bands.map((ages) => band(ages, recommend, limit));

export const CATALOGUE_2026_11: CatalogueData = {
  version: '2026.11',
  categories: [
    { code: '01', name: '사망' },
    { code: '02', name: '장해·간병' },
    { code: '03', name: '의료비' },
    { code: '04', name: '입원비' },
    { code: '05', name: '암' },
    { code: '06', name: '뇌' },
    { code: '07', name: '심장' },
    { code: '09', name: '운전자' },
    { code: '10', name: '주택/생활' },
    { code: '11', name: '수술비' },
    { code: '13', name: '치아' },
  ],
  coverages: [
    {
      code: '01_GEN',
      name: '일반사망',
      bands: [
        band(YOUNG, 3_000 * MAN, 1 * EOK),
        band(THIRTIES, 13_000 * MAN, 6 * EOK),
        band(FORTIES, 18_000 * MAN, 9 * EOK),
        band(FIFTIES, 17_000 * MAN, 8 * EOK),
        band(SIXTIES, 5_000 * MAN, 2 * EOK),
        band(SEVENTY_PLUS, 3_000 * MAN, 1 * EOK),
      ],
    },
    {
      code: '01_DIS',
      name: '질병사망',
      bands: [
        band(YOUNG, 2_000 * MAN, 1 * EOK),
        band(THIRTIES, 6_000 * MAN, 3 * EOK),
        band(FORTIES, 9_000 * MAN, 4 * EOK),
        band(FIFTIES, 8_000 * MAN, 4 * EOK),
        band(SIXTIES, 3_000 * MAN, 1 * EOK),
        band(SEVENTY_PLUS, 2_000 * MAN, 5_000 * MAN),
      ],
    },
    {
      code: '01_ACC',
      name: '상해사망',
      bands: [
        band(YOUNG, 2_000 * MAN, 1 * EOK),
        band(THIRTIES, 6_000 * MAN, 3 * EOK),
        band(FORTIES, 9_000 * MAN, 4 * EOK),
        band(FIFTIES, 8_000 * MAN, 4 * EOK),
        band(SIXTIES, 3_000 * MAN, 1 * EOK),
        band(SEVENTY_PLUS, 2_000 * MAN, 5_000 * MAN),
      ],
    },
    {
      code: '02_ACD',
      name: '상해후유장해(3~100%)',
      bands: [
        band(CHILD, 5_000 * MAN, 1 * EOK),
        ...everyBand([YOUNG, THIRTIES, FORTIES, FIFTIES], 1 * EOK, 3 * EOK),
        band(SIXTIES, 5_000 * MAN, 1 * EOK),
        band(SEVENTY_PLUS, 3_000 * MAN, 1 * EOK),
      ],
    },
    {
      code: '02_DSD',
      name: '질병후유장해',
      bands: [
        band(CHILD, 3_000 * MAN, 1 * EOK),
        ...everyBand([YOUNG, THIRTIES, FORTIES, FIFTIES], 5_000 * MAN, 1 * EOK),
        band(SIXTIES, 3_000 * MAN, 1 * EOK),
        band(SEVENTY_PLUS, 2_000 * MAN, 1 * EOK),
      ],
    },
    { code: '02_CRD', name: '간병인사용일당', bands: everyBand(ADULT_BANDS, 10 * MAN, 15 * MAN) },
    { code: '03_HIN', name: '실손의료비(입원)', bands: everyBand(ALL_BANDS, 5_000 * MAN, 5_000 * MAN) },
    { code: '03_HOT', name: '실손의료비(통원)', bands: everyBand(ALL_BANDS, 20 * MAN, 20 * MAN) },
    { code: '04_DHD', name: '질병입원일당', bands: everyBand(ALL_BANDS, 3 * MAN, 5 * MAN) },
    { code: '04_AHD', name: '상해입원일당', bands: everyBand(ALL_BANDS, 3 * MAN, 5 * MAN) },
    {
      code: '05_GEN',
      name: '일반암진단비',
      bands: [
        ...everyBand([CHILD, YOUNG], 3_000 * MAN, 1 * EOK),
        ...everyBand([THIRTIES, FORTIES, FIFTIES], 5_000 * MAN, 1 * EOK),
        band(SIXTIES, 3_000 * MAN, 1 * EOK),
        band(SEVENTY_PLUS, 2_000 * MAN, 5_000 * MAN),
      ],
    },
    {
      // 20 % of 일반암진단비, recommended and limit alike.
      code: '05_SML',
      name: '유사암진단비',
      bands: [
        ...everyBand([CHILD, YOUNG], 600 * MAN, 2_000 * MAN),
        ...everyBand([THIRTIES, FORTIES, FIFTIES], 1_000 * MAN, 2_000 * MAN),
        band(SIXTIES, 600 * MAN, 2_000 * MAN),
        band(SEVENTY_PLUS, 400 * MAN, 1_000 * MAN),
      ],
    },
    ...(
      [
        ['06_CVD', '뇌혈관질환진단비'],
        ['06_STR', '뇌졸중진단비'],
        ['06_HEM', '뇌출혈진단비'],
        ['07_IHD', '허혈성심장질환진단비'],
        ['07_AMI', '급성심근경색증진단비'],
      ] as const
    ).map(([code, name]) => ({
      code,
      name,
      bands: [
        band(CHILD, 1_000 * MAN, 3_000 * MAN),
        band(YOUNG, 2_000 * MAN, 5_000 * MAN),
        ...everyBand(ADULT_BANDS.slice(1), 3_000 * MAN, 5_000 * MAN),
      ],
    })),
    { code: '09_FIN', name: '운전자벌금(대인)', bands: everyBand(ADULT_BANDS, 2_000 * MAN, 3_000 * MAN) },
    { code: '09_FIP', name: '운전자벌금(대물)', bands: everyBand(ADULT_BANDS, 500 * MAN, 500 * MAN) },
    { code: '09_TAS', name: '교통사고처리지원금', bands: everyBand(ADULT_BANDS, 2 * EOK, 25_000 * MAN) },
    { code: '09_LAW', name: '변호사선임비용', bands: everyBand(ADULT_BANDS, 1_500 * MAN, 5_000 * MAN) },
    { code: '10_LIA', name: '일상생활배상책임', bands: everyBand(ALL_BANDS, 1 * EOK, 2 * EOK) },
    { code: '10_FFN', name: '화재벌금', bands: everyBand(ADULT_BANDS, 1_500 * MAN, 2_000 * MAN) },
    { code: '11_DSG', name: '질병수술비', bands: everyBand(ALL_BANDS, 100 * MAN, 500 * MAN) },
    { code: '11_ASG', name: '상해수술비', bands: everyBand(ALL_BANDS, 100 * MAN, 500 * MAN) },
    { code: '13_PRS', name: '치아보철치료비', bands: everyBand(ADULT_BANDS, 100 * MAN, 150 * MAN) },
    { code: '13_CNS', name: '치아보존치료비', bands: everyBand(ALL_BANDS, 20 * MAN, 30 * MAN) },
  ],
  insurers: INSURERS_2026_11,
  synonyms: {
    exact: [
      ['일반사망', '01_GEN'],
      ['사망', '01_GEN'],
      ['사망보험금', '01_GEN'],
      ['일반사망보험금', '01_GEN'],
      ['주계약(사망)', '01_GEN'],
      ['정기사망', '01_GEN'],
      ['질병사망', '01_DIS'],
      ['상해사망', '01_ACC'],
      ['일반상해사망', '01_ACC'],
      ['재해사망', '01_ACC'],
      ['재해사망보험금', '01_ACC'],
      ['상해후유장해(3~100%)', '02_ACD'],
      ['일반상해후유장해(3~100%)', '02_ACD'],
      ['질병후유장해(3~100%)', '02_DSD'],
      ['질병후유장해(80%이상)', '02_DSD'],
      ['간병인사용일당', '02_CRD'],
      ['간병인지원일당', '02_CRD'],
      // 실손: only names that cover the whole of inpatient or outpatient care. A split report
      // (상해 and 질병, or 급여 and 비급여, each with the full limit) would count one limit twice.
      ['실손의료비(입원)', '03_HIN'],
      ['급여실손의료비(입원)', '03_HIN'],
      ['입원의료비', '03_HIN'],
      ['실손의료비(통원)', '03_HOT'],
      ['급여실손의료비(통원)', '03_HOT'],
      ['통원의료비', '03_HOT'],
      ['질병입원일당(1일이상)', '04_DHD'],
      ['상해입원일당(1일이상)', '04_AHD'],
      ['일반암진단비', '05_GEN'],
      ['암진단비', '05_GEN'],
      ['암진단비(유사암제외)', '05_GEN'],
      ['일반암진단비(유사암제외)', '05_GEN'],
      ['통합암진단비', '05_GEN'],
      ['유사암진단비', '05_SML'],
      ['소액암진단비', '05_SML'],
      ['뇌혈관질환진단비', '06_CVD'],
      ['뇌졸중진단비', '06_STR'],
      ['뇌출혈진단비', '06_HEM'],
      ['허혈성심장질환진단비', '07_IHD'],
      ['급성심근경색증진단비', '07_AMI'],
      ['급성심근경색진단비', '07_AMI'],
      ['운전자벌금(대인)', '09_FIN'],
      ['운전자벌금(대물)', '09_FIP'],
      ['교통사고처리지원금', '09_TAS'],
      ['형사합의지원금', '09_TAS'],
      ['변호사선임비용', '09_LAW'],
      ['일상생활배상책임', '10_LIA'],
      ['가족일상생활배상책임', '10_LIA'],
      ['화재벌금', '10_FFN'],
      ['질병수술비', '11_DSG'],
      ['상해수술비', '11_ASG'],
      ['치아보철치료비', '13_PRS'],
      ['임플란트치료비', '13_PRS'],
      ['치아보존치료비', '13_CNS'],
    ],
    patterns: [
      // Before 암진단: "갑상선암진단비" is 유사암, not 일반암.
      ['^(유사암|소액암|갑상선암|기타피부암|제자리암|경계성종양)진단(비|금)', '05_SML'],
      ['^(일반|통합)?암진단(비|금)', '05_GEN'],
      ['^뇌출혈진단', '06_HEM'],
      ['^뇌졸중진단', '06_STR'],
      ['^뇌혈관질환진단', '06_CVD'],
      ['^급성심근경색(증)?진단', '07_AMI'],
      ['^허혈성심장질환진단', '07_IHD'],
      ['^(일반)?상해후유장해', '02_ACD'],
      ['^질병후유장해', '02_DSD'],
      ['^간병인(사용|지원)', '02_CRD'],
      ['^질병입원일당', '04_DHD'],
      ['^(일반)?상해입원일당', '04_AHD'],
      ['^질병(\\d~\\d종)?수술비', '11_DSG'],
      ['^(일반)?상해(\\d~\\d종)?수술비', '11_ASG'],
      ['벌금\\(대인', '09_FIN'],
      ['벌금\\(대물', '09_FIP'],
      ['^교통사고처리지원금', '09_TAS'],
      ['변호사선임비용', '09_LAW'],
      ['일상생활(중)?배상책임', '10_LIA'],
      ['^화재벌금', '10_FFN'],
      ['^(치아보철|임플란트)', '13_PRS'],
      ['^치아보존', '13_CNS'],
    ],
  },
};
