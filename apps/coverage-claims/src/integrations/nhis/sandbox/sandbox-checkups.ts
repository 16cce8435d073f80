import { createHash } from 'node:crypto';
import { SeededRandom } from '../../../common/seeded-random.js';
import { MEASUREMENT_UNITS, NHIS_CHECKUP_YEARS, type MeasurementCode, type NhisCheckup, type NhisCustomer } from '../nhis.port.js';

/** The general check-up (일반건강검진) is offered from the age of 20. */
const FIRST_EXAM_AGE = 20;

const INSTITUTIONS = [
  '서울내과의원',
  '한빛가정의학과의원',
  '국민건강보험 일산병원',
  '강남세브란스 건강검진센터',
  '부산 해운대 연합내과',
  '대전 한마음의원',
  '광주 첨단종합병원',
  '인천 송도 365의원',
];

const UNITS = MEASUREMENT_UNITS;

/** The unit each measurement is reported in, as the 결과 통보서 writes it (null: a word, or decimal vision). */
export function sandboxUnitOf(code: MeasurementCode): string | null {
  return UNITS[code];
}

export function sandboxCheckupSeed(customer: NhisCustomer): Buffer {
  return createHash('sha256')
    .update(['sandbox-checkups/v1', customer.name, customer.birthDate, customer.gender, customer.phone].join('\u0000'))
    .digest();
}

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * eGFR by the CKD-EPI 2021 creatinine equation (race-free), in mL/min/1.73m², as Korean laboratories
 * report it beside serum creatinine.
 */
export function ckdEpi2021(creatinine: number, age: number, female: boolean): number {
  const kappa = female ? 0.7 : 0.9;
  const alpha = female ? -0.241 : -0.302;
  const ratio = creatinine / kappa;
  return 142 * Math.min(ratio, 1) ** alpha * Math.max(ratio, 1) ** -1.2 * 0.9938 ** age * (female ? 1.012 : 1);
}

/**
 * The customer's check-ups in the sandbox, oldest first: the same every time for the same customer.
 * Some people are examined every year (직장가입자 비사무직), most every other year; 1 to 9 yearly or
 * 1 to 5 biennial examinations within the nine years before `asOfYear` (the year of the lookup: a
 * history the service keeps whole, since it keeps the last ten calendar years), none before the age
 * of 20. The same customer looked up in the same year always gets the same history. Each customer has a
 * metabolic "risk" that sets how far their values sit from the normal and how fast they drift with
 * the years (weight, blood pressure, glucose, lipids, liver enzymes), so some values are borderline
 * or suspect and trends show.
 */
