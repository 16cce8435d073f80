import { CHECKUP_BANDS } from '#contracts';
import { CheckupBand, MEASUREMENT_CODES, type MeasurementCode } from '../../src/medical/checkups/checkup.js';
import { judgeCheckups } from '../../src/medical/checkups/checkup-judgement.js';
import { judge, lookupOf, type Sex } from '../../src/medical/checkups/reference-ranges/reference-ranges.js';
import { REFERENCE_RANGES_2026_11 } from '../../src/medical/checkups/reference-ranges/v2026-11/index.js';

const ranges = lookupOf(REFERENCE_RANGES_2026_11);
const A = CheckupBand.NormalA;
const B = CheckupBand.Borderline;
const D = CheckupBand.DiseaseSuspected;

const bandOf = (code: MeasurementCode, sex: Sex, value: number | string) => judge(ranges.rangeOf(code, sex)!.rule, value);

/**
 * Every boundary of version 2026-11, just below, at and just above (docs/sources/checkup-reference-ranges.md),
 * for both sexes where the range is the same and for each where it differs.
 */
const BOUNDARIES: Array<[MeasurementCode, Sex | 'both', Array<[number, CheckupBand]>]> = [
  [
    'WAIST',
    'M',
    [
      [89.9, A],
      [90, D],
      [90.1, D],
    ],
  ],
  [
    'WAIST',
    'F',
    [
      [84.9, A],
      [85, D],
      [85.1, D],
    ],
  ],
  [
    'BMI',
    'both',
    [
      [18.4, B],
      [18.5, A],
      [18.6, A],
      [24.9, A],
      [25, B],
      [25.1, B],
      [29.9, B],
      [30, D],
      [30.1, D],
    ],
  ],
  [
    'SYSTOLIC_BP',
    'both',
    [
      [119, A],
      [120, B],
      [121, B],
      [139, B],
      [140, D],
      [141, D],
    ],
  ],
  [
    'DIASTOLIC_BP',
    'both',
    [
      [79, A],
      [80, B],
      [81, B],
      [89, B],
      [90, D],
      [91, D],
    ],
  ],
  [
    'HAEMOGLOBIN',
    'M',
    [
      [11.9, D],
      [12, B],
      [12.1, B],
      [12.9, B],
      [13, A],
      [13.1, A],
      [16.4, A],
      [16.5, A],
      [16.6, D],
    ],
  ],
  [
    'HAEMOGLOBIN',
    'F',
    [
      [9.9, D],
      [10, B],
      [10.1, B],
      [11.9, B],
      [12, A],
      [12.1, A],
      [15.4, A],
      [15.5, A],
      [15.6, D],
    ],
  ],
  [
    'FASTING_GLUCOSE',
    'both',
    [
      [99, A],
      [100, B],
      [101, B],
      [125, B],
      [126, D],
      [127, D],
    ],
  ],
  [
    'TOTAL_CHOLESTEROL',
    'both',
    [
      [199, A],
      [200, B],
      [201, B],
      [239, B],
      [240, D],
      [241, D],
    ],
  ],
  [
    'HDL_CHOLESTEROL',
    'both',
    [
      [39, D],
      [40, B],
      [41, B],
      [59, B],
      [60, A],
      [61, A],
    ],
  ],
  [
    'TRIGLYCERIDES',
    'both',
    [
      [149, A],
      [150, B],
      [151, B],
      [199, B],
      [200, D],
      [201, D],
    ],
  ],
  [
    'LDL_CHOLESTEROL',
    'both',
    [
      [129, A],
      [130, B],
      [131, B],
      [159, B],
      [160, D],
      [161, D],
    ],
  ],
  [
    'SERUM_CREATININE',
    'both',
    [
      [1.4, A],
      [1.5, A],
      [1.51, D],
      [1.6, D],
    ],
  ],
  [
    'EGFR',
    'both',
    [
      [59, D],
      [59.9, D],
      [60, A],
      [61, A],
    ],
  ],
  [
    'AST',
    'both',
    [
      [39, A],
      [40, A],
      [40.5, B],
      [41, B],
      [50, B],
      [50.5, D],
      [51, D],
    ],
  ],
  [
    'ALT',
    'both',
    [
      [34, A],
      [35, A],
      [36, B],
      [45, B],
      [46, D],
    ],
  ],
  [
    'GGT',
    'M',
    [
      [62, A],
      [63, A],
      [64, B],
      [77, B],
      [78, D],
    ],
  ],
  [
    'GGT',
    'F',
    [
      [34, A],
      [35, A],
      [36, B],
      [45, B],
      [46, D],
    ],
  ],
];

