/**
 * A national health check-up (국가건강검진, 일반건강검진 결과 통보서) as the service keeps it: the
 * shape the NHIS port's adapters produce, the check-up store returns and the medical analysis reads.
 * One record per examination year; the measurements the 결과 통보서 carries, each with its unit and
 * its judgement band from the versioned reference-range table (docs/sources/checkup-reference-ranges.md).
 */

/** Every measurement the service knows; the reference-range table has a row for each. */
export const MEASUREMENT_CODES = [
  // 신체계측
  'HEIGHT', // 신장, cm
  'WEIGHT', // 체중, kg
  'WAIST', // 허리둘레, cm
  'BMI', // 체질량지수, kg/m²
  'VISION_LEFT', // 시력 좌 (decimal)
  'VISION_RIGHT', // 시력 우
  'HEARING_LEFT', // 청력 좌 (정상 / 질환의심)
  'HEARING_RIGHT', // 청력 우
  // 혈압
  'SYSTOLIC_BP', // 수축기 혈압, mmHg
  'DIASTOLIC_BP', // 이완기 혈압, mmHg
  // 요검사
  'URINE_PROTEIN', // 요단백 (음성 / 약양성 / 양성)
  // 혈액검사
  'HAEMOGLOBIN', // 혈색소, g/dL
  'FASTING_GLUCOSE', // 공복혈당, mg/dL
  'TOTAL_CHOLESTEROL', // 총콜레스테롤, mg/dL
  'HDL_CHOLESTEROL', // HDL 콜레스테롤, mg/dL
  'TRIGLYCERIDES', // 중성지방, mg/dL
  'LDL_CHOLESTEROL', // LDL 콜레스테롤, mg/dL
  'SERUM_CREATININE', // 혈청 크레아티닌, mg/dL
  'EGFR', // 신사구체여과율, mL/min/1.73m²
  'AST', // AST(SGOT), IU/L
  'ALT', // ALT(SGPT), IU/L
  'GGT', // 감마지티피(γ-GTP), IU/L
  // 영상검사
  'CHEST_XRAY', // 흉부촬영 (정상 / 비활동성 / 질환의심)
] as const;

export type MeasurementCode = (typeof MEASUREMENT_CODES)[number];

/**
 * The 결과 통보서's judgement of one measurement: 정상A, 정상B(경계), 질환의심. Null where the
 * reference table does not judge the measurement (height, weight).
 */
export enum CheckupBand {
  NormalA = 'NORMAL_A',
  Borderline = 'NORMAL_B',
  DiseaseSuspected = 'DISEASE_SUSPECTED',
}

export interface Measurement {
  code: MeasurementCode;
  /** A number for measured values; a word of the 통보서 for qualitative ones (요단백 `음성`, 흉부 `정상`). */
  value: number | string;
  /** The unit as the 통보서 writes it (`mg/dL`, `mmHg`); null for qualitative values. */
  unit: string | null;
  band: CheckupBand | null;
}

export interface Checkup {
  /** The examination year (the programme's year, 2017 …). */
  year: number;
  /** YYYY-MM-DD */
  examinedOn: string;
  /** The examining institution as the NHIS reports it; may be empty. */
  institution: string;
  /** At most one per code; a code the examination did not include is absent. */
  measurements: Measurement[];
}