export function sandboxCheckups(customer: NhisCustomer, asOfYear: number): NhisCheckup[] {
  const random = new SeededRandom(sandboxCheckupSeed(customer));
  const female = customer.gender === 'F';
  const birthYear = Number(customer.birthDate.slice(0, 4));
  const noise = (spread: number) => (random.next() + random.next() + random.next() - 1.5) * spread;

  const yearly = random.chance(0.35);
  const cadence = yearly ? 1 : 2;
  const lastYear = asOfYear - 1 - (yearly ? 0 : random.int(0, 1));
  const count = random.int(1, yearly ? 10 : 5);
  const years: number[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const year = lastYear - i * cadence;
    if (year - birthYear >= FIRST_EXAM_AGE && year > asOfYear - NHIS_CHECKUP_YEARS) years.push(year);
  }

  // Who the customer is, once: the risk and the baselines every examination drifts from.
  const risk = random.next() ** 1.3;
  const height = round(female ? 159 + noise(10) : 172 + noise(12), 1);
  const bmiBase = (female ? 21.5 : 23.5) + risk * 5 + noise(4);
  const haemoglobinBase = female ? 13 + noise(1.8) : 14.8 + noise(1.6);
  const creatinineBase = (female ? 0.7 : 0.95) + noise(0.2) + (risk > 0.85 ? 0.4 : 0);
  const visionBase = 0.6 + random.next() * 0.9;
  const first = years[0] ?? lastYear;
  const institution = random.pick(INSTITUTIONS);

  return years.map((year) => {
    const age = year - birthYear;
    const elapsed = year - first;
    const drift = elapsed * (0.3 + risk);
    const bmiTarget = bmiBase + 0.08 * drift + noise(1);
    const weight = round(bmiTarget * (height / 100) ** 2, 1);
    const bmi = round(weight / (height / 100) ** 2, 1);
    const waist = round((female ? 2.4 * bmi + 21 : 2.6 * bmi + 22) + noise(5), 1);
    const systolic = Math.round(108 + 0.45 * (age - 30) + 14 * risk + 1.2 * (bmi - 23) + 0.8 * drift + noise(12));
    const diastolic = Math.round(systolic * 0.63 + noise(8));
    const glucose = Math.round(88 + 0.25 * (age - 30) + 18 * risk + 1.2 * (bmi - 23) + 1.5 * drift * risk + noise(10));
    const totalCholesterol = Math.round(178 + 0.5 * (age - 30) + 35 * risk + noise(24));
    const hdl = Math.round(clamp((female ? 60 : 50) - 8 * risk - 0.8 * (bmi - 23) + noise(12), 25, 110));
    const triglycerides = Math.round(clamp(85 + 110 * risk + 6 * (bmi - 23) + 3 * drift + noise(40), 35, 600));
    const ldl = Math.round(clamp(totalCholesterol - hdl - triglycerides / 5, 30, 300));
    const creatinine = round(clamp(creatinineBase + 0.004 * (age - 30) + noise(0.08), 0.4, 3.5), 1);
    const egfr = Math.round(ckdEpi2021(creatinine, age, female));
    const ast = Math.round(clamp(20 + 18 * risk + noise(10), 8, 200));
    const alt = Math.round(clamp(16 + 26 * risk + 1.2 * (bmi - 23) + noise(12), 5, 250));
    const ggt = Math.round(clamp((female ? 16 : 26) + (female ? 30 : 55) * risk ** 1.5 + noise(12), 6, 400));
    const vision = () => round(clamp(visionBase - 0.01 * Math.max(0, age - 40) + noise(0.3), 0.1, 2), 1);
    const hearing = () => (random.chance(age >= 60 ? 0.12 : 0.02) ? '질환의심' : '정상');
    const urine = random.next();
    const chest = random.next();

    const values: Record<MeasurementCode, number | string> = {
      HEIGHT: height,
      WEIGHT: weight,
      WAIST: waist,
      BMI: bmi,
      VISION_LEFT: vision(),
      VISION_RIGHT: vision(),
      HEARING_LEFT: hearing(),
      HEARING_RIGHT: hearing(),
      SYSTOLIC_BP: systolic,
      DIASTOLIC_BP: diastolic,
      URINE_PROTEIN: urine < 0.92 - 0.1 * risk ? '음성' : urine < 0.97 ? '약양성' : '양성',
      HAEMOGLOBIN: round(haemoglobinBase + noise(0.8), 1),
      FASTING_GLUCOSE: glucose,
      TOTAL_CHOLESTEROL: totalCholesterol,
      HDL_CHOLESTEROL: hdl,
      TRIGLYCERIDES: triglycerides,
      LDL_CHOLESTEROL: ldl,
      SERUM_CREATININE: creatinine,
      EGFR: egfr,
      AST: ast,
      ALT: alt,
      GGT: ggt,
      CHEST_XRAY: chest < 0.95 ? '정상' : chest < 0.99 ? '비활동성' : '질환의심',
    };
    const month = random.int(3, 11);
    const day = random.int(1, 28);
    return {
      year,
      examinedOn: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      institution: random.chance(0.8) ? institution : random.pick(INSTITUTIONS),
      measurements: (Object.keys(values) as MeasurementCode[]).map((code) => ({ code, value: values[code], unit: UNITS[code] })),
    };
  });
}
