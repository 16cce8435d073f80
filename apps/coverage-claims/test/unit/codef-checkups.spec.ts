import { MEASUREMENT_CODES, MEASUREMENT_UNITS, type MeasurementCode, type NhisCheckup } from '../../src/integrations/nhis/nhis.port.js';
import { UnreadableCheckupsError, parseCodefCheckups } from '../../src/integrations/nhis/codef/codef-checkups.js';
import { REFERENCE_RANGES_2026_11 } from '../../src/medical/checkups/reference-ranges/v2026-11/index.js';

const AS_OF = 2026;

/** A resPreviewList row as CODEF answers it: every value a string (a made-up examination). */
function row(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    resCheckupYear: '2024',
    resCheckupDate: '1014',
    resCheckupPlace: '한빛내과의원',
    resHeight: '172.4',
    resWeight: '70.2',
    resWaist: '84.0',
    resBMI: '23.6',
    resSight: '1.0/1.2',
    resHearing: '정상/정상',
    resBloodPressure: '124/82',
    resUrinaryProtein: '음성',
    resHemoglobin: '14.8',
    resFastingBloodSuger: '97',
    resTotalCholesterol: '205',
    resHDLCholesterol: '52',
    resTriglyceride: '148',
    resLDLCholesterol: '124',
    resSerumCreatinine: '0.9',
    resGFR: '96',
    resAST: '24',
    resALT: '28',
    resyGPT: '31',
    resTBChestDisease: '정상',
    resOsteoporosis: '',
    resJudgement: '정상B',
    ...overrides,
  };
}

const parse = (...rows: Array<Record<string, unknown>>) => parseCodefCheckups({ resPreviewList: rows }, AS_OF);
const only = (overrides: Record<string, unknown> = {}): NhisCheckup => {
  const [checkup, ...rest] = parse(row(overrides));
  expect(rest).toEqual([]);
  return checkup!;
};
const valueOf = (checkup: NhisCheckup, code: MeasurementCode) => checkup.measurements.find((measurement) => measurement.code === code);
const measured = (overrides: Record<string, unknown>, code: MeasurementCode) => valueOf(only(overrides), code);

