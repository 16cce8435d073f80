import type { Gender, NhisAuthProvider, Telecom } from '#contracts';

/**
 * The NHIS port: simple authentication (간편인증) with the national health insurer and the check-ups
 * it then hands out. One adapter per source, chosen by NHIS_ADAPTER; callers inject NHIS and cannot
 * tell which one they talk to. Every method rejects with NhisUnavailableError when the source (or
 * the provider app's server behind it) fails or cannot be reached; any other error is a bug.
 */
export const NHIS = Symbol('NHIS');

/** The customer as the NHIS identifies them: name, birth date (YYYYMMDD), mobile phone (digits). */
export interface NhisCustomer {
  name: string;
  birthDate: string;
  gender: Gender;
  phone: string;
}

export interface NhisAuthRequest {
  customer: NhisCustomer;
  provider: NhisAuthProvider;
  /** Given with PASS. */
  telecom?: Telecom;
}

/**
 * What the source's first step answered: an opaque reference the second step must send back (the
 * real service's transaction and session keys). It can be a credential: the service stores it sealed.
 */
export interface NhisAuthHandle {
  reference: string;
}

export enum NhisApproval {
  Pending = 'PENDING',
  Approved = 'APPROVED',
  /** The customer cancelled the request in their app. */
  Refused = 'REFUSED',
  /** The source says the request is over (its time ran out, or it was asked too early too often): start again. */
  Expired = 'EXPIRED',
}

/**
 * What the source says of a request. A source whose approval step hands over more than a yes (CODEF
 * answers the check-ups themselves) gives a `handle` that replaces the one stored: every later call
 * for this authentication gets that one.
 */
export interface NhisApprovalAnswer {
  approval: NhisApproval;
  handle?: NhisAuthHandle;
}

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
 * The unit each measurement is reported in, as the 결과 통보서 writes it and the reference-range table
 * expects it (null: a word, or decimal vision). Every adapter reports in these units: a value in
 * another unit would be kept unjudged.
 */
export const MEASUREMENT_UNITS: Readonly<Record<MeasurementCode, string | null>> = {
  HEIGHT: 'cm',
  WEIGHT: 'kg',
  WAIST: 'cm',
  BMI: 'kg/m²',
  VISION_LEFT: null,
  VISION_RIGHT: null,
  HEARING_LEFT: null,
  HEARING_RIGHT: null,
  SYSTOLIC_BP: 'mmHg',
  DIASTOLIC_BP: 'mmHg',
  URINE_PROTEIN: null,
  HAEMOGLOBIN: 'g/dL',
  FASTING_GLUCOSE: 'mg/dL',
  TOTAL_CHOLESTEROL: 'mg/dL',
  HDL_CHOLESTEROL: 'mg/dL',
  TRIGLYCERIDES: 'mg/dL',
  LDL_CHOLESTEROL: 'mg/dL',
  SERUM_CREATININE: 'mg/dL',
  EGFR: 'mL/min/1.73m²',
  AST: 'IU/L',
  ALT: 'IU/L',
  GGT: 'IU/L',
  CHEST_XRAY: null,
};

/** How many examination years back a source hands out (the NHIS keeps 10). */
export const NHIS_CHECKUP_YEARS = 10;

/** One measurement as the source reports it, without judgement (the service judges it). */
export interface NhisMeasurement {
  code: MeasurementCode;
  /** A number for measured values; a word of the 통보서 for qualitative ones (요단백 `음성`, 흉부 `정상`). */
  value: number | string;
  /** The unit as the 통보서 writes it (`mg/dL`, `mmHg`); null for qualitative values. */
  unit: string | null;
}

/** A check-up (일반건강검진 결과 통보서) as the source reports it. */
export interface NhisCheckup {
  /** The examination year (the programme's year, 2017 …). */
  year: number;
  /** YYYY-MM-DD */
  examinedOn: string;
  /** The examining institution as the NHIS reports it; may be empty. */
  institution: string;
  /** At most one per code; a code the examination did not include is absent. */
  measurements: NhisMeasurement[];
}

export interface NhisPort {
  /** Sends the approval request to the customer's app. */
  requestAuth(request: NhisAuthRequest): Promise<NhisAuthHandle>;

  /**
   * Whether the customer has approved (or refused) the request in their app yet, with a replacement
   * handle when the source gives one.
   */
  approvalOf(handle: NhisAuthHandle): Promise<NhisApprovalAnswer>;

  /**
   * The customer's general check-ups (일반건강검진) of up to the last 10 years, with an approved
   * authentication; [] when the NHIS holds none.
   */
  checkupsOf(handle: NhisAuthHandle, customer: NhisCustomer): Promise<NhisCheckup[]>;
}

/** The source failed or did not answer. The message never holds personal data. */
export class NhisUnavailableError extends Error {
  override readonly name = 'NhisUnavailableError';
}

/** The source does not offer simple authentication with this app (CODEF: PAYCO). Nothing was sent. */
export class NhisProviderUnsupportedError extends Error {
  override readonly name = 'NhisProviderUnsupportedError';

  constructor(readonly provider: NhisAuthProvider) {
    super(`The NHIS source does not offer simple authentication with ${provider}`);
  }
}
