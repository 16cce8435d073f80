import { daysInMonth, koreaDate } from '../../../common/calendar.js';
import {
  MEASUREMENT_CODES,
  MEASUREMENT_UNITS,
  NHIS_CHECKUP_YEARS,
  type MeasurementCode,
  type NhisCheckup,
  type NhisMeasurement,
} from '../nhis.port.js';

// CODEF's check-up list (data.resPreviewList of the NHIS check-up product) as the port's check-ups.
// CODEF does not publish the list's fields; docs/sources/codef.md ("NHIS check-ups") names the public
// third-party parsers these names and value shapes come from. Every value is a string, '' when the
// examination did not include it. A value this parser cannot read is left out, never guessed: a
// measurement absent is "not measured", a wrong one would be judged.

/** CODEF's answer is not a check-up list at all (not the shape any public sample has). */
export class UnreadableCheckupsError extends Error {
  override readonly name = 'UnreadableCheckupsError';
}

/** Plain numeric fields and the measurement each holds. */
const NUMERIC_FIELDS: ReadonlyArray<readonly [string, MeasurementCode]> = [
  ['resHeight', 'HEIGHT'],
  ['resWeight', 'WEIGHT'],
  ['resWaist', 'WAIST'],
  ['resBMI', 'BMI'],
  ['resHemoglobin', 'HAEMOGLOBIN'],
  // (sic): CODEF's spelling.
  ['resFastingBloodSuger', 'FASTING_GLUCOSE'],
  ['resTotalCholesterol', 'TOTAL_CHOLESTEROL'],
  ['resHDLCholesterol', 'HDL_CHOLESTEROL'],
  ['resTriglyceride', 'TRIGLYCERIDES'],
  ['resLDLCholesterol', 'LDL_CHOLESTEROL'],
  ['resSerumCreatinine', 'SERUM_CREATININE'],
  ['resGFR', 'EGFR'],
  ['resAST', 'AST'],
  ['resALT', 'ALT'],
  ['resyGPT', 'GGT'],
];

/** Spellings of a unit that mean the table's unit (after unitKey). U/L and IU/L are the same for enzymes. */
const UNIT_ALIASES: Readonly<Record<string, readonly string[]>> = {
  'iu/l': ['u/l'],
};

/** How a value is spelled: NFKC folds ㎎, ㎗, ㎡, ² and full-width digits into plain ones. */
const fold = (text: string) => text.normalize('NFKC').trim();

const unitKey = (unit: string) => fold(unit).toLowerCase().replace(/\s+/g, '').replace(/μ/g, 'µ');

function sameUnit(written: string, expected: string): boolean {
  const key = unitKey(written);
  const wanted = unitKey(expected);
  return key === wanted || (UNIT_ALIASES[wanted] ?? []).includes(key);
}

/**
 * A positive number as the list (or a third party's copy of it) writes it: `95`, `1,234`, ` 5.2 `, or
 * with the table's unit after it (`95 mg/dL`). Anything else — another unit, a range, a bound (`<5`), a
 * second number (`1.0/1.2`), zero — is not a reading: undefined.
 */
