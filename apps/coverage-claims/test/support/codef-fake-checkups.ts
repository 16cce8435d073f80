import { MEASUREMENT_UNITS, type MeasurementCode, type NhisCheckup } from '../../src/integrations/nhis/nhis.port.js';
import { CODEF_FAKE_CHECKUP_YEARS } from './fakes/codef-fake.js';

const m = (code: MeasurementCode, value: number | string) => ({ code, value, unit: MEASUREMENT_UNITS[code] });

const { earlier, latest } = CODEF_FAKE_CHECKUP_YEARS;

/**
 * What the fake's default rows (CODEF_FAKE_CHECKUP_ROWS) say, written out by hand: the latest year
 * with every measurement, the earlier without the lipid panel and hearing (blank in the row);
 * `resChestDisease` 정상.
 */
export const FAKE_ROWS_AS_CHECKUPS: NhisCheckup[] = [
  {
    year: earlier,
    examinedOn: `${earlier}-09-13`,
    institution: '새솔의원',
    measurements: [
      m('HEIGHT', 172.1),
      m('WEIGHT', 68.9),
      m('WAIST', 82.5),
      m('BMI', 23.3),
      m('VISION_LEFT', 1),
      m('VISION_RIGHT', 1),
      m('SYSTOLIC_BP', 122),
      m('DIASTOLIC_BP', 78),
      m('URINE_PROTEIN', '음성'),
      m('HAEMOGLOBIN', 15.1),
      m('FASTING_GLUCOSE', 97),
      m('SERUM_CREATININE', 0.8),
      m('EGFR', 101),
      m('AST', 24),
      m('ALT', 22),
      m('GGT', 35),
      m('CHEST_XRAY', '정상'),
    ],
  },
  {
    year: latest,
    examinedOn: `${latest}-11-05`,
    institution: '한빛내과의원',
    measurements: [
      m('HEIGHT', 172.4),
      m('WEIGHT', 70.2),
      m('WAIST', 84),
      m('BMI', 23.6),
      m('VISION_LEFT', 1),
      m('VISION_RIGHT', 1.2),
      m('HEARING_LEFT', '정상'),
      m('HEARING_RIGHT', '정상'),
      m('SYSTOLIC_BP', 128),
      m('DIASTOLIC_BP', 82),
      m('URINE_PROTEIN', '음성'),
      m('HAEMOGLOBIN', 14.8),
      m('FASTING_GLUCOSE', 104),
      m('TOTAL_CHOLESTEROL', 212),
      m('HDL_CHOLESTEROL', 48),
      m('TRIGLYCERIDES', 160),
      m('LDL_CHOLESTEROL', 138),
      m('SERUM_CREATININE', 0.9),
      m('EGFR', 92),
      m('AST', 28),
      m('ALT', 31),
      m('GGT', 42),
      m('CHEST_XRAY', '정상'),
    ],
  },
];
