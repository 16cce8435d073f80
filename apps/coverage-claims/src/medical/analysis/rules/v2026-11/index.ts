import { CheckupBand } from '../../../checkups/checkup.js';
import type { RiskRulesData } from '../risk-rules-data.js';

// Medical risk rules version 2026.11. Frozen once a migration has loaded it: a change is a new
// version (a new folder and a new migration). Sources and assumptions: docs/sources/medical-risk-rules.md,
// under the group's code or the measurement's.

const { NormalA: A, Borderline: B, DiseaseSuspected: D } = CheckupBand;

export const RISK_RULES_2026_11: RiskRulesData = {
  version: '2026.11',
  bandPoints: { [A]: 0, [B]: 1, [D]: 3 },
  worseningPoints: 1,
  stableWithin: 0.05,
  groups: [
    {
      code: 'CEREBROVASCULAR',
      name: '뇌혈관질환',
      drivers: [
        { measurement: 'SYSTOLIC_BP', weight: 3, worseWhen: 'HIGHER' },
        { measurement: 'DIASTOLIC_BP', weight: 1, worseWhen: 'HIGHER' },
        { measurement: 'FASTING_GLUCOSE', weight: 1, worseWhen: 'HIGHER' },
        { measurement: 'LDL_CHOLESTEROL', weight: 1, worseWhen: 'HIGHER' },
        { measurement: 'HDL_CHOLESTEROL', weight: 1, worseWhen: 'LOWER' },
      ],
      agePoints: [
        { from: 55, points: 2 },
        { from: 65, points: 4 },
      ],
      thresholds: { moderate: 4, high: 10 },
      categories: ['06', '02', '03', '04', '11'],
    },
    {
      code: 'CARDIAC',
      name: '심장질환',
      drivers: [
        { measurement: 'SYSTOLIC_BP', weight: 2, worseWhen: 'HIGHER' },
        { measurement: 'LDL_CHOLESTEROL', weight: 2, worseWhen: 'HIGHER' },
        { measurement: 'HDL_CHOLESTEROL', weight: 1, worseWhen: 'LOWER' },
        { measurement: 'TRIGLYCERIDES', weight: 1, worseWhen: 'HIGHER' },
        { measurement: 'FASTING_GLUCOSE', weight: 1, worseWhen: 'HIGHER' },
        { measurement: 'WAIST', weight: 1, worseWhen: 'HIGHER' },
      ],
      agePoints: [
        { from: 55, points: 2 },
        { from: 65, points: 4 },
      ],
      thresholds: { moderate: 4, high: 10 },
      categories: ['07', '03', '04', '11'],
    },
    {
      code: 'CANCER',
      name: '암',
      drivers: [
        { measurement: 'CHEST_XRAY', weight: 3, worseWhen: 'HIGHER' },
        { measurement: 'GGT', weight: 1, worseWhen: 'HIGHER' },
        { measurement: 'BMI', weight: 1, worseWhen: 'HIGHER' },
      ],
      agePoints: [
        { from: 50, points: 2 },
        { from: 60, points: 4 },
      ],
      thresholds: { moderate: 4, high: 9 },
      categories: ['05', '03', '04', '11'],
    },
    {
      code: 'METABOLIC',
      name: '당뇨·대사질환',
      drivers: [
        { measurement: 'FASTING_GLUCOSE', weight: 3, worseWhen: 'HIGHER' },
        { measurement: 'WAIST', weight: 2, worseWhen: 'HIGHER' },
        { measurement: 'TRIGLYCERIDES', weight: 1, worseWhen: 'HIGHER' },
        { measurement: 'HDL_CHOLESTEROL', weight: 1, worseWhen: 'LOWER' },
        { measurement: 'SYSTOLIC_BP', weight: 1, worseWhen: 'HIGHER' },
        { measurement: 'BMI', weight: 1, worseWhen: 'HIGHER' },
      ],
      agePoints: [],
      thresholds: { moderate: 4, high: 10 },
      categories: ['03', '04', '11'],
    },
    {
      code: 'LIVER',
      name: '간질환',
      drivers: [
        { measurement: 'ALT', weight: 2, worseWhen: 'HIGHER' },
        { measurement: 'AST', weight: 2, worseWhen: 'HIGHER' },
        { measurement: 'GGT', weight: 2, worseWhen: 'HIGHER' },
      ],
      agePoints: [],
      thresholds: { moderate: 4, high: 10 },
      categories: ['03', '04', '11'],
    },
    {
      code: 'KIDNEY',
      name: '신장질환',
      drivers: [
        { measurement: 'EGFR', weight: 3, worseWhen: 'LOWER' },
        { measurement: 'SERUM_CREATININE', weight: 2, worseWhen: 'HIGHER' },
        { measurement: 'URINE_PROTEIN', weight: 2, worseWhen: 'HIGHER' },
        { measurement: 'SYSTOLIC_BP', weight: 1, worseWhen: 'HIGHER' },
        { measurement: 'FASTING_GLUCOSE', weight: 1, worseWhen: 'HIGHER' },
      ],
      agePoints: [],
      thresholds: { moderate: 4, high: 10 },
      categories: ['03', '04', '11'],
    },
  ],
  categoryNames: { '02': '장해·간병', '03': '의료비', '04': '입원비', '05': '암', '06': '뇌', '07': '심장', '11': '수술비' },
  measurements: {
    SYSTOLIC_BP: { name: '수축기 혈압', numeric: true },
    DIASTOLIC_BP: { name: '이완기 혈압', numeric: true },
    FASTING_GLUCOSE: { name: '공복혈당', numeric: true },
    LDL_CHOLESTEROL: { name: 'LDL 콜레스테롤', numeric: true },
    HDL_CHOLESTEROL: { name: 'HDL 콜레스테롤', numeric: true },
    TRIGLYCERIDES: { name: '중성지방', numeric: true },
    WAIST: { name: '허리둘레', numeric: true },
    BMI: { name: '체질량지수', numeric: true },
    ALT: { name: 'ALT(SGPT)', numeric: true },
    AST: { name: 'AST(SGOT)', numeric: true },
    GGT: { name: '감마지티피(γ-GTP)', numeric: true },
    EGFR: { name: '신사구체여과율(eGFR)', numeric: true },
    SERUM_CREATININE: { name: '혈청 크레아티닌', numeric: true },
    URINE_PROTEIN: { name: '요단백', numeric: false },
    CHEST_XRAY: { name: '흉부촬영', numeric: false },
  },
};