describe('CODEF check-ups: the examination', () => {
  it('reads the full row into every measurement, in the port’s order, with the table’s units', () => {
    const checkup = only();
    expect(checkup).toMatchObject({ year: 2024, examinedOn: '2024-10-14', institution: '한빛내과의원' });
    expect(checkup.measurements.map((measurement) => measurement.code)).toEqual([...MEASUREMENT_CODES]);
    expect(Object.fromEntries(checkup.measurements.map((measurement) => [measurement.code, measurement.value]))).toEqual({
      HEIGHT: 172.4,
      WEIGHT: 70.2,
      WAIST: 84,
      BMI: 23.6,
      VISION_LEFT: 1,
      VISION_RIGHT: 1.2,
      HEARING_LEFT: '정상',
      HEARING_RIGHT: '정상',
      SYSTOLIC_BP: 124,
      DIASTOLIC_BP: 82,
      URINE_PROTEIN: '음성',
      HAEMOGLOBIN: 14.8,
      FASTING_GLUCOSE: 97,
      TOTAL_CHOLESTEROL: 205,
      HDL_CHOLESTEROL: 52,
      TRIGLYCERIDES: 148,
      LDL_CHOLESTEROL: 124,
      SERUM_CREATININE: 0.9,
      EGFR: 96,
      AST: 24,
      ALT: 28,
      GGT: 31,
      CHEST_XRAY: '정상',
    });
  });

  it('gives every measurement the unit the reference-range table 2026-11 judges it in', () => {
    for (const measurement of only().measurements) {
      const ranges = REFERENCE_RANGES_2026_11.ranges.filter((range) => range.code === measurement.code);
      expect(ranges.length).toBeGreaterThan(0);
      for (const range of ranges) expect([measurement.code, measurement.unit]).toEqual([measurement.code, range.unit]);
    }
    expect(Object.keys(MEASUREMENT_UNITS).sort()).toEqual([...MEASUREMENT_CODES].sort());
  });

  it('dates the examination from resCheckupYear and resCheckupDate (MMDD); a whole YYYYMMDD is taken as it is', () => {
    expect(only({ resCheckupYear: '2021', resCheckupDate: '0305' }).examinedOn).toBe('2021-03-05');
    expect(only({ resCheckupYear: '2021', resCheckupDate: '03.05' }).examinedOn).toBe('2021-03-05');
    expect(only({ resCheckupYear: '2021', resCheckupDate: '20210305' }).examinedOn).toBe('2021-03-05');
    expect(only({ resCheckupYear: '2024', resCheckupDate: '0229' }).examinedOn).toBe('2024-02-29');
  });

  it('leaves out a row whose year or date cannot be read: it cannot be placed', () => {
    for (const overrides of [
      { resCheckupYear: '' },
      { resCheckupYear: '24' },
      { resCheckupYear: '2024년' },
      { resCheckupDate: '' },
      { resCheckupDate: '1314' },
      { resCheckupDate: '0230' },
      { resCheckupYear: '2023', resCheckupDate: '0229' },
      { resCheckupDate: '14' },
    ]) {
      expect(parse(row(overrides))).toEqual([]);
    }
  });

  it('takes the institution from resCheckupPlace (resOrganizationName when that is empty), trimmed; none is empty', () => {
    expect(only({ resCheckupPlace: '  서울내과의원 ' }).institution).toBe('서울내과의원');
    expect(only({ resCheckupPlace: '', resOrganizationName: '국민건강보험 일산병원' }).institution).toBe('국민건강보험 일산병원');
    expect(only({ resCheckupPlace: '' }).institution).toBe('');
  });

  it('keeps the last NHIS_CHECKUP_YEARS examination years up to this year, oldest first', () => {
    const years = parse(...[2015, 2016, 2017, 2025, 2026, 2027, 2020].map((year) => row({ resCheckupYear: String(year) }))).map(
      (checkup) => checkup.year,
    );
    expect(years).toEqual([2017, 2020, 2025, 2026]);
  });

  it('keeps one check-up a year: the latest examination when CODEF lists a year twice', () => {
    const checkups = parse(
      row({ resCheckupDate: '0312', resFastingBloodSuger: '131' }),
      row({ resCheckupDate: '1105', resFastingBloodSuger: '118' }),
      row({ resCheckupDate: '0601', resFastingBloodSuger: '125' }),
    );
    expect(checkups).toHaveLength(1);
    expect(checkups[0]).toMatchObject({ examinedOn: '2024-11-05' });
    expect(valueOf(checkups[0]!, 'FASTING_GLUCOSE')!.value).toBe(118);
  });

  it('answers [] for no check-ups (an empty list, data [] or no list) and throws only for an answer that is no list', () => {
    expect(parseCodefCheckups({ resPreviewList: [] }, AS_OF)).toEqual([]);
    expect(parseCodefCheckups([], AS_OF)).toEqual([]);
    expect(parseCodefCheckups({}, AS_OF)).toEqual([]);
    expect(parseCodefCheckups([{ resPreviewList: [row()] }], AS_OF)).toHaveLength(1);
    expect(parseCodefCheckups({ resPreviewList: [null, 'x', 3, [], row()] }, AS_OF)).toHaveLength(1);
    for (const data of [null, 'x', { resPreviewList: 'x' }, [{ resPreviewList: [] }, { resPreviewList: [] }]]) {
      expect(() => parseCodefCheckups(data, AS_OF)).toThrow(UnreadableCheckupsError);
    }
  });

  it('never puts a raw value into the error it throws', () => {
    try {
      parseCodefCheckups({ resPreviewList: '홍길동 19700314' }, AS_OF);
      throw new Error('no error');
    } catch (error) {
      expect((error as Error).message).not.toMatch(/홍길동|19700314/);
    }
  });
});

