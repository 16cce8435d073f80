/* The CODEF fake's default answer of the check-ups product (NHIS health check-up results). */

/**
 * The years of the default check-ups: four and two years before this one in Korea, inside the ten
 * years the service keeps (and asks CODEF for) whatever the date.
 */
export const CODEF_FAKE_CHECKUP_YEARS = (() => {
  const thisYear = new Date(Date.now() + 9 * 3_600_000).getUTCFullYear();
  return { earlier: thisYear - 4, latest: thisYear - 2 };
})();

/**
 * The check-ups' default `resPreviewList`: the fields third-party parsers read (the provider's list is
 * not public), all strings, empty when not measured. Made-up values: the latest year with everything,
 * the earlier without the lipid panel (measured every four years) and with a blank hearing.
 */
export const CODEF_FAKE_CHECKUP_ROWS: Array<Record<string, string>> = [
  {
    resCheckupYear: String(CODEF_FAKE_CHECKUP_YEARS.latest),
    resCheckupDate: '1105',
    resCheckupPlace: '한빛내과의원',
    resHeight: '172.4',
    resWeight: '70.2',
    resWaist: '84.0',
    resBMI: '23.6',
    resSight: '1.0/1.2',
    resHearing: '정상/정상',
    resBloodPressure: '128/82',
    resUrinaryProtein: '음성',
    resHemoglobin: '14.8',
    resFastingBloodSuger: '104',
    resTotalCholesterol: '212',
    resHDLCholesterol: '48',
    resLDLCholesterol: '138',
    resTriglyceride: '160',
    resSerumCreatinine: '0.9',
    resGFR: '92',
    resAST: '28',
    resALT: '31',
    resyGPT: '42',
    resChestDisease: '정상',
    resOsteoporosis: '',
    resJudgement: '정상B(경계)',
  },
  {
    resCheckupYear: String(CODEF_FAKE_CHECKUP_YEARS.earlier),
    resCheckupDate: '0913',
    resCheckupPlace: '새솔의원',
    resHeight: '172.1',
    resWeight: '68.9',
    resWaist: '82.5',
    resBMI: '23.3',
    resSight: '1.0/1.0',
    resHearing: '',
    resBloodPressure: '122/78',
    resUrinaryProtein: '음성',
    resHemoglobin: '15.1',
    resFastingBloodSuger: '97',
    resTotalCholesterol: '',
    resHDLCholesterol: '',
    resLDLCholesterol: '',
    resTriglyceride: '',
    resSerumCreatinine: '0.8',
    resGFR: '101',
    resAST: '24',
    resALT: '22',
    resyGPT: '35',
    resChestDisease: '정상',
    resOsteoporosis: '',
    resJudgement: '정상A',
  },
];

/** `resReferenceList` as CODEF's guide shows it (`{resType: "단위", resHeight: "Cm", ...}`), the units row and one range row. */
export const CODEF_FAKE_CHECKUP_REFERENCE = [
  {
    resType: '단위',
    resHeight: 'Cm',
    resWeight: 'Kg',
    resWaist: 'Cm',
    resBMI: 'kg/m2',
    resBloodPressure: 'mmHg',
    resHemoglobin: 'g/dL',
    resFastingBloodSuger: 'mg/dL',
    resTotalCholesterol: 'mg/dL',
    resHDLCholesterol: 'mg/dL',
    resTriglyceride: 'mg/dL',
    resLDLCholesterol: 'mg/dL',
    resSerumCreatinine: 'mg/dL',
    resGFR: 'mL/min/1.73m2',
    resAST: 'IU/L',
    resALT: 'IU/L',
    resyGPT: 'IU/L',
  },
  {
    resType: '정상(A)',
    resBMI: '18.5~24.9',
    resBloodPressure: '120/80미만',
    resFastingBloodSuger: '100미만',
    resTotalCholesterol: '200미만',
  },
];
