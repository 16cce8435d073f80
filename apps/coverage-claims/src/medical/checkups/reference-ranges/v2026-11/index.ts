import { CheckupBand } from '../../checkup.js';
import type { ReferenceRangeTable } from '../reference-ranges.js';

// Loaded by migration LoadCheckupReferenceRanges; never edit a loaded version: a change is a new
// version folder and a new migration. Every figure's source is in docs/sources/checkup-reference-ranges.md.

const NHIS = '국민건강보험공단 일반건강검진 결과 통보서 판정기준(건강검진 실시기준 별표)';

const A = CheckupBand.NormalA;
const B = CheckupBand.Borderline;
const D = CheckupBand.DiseaseSuspected;

export const REFERENCE_RANGES_2026_11: ReferenceRangeTable = {
  version: '2026-11',
  ranges: [
    { code: 'HEIGHT', name: '신장', unit: 'cm', rule: { kind: 'NOT_JUDGED' }, source: NHIS },
    { code: 'WEIGHT', name: '체중', unit: 'kg', rule: { kind: 'NOT_JUDGED' }, source: NHIS },
    {
      code: 'WAIST',
      sex: 'M',
      name: '허리둘레',
      unit: 'cm',
      rule: { kind: 'NUMERIC', normalA: [{ below: 90 }], borderline: [] },
      source: `${NHIS}; 대한비만학회 비만 진료지침 2022 (복부비만 남 ≥ 90 cm)`,
    },
    {
      code: 'WAIST',
      sex: 'F',
      name: '허리둘레',
      unit: 'cm',
      rule: { kind: 'NUMERIC', normalA: [{ below: 85 }], borderline: [] },
      source: `${NHIS}; 대한비만학회 비만 진료지침 2022 (복부비만 여 ≥ 85 cm)`,
    },
    {
      code: 'BMI',
      name: '체질량지수',
      unit: 'kg/m²',
      rule: { kind: 'NUMERIC', normalA: [{ atLeast: 18.5, below: 25 }], borderline: [{ below: 18.5 }, { atLeast: 25, below: 30 }] },
      source: `${NHIS}; 대한비만학회 비만 진료지침 2022 (비만 ≥ 25); 저체중을 정상B로 둔 것은 가정(docs)`,
    },
    { code: 'VISION_LEFT', name: '시력(좌)', unit: null, rule: { kind: 'NOT_JUDGED' }, source: NHIS },
    { code: 'VISION_RIGHT', name: '시력(우)', unit: null, rule: { kind: 'NOT_JUDGED' }, source: NHIS },
    { code: 'HEARING_LEFT', name: '청력(좌)', unit: null, rule: { kind: 'QUALITATIVE', words: { 정상: A, 질환의심: D } }, source: NHIS },
    { code: 'HEARING_RIGHT', name: '청력(우)', unit: null, rule: { kind: 'QUALITATIVE', words: { 정상: A, 질환의심: D } }, source: NHIS },
    {
      code: 'SYSTOLIC_BP',
      name: '수축기 혈압',
      unit: 'mmHg',
      rule: { kind: 'NUMERIC', normalA: [{ below: 120 }], borderline: [{ atLeast: 120, below: 140 }] },
      source: `${NHIS}; 대한고혈압학회 고혈압 진료지침 2022`,
    },
    {
      code: 'DIASTOLIC_BP',
      name: '이완기 혈압',
      unit: 'mmHg',
      rule: { kind: 'NUMERIC', normalA: [{ below: 80 }], borderline: [{ atLeast: 80, below: 90 }] },
      source: `${NHIS}; 대한고혈압학회 고혈압 진료지침 2022`,
    },
    {
      code: 'URINE_PROTEIN',
      name: '요단백',
      unit: null,
      rule: { kind: 'QUALITATIVE', words: { 음성: A, 약양성: B, 양성: D } },
      source: NHIS,
    },
    {
      code: 'HAEMOGLOBIN',
      sex: 'M',
      name: '혈색소',
      unit: 'g/dL',
      rule: { kind: 'NUMERIC', normalA: [{ atLeast: 13, atMost: 16.5 }], borderline: [{ atLeast: 12, below: 13 }] },
      source: `${NHIS}; 16.5 초과를 질환의심으로 둔 것은 가정(docs)`,
    },
    {
      code: 'HAEMOGLOBIN',
      sex: 'F',
      name: '혈색소',
      unit: 'g/dL',
      rule: { kind: 'NUMERIC', normalA: [{ atLeast: 12, atMost: 15.5 }], borderline: [{ atLeast: 10, below: 12 }] },
      source: `${NHIS}; 15.5 초과를 질환의심으로 둔 것은 가정(docs)`,
    },
    {
      code: 'FASTING_GLUCOSE',
      name: '공복혈당',
      unit: 'mg/dL',
      rule: { kind: 'NUMERIC', normalA: [{ below: 100 }], borderline: [{ atLeast: 100, below: 126 }] },
      source: `${NHIS}; 대한당뇨병학회 당뇨병 진료지침 2023 (공복혈당장애 100–125, 당뇨병 ≥ 126)`,
    },
    {
      code: 'TOTAL_CHOLESTEROL',
      name: '총콜레스테롤',
      unit: 'mg/dL',
      rule: { kind: 'NUMERIC', normalA: [{ below: 200 }], borderline: [{ atLeast: 200, below: 240 }] },
      source: `${NHIS}; 한국지질·동맥경화학회 이상지질혈증 진료지침 제5판 (2022)`,
    },
    {
      code: 'HDL_CHOLESTEROL',
      name: 'HDL 콜레스테롤',
      unit: 'mg/dL',
      rule: { kind: 'NUMERIC', normalA: [{ atLeast: 60 }], borderline: [{ atLeast: 40, below: 60 }] },
      source: `${NHIS}; 한국지질·동맥경화학회 이상지질혈증 진료지침 제5판 (2022) (낮은 HDL < 40, 남녀 같음)`,
    },
    {
      code: 'TRIGLYCERIDES',
      name: '중성지방',
      unit: 'mg/dL',
      rule: { kind: 'NUMERIC', normalA: [{ below: 150 }], borderline: [{ atLeast: 150, below: 200 }] },
      source: `${NHIS}; 한국지질·동맥경화학회 이상지질혈증 진료지침 제5판 (2022)`,
    },
    {
      code: 'LDL_CHOLESTEROL',
      name: 'LDL 콜레스테롤',
      unit: 'mg/dL',
      rule: { kind: 'NUMERIC', normalA: [{ below: 130 }], borderline: [{ atLeast: 130, below: 160 }] },
      source: `${NHIS}; 한국지질·동맥경화학회 이상지질혈증 진료지침 제5판 (2022)`,
    },
    {
      code: 'SERUM_CREATININE',
      name: '혈청 크레아티닌',
      unit: 'mg/dL',
      rule: { kind: 'NUMERIC', normalA: [{ atMost: 1.5 }], borderline: [] },
      source: NHIS,
    },
    {
      code: 'EGFR',
      name: '신사구체여과율(e-GFR)',
      unit: 'mL/min/1.73m²',
      rule: { kind: 'NUMERIC', normalA: [{ atLeast: 60 }], borderline: [] },
      source: `${NHIS}; KDIGO 2024 Clinical Practice Guideline for CKD (G3a 이하 < 60)`,
    },
    {
      code: 'AST',
      name: 'AST(SGOT)',
      unit: 'IU/L',
      rule: { kind: 'NUMERIC', normalA: [{ atMost: 40 }], borderline: [{ above: 40, atMost: 50 }] },
      source: NHIS,
    },
    {
      code: 'ALT',
      name: 'ALT(SGPT)',
      unit: 'IU/L',
      rule: { kind: 'NUMERIC', normalA: [{ atMost: 35 }], borderline: [{ above: 35, atMost: 45 }] },
      source: NHIS,
    },
    {
      code: 'GGT',
      sex: 'M',
      name: '감마지티피(γ-GTP)',
      unit: 'IU/L',
      rule: { kind: 'NUMERIC', normalA: [{ atMost: 63 }], borderline: [{ above: 63, atMost: 77 }] },
      source: NHIS,
    },
    {
      code: 'GGT',
      sex: 'F',
      name: '감마지티피(γ-GTP)',
      unit: 'IU/L',
      rule: { kind: 'NUMERIC', normalA: [{ atMost: 35 }], borderline: [{ above: 35, atMost: 45 }] },
      source: NHIS,
    },
    {
      code: 'CHEST_XRAY',
      name: '흉부방사선',
      unit: null,
      rule: { kind: 'QUALITATIVE', words: { 정상: A, 비활동성: B, 질환의심: D } },
      source: NHIS,
    },
  ],
};