export function numberOf(text: string, unit: string | null): number | undefined {
  const folded = fold(text).replace(/(\d),(?=\d{3}(?!\d))/g, '$1');
  const match = /^(\d+(?:\.\d+)?)\s*(.*)$/s.exec(folded);
  if (!match) return undefined;
  const rest = match[2]!;
  if (rest !== '' && (unit === null || !sameUnit(rest, unit))) return undefined;
  const value = Number(match[1]);
  // No measurement of the 통보서 is zero: a 0 stands for a blank, and judging it would call it normal.
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** `left/right` (vision, hearing, blood pressure's systolic/diastolic); undefined unless exactly two sides. */
function sides(text: string): readonly [string, string] | undefined {
  const parts = fold(text).split('/');
  return parts.length === 2 ? [parts[0]!, parts[1]!] : undefined;
}

/** 요단백 in the table's words (음성, 약양성, 양성), from the word or the dipstick notation. */
export function urineProteinOf(text: string): string | undefined {
  const value = fold(text).replace(/\s+/g, '');
  if (value.startsWith('약양성') || /^\(?±\)?$/.test(value)) return '약양성';
  if (value.startsWith('음성') || value === '(-)') return '음성';
  if (value.startsWith('양성') || /^\(?(\+[1-4]?|[1-4]\+)\)?$/.test(value)) return '양성';
  return undefined;
}

/** 흉부방사선 in the table's words (정상, 비활동성, 질환의심): `비활동성 폐결핵` is 비활동성. */
export function chestOf(text: string): string | undefined {
  const value = fold(text).replace(/\s+/g, '');
  if (value.includes('의심')) return '질환의심';
  if (value.startsWith('비활동성')) return '비활동성';
  if (value.startsWith('정상')) return '정상';
  return undefined;
}

/** One ear's 청력 in the table's words (정상, 질환의심). */
export function hearingOf(text: string): string | undefined {
  const value = fold(text).replace(/\s+/g, '');
  if (value.startsWith('정상')) return '정상';
  if (/^(질환의심|이상|비정상|난청)/.test(value)) return '질환의심';
  return undefined;
}

const textOf = (row: Record<string, unknown>, field: string): string => {
  const value = row[field];
  return typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
};

/** The examination date from 검진년도 and `MMDD` (or a whole `YYYYMMDD`); undefined when it is not a date. */
function examinedOn(year: number, date: string): string | undefined {
  const digits = fold(date).replace(/[.\-/\s]/g, '');
  const match = /^(\d{4})?(\d{2})(\d{2})$/.exec(digits);
  if (!match) return undefined;
  const [, whole, mm, dd] = match;
  const y = whole === undefined ? year : Number(whole);
  const month = Number(mm);
  const day = Number(dd);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(y, month)) return undefined;
  return `${String(y).padStart(4, '0')}-${mm}-${dd}`;
}

/**
 * The fields whose unit CODEF's answer states (`resReferenceList`'s row of `resType` 단위, as CODEF's
 * guide shows it: `{resType: "단위", resHeight: "Cm", ...}`) as another than the table's: their values
 * are not in the unit the table judges, so they are left out.
 */
function fieldsInOtherUnits(data: Record<string, unknown>): Set<string> {
  const references = Array.isArray(data.resReferenceList) ? (data.resReferenceList as unknown[]) : [];
  const units = references.find(
    (reference): reference is Record<string, unknown> =>
      typeof reference === 'object' && reference !== null && fold(textOf(reference as Record<string, unknown>, 'resType')) === '단위',
  );
  const other = new Set<string>();
  if (!units) return other;
  for (const [field, code] of [...NUMERIC_FIELDS, ['resBloodPressure', 'SYSTOLIC_BP'] as const]) {
    const stated = textOf(units, field);
    if (stated !== '' && !sameUnit(stated, MEASUREMENT_UNITS[code]!)) other.add(field);
  }
  return other;
}

function measurementsOf(row: Record<string, unknown>, otherUnits: Set<string>): NhisMeasurement[] {
  const found = new Map<MeasurementCode, number | string>();
  const put = (code: MeasurementCode, value: number | string | undefined) => {
    if (value !== undefined) found.set(code, value);
  };

  // '' (not measured), a dash or a blank is no number: absent.
  for (const [field, code] of NUMERIC_FIELDS) {
    if (!otherUnits.has(field)) put(code, numberOf(textOf(row, field), MEASUREMENT_UNITS[code]));
  }

  const pressure = otherUnits.has('resBloodPressure') ? undefined : sides(textOf(row, 'resBloodPressure'));
  if (pressure) {
    put('SYSTOLIC_BP', numberOf(pressure[0], 'mmHg'));
    put('DIASTOLIC_BP', numberOf(pressure[1], 'mmHg'));
  }

  const vision = sides(textOf(row, 'resSight'));
  if (vision) {
    put('VISION_LEFT', numberOf(vision[0], null));
    put('VISION_RIGHT', numberOf(vision[1], null));
  }

  const hearing = sides(textOf(row, 'resHearing'));
  if (hearing) {
    put('HEARING_LEFT', hearingOf(hearing[0]));
    put('HEARING_RIGHT', hearingOf(hearing[1]));
  }

  put('URINE_PROTEIN', urineProteinOf(textOf(row, 'resUrinaryProtein')));
  // Third parties name it both ways.
  put('CHEST_XRAY', chestOf(textOf(row, 'resTBChestDisease') || textOf(row, 'resChestDisease')));

  return MEASUREMENT_CODES.filter((code) => found.has(code)).map((code) => ({
    code,
    value: found.get(code)!,
    unit: MEASUREMENT_UNITS[code],
  }));
}

function checkupOf(row: Record<string, unknown>, otherUnits: Set<string>): NhisCheckup | undefined {
  const yearText = fold(textOf(row, 'resCheckupYear'));
  if (!/^\d{4}$/.test(yearText)) return undefined;
  const year = Number(yearText);
  const date = examinedOn(year, textOf(row, 'resCheckupDate'));
  if (!date) return undefined;
  const institution = fold(textOf(row, 'resCheckupPlace') || textOf(row, 'resOrganizationName'));
  return { year, examinedOn: date, institution, measurements: measurementsOf(row, otherUnits) };
}

/** The answer's data as one object: CODEF's own, or (some samples) a list of one such object; null for none. */
function answerOf(data: unknown): Record<string, unknown> | null {
  if (Array.isArray(data)) {
    if (data.length === 0) return null;
    // Several people's lists: not an answer about one customer.
    if (data.length > 1) throw new UnreadableCheckupsError('CODEF answered check-up lists of several people');
    return answerOf(data[0]);
  }
  if (typeof data !== 'object' || data === null) throw new UnreadableCheckupsError('CODEF answered no check-up data');
  return data as Record<string, unknown>;
}

function rowsOf(answer: Record<string, unknown>): unknown[] {
  const list = answer.resPreviewList;
  if (list === undefined || list === '') return [];
  if (!Array.isArray(list)) throw new UnreadableCheckupsError('CODEF answered a check-up list that is not a list');
  return list;
}

/**
 * The customer's check-ups in CODEF's answer (`data` of the NHIS check-up product), oldest first:
 * only examination years within the last NHIS_CHECKUP_YEARS up to `asOfYear`; one per year (CODEF
 * may list a year twice, e.g. a re-examination: the latest date is kept, as the check-up lookup would);
 * a row without a readable year and date is left out (it cannot be placed); each measurement the
 * row holds in a readable form and in the table's unit (the value's own, and the one the answer's
 * units row states), the others absent. Throws UnreadableCheckupsError only when the
 * answer is not a list at all.
 */
export function parseCodefCheckups(data: unknown, asOfYear: number = koreaDate(new Date()).year): NhisCheckup[] {
  const answer = answerOf(data);
  if (!answer) return [];
  const otherUnits = fieldsInOtherUnits(answer);
  const byYear = new Map<number, NhisCheckup>();
  for (const row of rowsOf(answer)) {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) continue;
    const checkup = checkupOf(row as Record<string, unknown>, otherUnits);
    if (!checkup || checkup.year > asOfYear || checkup.year <= asOfYear - NHIS_CHECKUP_YEARS) continue;
    const kept = byYear.get(checkup.year);
    if (!kept || kept.examinedOn < checkup.examinedOn) byYear.set(checkup.year, checkup);
  }
  return [...byYear.values()].sort((a, b) => a.year - b.year);
}