const WORDS: Array<[MeasurementCode, Array<[string, CheckupBand | null]>]> = [
  [
    'HEARING_LEFT',
    [
      ['정상', A],
      ['질환의심', D],
      ['양성', null],
    ],
  ],
  [
    'HEARING_RIGHT',
    [
      ['정상', A],
      ['질환의심', D],
    ],
  ],
  [
    'URINE_PROTEIN',
    [
      ['음성', A],
      ['약양성', B],
      ['양성', D],
      ['정상', null],
    ],
  ],
  [
    'CHEST_XRAY',
    [
      ['정상', A],
      ['비활동성', B],
      ['질환의심', D],
      ['음성', null],
    ],
  ],
];

const NOT_JUDGED: MeasurementCode[] = ['HEIGHT', 'WEIGHT', 'VISION_LEFT', 'VISION_RIGHT'];

describe('check-up reference ranges 2026-11', () => {
  it('has a range for every measurement code and both sexes, and no other code', () => {
    for (const code of MEASUREMENT_CODES) for (const sex of ['M', 'F'] as const) expect(ranges.rangeOf(code, sex)).toBeDefined();
    expect(new Set(REFERENCE_RANGES_2026_11.ranges.map((range) => range.code))).toEqual(new Set(MEASUREMENT_CODES));
  });

  it('pins a boundary test for every measurement code', () => {
    const pinned = new Set([...BOUNDARIES.map(([code]) => code), ...WORDS.map(([code]) => code), ...NOT_JUDGED]);
    expect(pinned).toEqual(new Set(MEASUREMENT_CODES));
  });

  for (const [code, sexes, cases] of BOUNDARIES) {
    for (const sex of sexes === 'both' ? (['M', 'F'] as const) : [sexes]) {
      it(`judges ${code} (${sex}) at its boundaries`, () => {
        expect(cases.map(([value]) => [value, bandOf(code, sex, value)])).toEqual(cases);
      });
    }
  }

  for (const [code, cases] of WORDS) {
    it(`judges the words of ${code}, and none it does not list`, () => {
      for (const sex of ['M', 'F'] as const) expect(cases.map(([word]) => [word, bandOf(code, sex, word)])).toEqual(cases);
    });
  }

  it('judges nothing of height, weight and vision', () => {
    for (const code of NOT_JUDGED)
      expect([bandOf(code, 'M', 170), bandOf(code, 'F', 0.1), bandOf(code, 'M', 2)]).toEqual([null, null, null]);
  });

  it('does not guess: a word for a number, or a number for a word, is not judged', () => {
    expect(bandOf('FASTING_GLUCOSE', 'M', '높음')).toBeNull();
    expect(bandOf('FASTING_GLUCOSE', 'M', Number.NaN)).toBeNull();
    expect(bandOf('URINE_PROTEIN', 'F', 1)).toBeNull();
  });

  it('spells the bands as the contracts document them', () => {
    expect(Object.values(CheckupBand)).toEqual([...CHECKUP_BANDS]);
  });
});

describe('judgeCheckups', () => {
  const checkup = (year: number, examinedOn: string, glucose: number) => ({
    year,
    examinedOn,
    institution: '',
    measurements: [
      { code: 'FASTING_GLUCOSE' as const, value: glucose, unit: 'mg/dL' },
      { code: 'WAIST' as const, value: 87, unit: 'cm' },
    ],
  });

  it('judges by the customer’s sex, keeps one examination a year (the latest) and the last ten years, oldest first', () => {
    const source = [
      ...Array.from({ length: 12 }, (_, index) => checkup(2025 - index, `${2025 - index}-05-01`, 90 + index)),
      checkup(2025, '2025-10-01', 130),
    ];
    const male = judgeCheckups(source, ranges, 'M', 2025);
    expect(male.map((item) => item.year)).toEqual([2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025]);
    expect(male.at(-1)).toMatchObject({ examinedOn: '2025-10-01', measurements: [{ value: 130, band: D }, { band: A }] });
    expect(judgeCheckups(source, ranges, 'F', 2025).at(-1)!.measurements[1]!.band).toBe(D);
    expect(judgeCheckups([], ranges, 'F', 2025)).toEqual([]);
  });

  it('keeps the last ten calendar years, not the last ten records: biennial check-ups over twenty years give five', () => {
    const biennial = Array.from({ length: 10 }, (_, index) => checkup(2026 - 2 * index, `${2026 - 2 * index}-05-01`, 90));
    expect(judgeCheckups(biennial, ranges, 'M', 2026).map((item) => item.year)).toEqual([2018, 2020, 2022, 2024, 2026]);
  });

  it('does not judge a measurement given in another unit than the table’s', () => {
    const [judged] = judgeCheckups(
      [{ year: 2025, examinedOn: '2025-05-01', institution: '', measurements: [{ code: 'SERUM_CREATININE', value: 88, unit: 'µmol/L' }] }],
      ranges,
      'M',
      2025,
    );
    expect(judged!.measurements[0]!.band).toBeNull();
  });
});
