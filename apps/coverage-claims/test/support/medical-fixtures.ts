import { CoverageStatusCode, COVERAGE_STATUS_NAMES, type AnalysisCoverageDto } from '#contracts';
import { CheckupBand, type Checkup, type Measurement, type MeasurementCode } from '../../src/medical/checkups/checkup.js';
import { judge as judgeByRule, lookupOf } from '../../src/medical/checkups/reference-ranges/reference-ranges.js';
import { REFERENCE_RANGES_2026_11 } from '../../src/medical/checkups/reference-ranges/v2026-11/index.js';
import { sandboxUnitOf } from '../../src/integrations/nhis/sandbox/sandbox-checkups.js';

// Check-up profiles for the medical analysis's tests and its bench (bench/medical-analysis.ts imports
// them from here). Values per year are interpolated between a first and a last value, in the units the
// sandbox NHIS reports; each value is judged against the check-ups' reference ranges
// 2026-11 (as the check-up lookup judges it), so a fixture's bands agree with its values.

export type Gender = 'M' | 'F';

/** The lookup of the reference-range table 2026-11 (docs/sources/checkup-reference-ranges.md). */
export const REFERENCE_RANGES = lookupOf(REFERENCE_RANGES_2026_11);

/** The band of a value by the reference ranges 2026-11. */
export function judge(code: MeasurementCode, value: number, gender: Gender): CheckupBand | null {
  const range = REFERENCE_RANGES.rangeOf(code, gender);
  return range ? judgeByRule(range.rule, value) : null;
}

const QUALITATIVE: Readonly<Record<string, CheckupBand>> = {
  음성: CheckupBand.NormalA,
  약양성: CheckupBand.Borderline,
  양성: CheckupBand.DiseaseSuspected,
  정상: CheckupBand.NormalA,
  비활동성: CheckupBand.Borderline,
  질환의심: CheckupBand.DiseaseSuspected,
};

/** [first year's value, last year's value]; a word stays the same unless given as [first, last] too. */
export type Profile = Partial<Record<MeasurementCode, readonly [number, number] | readonly [string, string]>>;

export const HEALTHY: Profile = {
  HEIGHT: [174, 174],
  WEIGHT: [68, 69],
  WAIST: [82, 83],
  BMI: [22.5, 22.8],
  SYSTOLIC_BP: [114, 116],
  DIASTOLIC_BP: [72, 73],
  HAEMOGLOBIN: [14.8, 14.6],
  FASTING_GLUCOSE: [88, 90],
  TOTAL_CHOLESTEROL: [180, 182],
  HDL_CHOLESTEROL: [62, 63],
  TRIGLYCERIDES: [100, 102],
  LDL_CHOLESTEROL: [110, 112],
  SERUM_CREATININE: [0.9, 0.9],
  EGFR: [96, 94],
  AST: [22, 23],
  ALT: [20, 21],
  GGT: [25, 26],
  URINE_PROTEIN: ['음성', '음성'],
  CHEST_XRAY: ['정상', '정상'],
};

/** Rising glucose, waist, triglycerides and blood pressure, falling HDL: 대사증후군. */
export const METABOLIC_SYNDROME: Profile = {
  ...HEALTHY,
  WEIGHT: [80, 92],
  WAIST: [88, 97],
  BMI: [26, 29],
  SYSTOLIC_BP: [124, 136],
  FASTING_GLUCOSE: [98, 121],
  HDL_CHOLESTEROL: [46, 37],
  TRIGLYCERIDES: [160, 245],
};

/** Liver enzymes rising into 질환의심. */
export const LIVER: Profile = { ...HEALTHY, ALT: [30, 82], AST: [28, 64], GGT: [40, 130] };

/** eGFR falling below 60, creatinine rising, urine protein turning positive. */
export const KIDNEY: Profile = {
  ...HEALTHY,
  SYSTOLIC_BP: [128, 138],
  EGFR: [78, 52],
  SERUM_CREATININE: [1.1, 1.7],
  URINE_PROTEIN: ['음성', '양성'],
};