describe('CODEF check-ups: numbers', () => {
  const NUMERIC: ReadonlyArray<readonly [string, MeasurementCode, string, number]> = [
    ['resHeight', 'HEIGHT', '181.5', 181.5],
    ['resWeight', 'WEIGHT', '92.3', 92.3],
    ['resWaist', 'WAIST', '101', 101],
    ['resBMI', 'BMI', '28.1', 28.1],
    ['resHemoglobin', 'HAEMOGLOBIN', '11.9', 11.9],
    ['resFastingBloodSuger', 'FASTING_GLUCOSE', '126', 126],
    ['resTotalCholesterol', 'TOTAL_CHOLESTEROL', '241', 241],
    ['resHDLCholesterol', 'HDL_CHOLESTEROL', '39', 39],
    ['resTriglyceride', 'TRIGLYCERIDES', '1,204', 1204],
    ['resLDLCholesterol', 'LDL_CHOLESTEROL', '161', 161],
    ['resSerumCreatinine', 'SERUM_CREATININE', '1.6', 1.6],
    ['resGFR', 'EGFR', '58', 58],
    ['resAST', 'AST', '51', 51],
    ['resALT', 'ALT', '46', 46],
    ['resyGPT', 'GGT', '78', 78],
  ];

  it.each(NUMERIC)('reads %s as %s, with its unit', (field, code, text, value) => {
    expect(measured({ [field]: text }, code)).toEqual({ code, value, unit: MEASUREMENT_UNITS[code] });
  });

  it.each(NUMERIC)('leaves %s out when empty, blank, a dash or zero (not measured)', (field, code) => {
    for (const blank of ['', '   ', '-', ' - ', '0', '0.0', undefined, null]) {
      expect(measured({ [field]: blank }, code)).toBeUndefined();
    }
  });

  it.each(NUMERIC)('leaves %s out when it is not one reading (a word, a bound, a range, two numbers)', (field, code) => {
    for (const malformed of ['정상', '<5', '5 이하', '90~100', '1.0/1.2', '1..2', '12a', 'NaN', '1e3', '１２', {}]) {
      const parsed = measured({ [field]: malformed }, code);
      // Full-width digits are the same number (NFKC), not a malformed one.
      if (malformed === '１２') expect(parsed?.value).toBe(12);
      else expect(parsed).toBeUndefined();
    }
  });

  it('reads a number with spaces around it, or followed by the table’s unit in any spelling', () => {
    expect(measured({ resFastingBloodSuger: ' 97 ' }, 'FASTING_GLUCOSE')!.value).toBe(97);
    expect(measured({ resFastingBloodSuger: '97 mg/dL' }, 'FASTING_GLUCOSE')!.value).toBe(97);
    expect(measured({ resFastingBloodSuger: '97㎎/㎗' }, 'FASTING_GLUCOSE')!.value).toBe(97);
    expect(measured({ resGFR: '96 mL/min/1.73m²' }, 'EGFR')!.value).toBe(96);
    expect(measured({ resGFR: '96ml/min/1.73㎡' }, 'EGFR')!.value).toBe(96);
    expect(measured({ resBMI: '23.6 kg/m2' }, 'BMI')!.value).toBe(23.6);
    expect(measured({ resAST: '24 U/L' }, 'AST')!.value).toBe(24);
    expect(measured({ resHeight: '172.4cm' }, 'HEIGHT')!.value).toBe(172.4);
  });

  it('leaves a number out when its unit is not the table’s: 88 µmol/L of creatinine is not 88 mg/dL', () => {
    expect(measured({ resSerumCreatinine: '88 µmol/L' }, 'SERUM_CREATININE')).toBeUndefined();
    expect(measured({ resFastingBloodSuger: '5.4 mmol/L' }, 'FASTING_GLUCOSE')).toBeUndefined();
    expect(measured({ resHeight: '5.8 ft' }, 'HEIGHT')).toBeUndefined();
  });

  it('leaves a field out when the answer’s units row (resReferenceList, resType 단위) states another unit; its spellings of the table’s pass', () => {
    const units = (stated: Record<string, string>) =>
      parseCodefCheckups(
        {
          resPreviewList: [row()],
          resReferenceList: [
            { resType: '단위', resHeight: 'Cm', resWeight: 'Kg', resBMI: 'kg/m2', resGFR: 'mL/min/1.73m2', resAST: 'IU/L', ...stated },
            { resType: '정상(A)', resSerumCreatinine: '1.5이하' },
          ],
        },
        AS_OF,
      )[0]!;
    expect(units({}).measurements.map((measurement) => measurement.code)).toEqual([...MEASUREMENT_CODES]);
    const other = units({ resSerumCreatinine: 'µmol/L', resFastingBloodSuger: 'mmol/L', resBloodPressure: 'kPa' });
    expect([
      valueOf(other, 'SERUM_CREATININE'),
      valueOf(other, 'FASTING_GLUCOSE'),
      valueOf(other, 'SYSTOLIC_BP'),
      valueOf(other, 'DIASTOLIC_BP'),
    ]).toEqual([undefined, undefined, undefined, undefined]);
    expect(valueOf(other, 'EGFR')!.value).toBe(96);
  });

  it('takes a number CODEF sends as a JSON number', () => {
    expect(measured({ resWeight: 70.2 }, 'WEIGHT')!.value).toBe(70.2);
  });
});

describe('CODEF check-ups: blood pressure', () => {
  it('splits resBloodPressure "systolic/diastolic" into SYSTOLIC_BP and DIASTOLIC_BP, in mmHg', () => {
    const checkup = only({ resBloodPressure: '141/92' });
    expect(valueOf(checkup, 'SYSTOLIC_BP')).toEqual({ code: 'SYSTOLIC_BP', value: 141, unit: 'mmHg' });
    expect(valueOf(checkup, 'DIASTOLIC_BP')).toEqual({ code: 'DIASTOLIC_BP', value: 92, unit: 'mmHg' });
  });

  it('tolerates spaces and the unit', () => {
    const checkup = only({ resBloodPressure: ' 118 / 76 mmHg' });
    expect([valueOf(checkup, 'SYSTOLIC_BP')!.value, valueOf(checkup, 'DIASTOLIC_BP')!.value]).toEqual([118, 76]);
  });

  it('leaves both out when empty or not two numbers, and one side out when only it is unreadable', () => {
    for (const blank of ['', '-', '120', '120/80/70', '120-80', '고혈압']) {
      const checkup = only({ resBloodPressure: blank });
      expect([valueOf(checkup, 'SYSTOLIC_BP'), valueOf(checkup, 'DIASTOLIC_BP')]).toEqual([undefined, undefined]);
    }
    const oneSided = only({ resBloodPressure: '120/-' });
    expect([valueOf(oneSided, 'SYSTOLIC_BP')?.value, valueOf(oneSided, 'DIASTOLIC_BP')]).toEqual([120, undefined]);
  });
});