/** One check-up a year (or every `step` years) from `firstYear` to `lastYear`, values interpolated. */
export function checkupsOf(profile: Profile, gender: Gender, firstYear = 2016, lastYear = 2025, step = 1): Checkup[] {
  const years: number[] = [];
  for (let year = firstYear; year <= lastYear; year += step) years.push(year);
  return years.map((year, index) => {
    const t = years.length === 1 ? 1 : index / (years.length - 1);
    const measurements = Object.entries(profile).map(([code, [first, last]]): Measurement => {
      const measurementCode = code as MeasurementCode;
      if (typeof first === 'string') {
        const word = t < 1 ? first : (last as string);
        return { code: measurementCode, value: word, unit: null, band: QUALITATIVE[word] ?? null };
      }
      const value = Math.round((first + ((last as number) - first) * t) * 10) / 10;
      return { code: measurementCode, value, unit: sandboxUnitOf(measurementCode), band: judge(measurementCode, value, gender) };
    });
    return { year, examinedOn: `${year}-10-14`, institution: '한빛내과의원', measurements };
  });
}

/** An analysis coverage entry with the spec's status rule applied. */
export function coverage(
  categoryCode: string,
  categoryName: string,
  code: string,
  name: string,
  recommend: number,
  amount: number,
): AnalysisCoverageDto {
  const status =
    recommend === 0 || amount >= recommend
      ? CoverageStatusCode.Good
      : 2 * amount < recommend
        ? CoverageStatusCode.Bad
        : CoverageStatusCode.Normal;
  return {
    category_code: categoryCode,
    category_name: categoryName,
    coverage_code: code,
    coverage_name: name,
    recommend,
    limit: recommend * 2,
    amount,
    status_code: status,
    status_name: COVERAGE_STATUS_NAMES[status],
  };
}

const MAN = 10_000;

/** A small portfolio: 뇌 bad, 심장 normal, 암 good, 의료비 normal, 입원비 good, 수술비 bad, 장해·간병 good. */
export const GAPPY_COVERAGES: AnalysisCoverageDto[] = [
  coverage('02', '장해·간병', '02_CRD', '간병인사용일당', 10 * MAN, 10 * MAN),
  coverage('03', '의료비', '03_HIN', '실손의료비(입원)', 5_000 * MAN, 3_000 * MAN),
  coverage('04', '입원비', '04_DHD', '질병입원일당', 3 * MAN, 3 * MAN),
  coverage('05', '암', '05_GEN', '일반암진단비', 5_000 * MAN, 5_000 * MAN),
  coverage('06', '뇌', '06_CVD', '뇌혈관질환진단비', 3_000 * MAN, 500 * MAN),
  coverage('06', '뇌', '06_STR', '뇌졸중진단비', 3_000 * MAN, 3_000 * MAN),
  coverage('07', '심장', '07_IHD', '허혈성심장질환진단비', 3_000 * MAN, 2_000 * MAN),
  coverage('11', '수술비', '11_DSG', '질병수술비', 100 * MAN, 30 * MAN),
];

/**
 * Short across categories of unlike units: 장해·간병 a lump sum and a daily allowance, 의료비 the 실손
 * yearly inpatient limit and its per-visit outpatient one, 입원비 two daily allowances, 수술비 two
 * per-operation amounts; 뇌 normal, 심장 and 암 good. Several elevated groups share 의료비, 입원비 and 수술비.
 */
export const UNLIKE_UNIT_COVERAGES: AnalysisCoverageDto[] = [
  coverage('02', '장해·간병', '02_ACD', '상해후유장해(3~100%)', 10_000 * MAN, 10_000 * MAN),
  coverage('02', '장해·간병', '02_DSD', '질병후유장해', 5_000 * MAN, 2_000 * MAN),
  coverage('02', '장해·간병', '02_CRD', '간병인사용일당', 10 * MAN, 0),
  coverage('03', '의료비', '03_HIN', '실손의료비(입원)', 5_000 * MAN, 3_000 * MAN),
  coverage('03', '의료비', '03_HOT', '실손의료비(통원)', 20 * MAN, 10 * MAN),
  coverage('04', '입원비', '04_DHD', '질병입원일당', 3 * MAN, 1 * MAN),
  coverage('04', '입원비', '04_AHD', '상해입원일당', 3 * MAN, 2 * MAN),
  coverage('05', '암', '05_GEN', '일반암진단비', 5_000 * MAN, 5_000 * MAN),
  coverage('06', '뇌', '06_CVD', '뇌혈관질환진단비', 3_000 * MAN, 2_000 * MAN),
  coverage('07', '심장', '07_IHD', '허혈성심장질환진단비', 3_000 * MAN, 3_000 * MAN),
  coverage('11', '수술비', '11_DSG', '질병수술비', 100 * MAN, 30 * MAN),
  coverage('11', '수술비', '11_ASG', '상해수술비', 100 * MAN, 100 * MAN),
];