describe('CODEF check-ups: vision and hearing', () => {
  it('splits resSight "left/right" into VISION_LEFT and VISION_RIGHT, decimals without a unit', () => {
    const checkup = only({ resSight: '0.7/1.5' });
    expect(valueOf(checkup, 'VISION_LEFT')).toEqual({ code: 'VISION_LEFT', value: 0.7, unit: null });
    expect(valueOf(checkup, 'VISION_RIGHT')).toEqual({ code: 'VISION_RIGHT', value: 1.5, unit: null });
  });

  it('leaves vision out when empty or not two sides; one side when only it is unreadable (실명, 0.1미만)', () => {
    for (const blank of ['', '-', '1.0', '1.0/1.2/0.9']) {
      const checkup = only({ resSight: blank });
      expect([valueOf(checkup, 'VISION_LEFT'), valueOf(checkup, 'VISION_RIGHT')]).toEqual([undefined, undefined]);
    }
    const blind = only({ resSight: '실명/0.8' });
    expect([valueOf(blind, 'VISION_LEFT'), valueOf(blind, 'VISION_RIGHT')?.value]).toEqual([undefined, 0.8]);
    expect(valueOf(only({ resSight: '0.1미만/1.0' }), 'VISION_LEFT')).toBeUndefined();
  });

  it('splits resHearing "left/right" into the table’s words 정상 and 질환의심', () => {
    const checkup = only({ resHearing: '정상/질환의심' });
    expect(valueOf(checkup, 'HEARING_LEFT')).toEqual({ code: 'HEARING_LEFT', value: '정상', unit: null });
    expect(valueOf(checkup, 'HEARING_RIGHT')).toEqual({ code: 'HEARING_RIGHT', value: '질환의심', unit: null });
    const other = only({ resHearing: '비정상/ 이상 ' });
    expect([valueOf(other, 'HEARING_LEFT')!.value, valueOf(other, 'HEARING_RIGHT')!.value]).toEqual(['질환의심', '질환의심']);
  });

  it('leaves hearing out when empty, one word for both ears, or a word the table does not know', () => {
    for (const blank of ['', '-', '정상', '보통/보통']) {
      const checkup = only({ resHearing: blank });
      expect([valueOf(checkup, 'HEARING_LEFT'), valueOf(checkup, 'HEARING_RIGHT')]).toEqual([undefined, undefined]);
    }
  });
});

describe('CODEF check-ups: qualitative results', () => {
  it.each([
    ['음성', '음성'],
    ['음성(-)', '음성'],
    ['(-)', '음성'],
    ['약양성', '약양성'],
    ['약양성(±)', '약양성'],
    ['±', '약양성'],
    ['양성', '양성'],
    ['양성(+2)', '양성'],
    ['+1', '양성'],
    ['3+', '양성'],
  ])('reads 요단백 %s as %s', (text, word) => {
    expect(measured({ resUrinaryProtein: text }, 'URINE_PROTEIN')).toEqual({ code: 'URINE_PROTEIN', value: word, unit: null });
  });

  it('leaves 요단백 out when empty, a dash, or a word the table does not know', () => {
    for (const blank of ['', ' ', '-', '미실시', '+5', '보통'])
      expect(measured({ resUrinaryProtein: blank }, 'URINE_PROTEIN')).toBeUndefined();
  });

  it.each([
    ['resTBChestDisease', '정상', '정상'],
    ['resTBChestDisease', '정상(A)', '정상'],
    ['resTBChestDisease', '비활동성 폐결핵', '비활동성'],
    ['resTBChestDisease', '비활동성', '비활동성'],
    ['resTBChestDisease', '질환의심', '질환의심'],
    ['resTBChestDisease', '폐결핵 의심', '질환의심'],
    ['resChestDisease', '비활동성', '비활동성'],
  ])('reads 흉부 %s %s as %s', (field, text, word) => {
    expect(measured({ resTBChestDisease: '', [field]: text }, 'CHEST_XRAY')).toEqual({ code: 'CHEST_XRAY', value: word, unit: null });
  });

  it('leaves 흉부 out when empty, a dash, or a word the table does not know', () => {
    for (const blank of ['', '-', '미실시', '기타']) expect(measured({ resTBChestDisease: blank }, 'CHEST_XRAY')).toBeUndefined();
  });

  it('reads no measurement from fields the service does not judge (골다공증, the overall 판정)', () => {
    const codes = only({ resOsteoporosis: '질환의심', resJudgement: '질환의심' }).measurements.map((measurement) => measurement.code);
    expect(codes).toEqual([...MEASUREMENT_CODES]);
  });
});
