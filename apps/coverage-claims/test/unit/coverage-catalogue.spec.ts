import { catalogueFromData } from '../../src/coverage-analysis/catalogue/catalogue-rows.js';
import { CoverageCatalogue } from '../../src/coverage-analysis/catalogue/coverage-catalogue.js';
import { normaliseCoverageName } from '../../src/common/coverage-names.js';
import { CATALOGUE_2026_11 } from '../../src/coverage-analysis/catalogue/v2026-11/index.js';

const catalogue = catalogueFromData(CATALOGUE_2026_11);

describe('coverage names are compared normalised', () => {
  it.each([
    ['일반암 진단비', '일반암진단비'],
    ['일반암진단비Ⅱ', '일반암진단비'],
    ['[갱신형] 일반암진단비 특약', '일반암진단비'],
    ['(무)일반암진단비특별약관', '일반암진단비'],
    ['무배당 뇌혈관질환진단비 담보', '뇌혈관질환진단비'],
    ['일반암진단비（유사암제외）', '일반암진단비(유사암제외)'],
    ['상해후유장해【3-100%】', '상해후유장해(3~100%)'],
    ['상해후유장해(3∼100%)', '상해후유장해(3~100%)'],
    ['질병입원일당 (1일이상)', '질병입원일당(1일이상)'],
    ['운전자벌금<대인>', '운전자벌금(대인)'],
    // renewal and term qualifiers, with or without a number of years or an age
    ['뇌출혈진단비(갱신형)', '뇌출혈진단비'],
    ['일반상해사망(기본계약)(20년갱신형)', '일반상해사망'],
    ['질병사망(10년갱신)', '질병사망'],
    ['질병사망(갱신)', '질병사망'],
    ['일반암진단비(100세만기)', '일반암진단비'],
    ['일반암진단비(80세만기)', '일반암진단비'],
    ['상해사망(20년만기)', '상해사망'],
    ['일반암진단비(세만기)', '일반암진단비'],
    // what is not a renewal qualifier stays
    ['질병입원일당(1일이상)', '질병입원일당(1일이상)'],
    ['골절진단비(치아파절제외)', '골절진단비(치아파절제외)'],
    ['일반암진단비(갱신형,유사암제외)', '일반암진단비(갱신형,유사암제외)'],
  ])('%s → %s', (name, normalised) => {
    expect(normaliseCoverageName(name)).toBe(normalised);
  });
});

describe('synonym table', () => {
  it.each([
    // exact rules, through normalisation
    ['일반암진단비', '05_GEN'],
    ['일반암 진단비Ⅱ', '05_GEN'],
    ['암진단비(유사암제외)', '05_GEN'],
    ['사망보험금', '01_GEN'],
    ['재해사망특약', '01_ACC'],
    ['실손의료비(입원)', '03_HIN'],
    ['급성심근경색증 진단비', '07_AMI'],
    ['상해후유장해(3-100%)', '02_ACD'],
    // pattern rules
    ['일반암진단비Ⅱ(유사암제외)', '05_GEN'],
    ['통합암진단비(유사암제외)', '05_GEN'],
    ['갑상선암진단비', '05_SML'],
    ['유사암진단비Ⅱ', '05_SML'],
    ['기타피부암 진단비', '05_SML'],
    ['뇌출혈진단비(갱신형)', '06_HEM'],
    ['질병1~5종수술비', '11_DSG'],
    ['상해1-5종수술비', '11_ASG'],
    ['가족일상생활중배상책임Ⅱ', '10_LIA'],
    ['자동차사고벌금(대인)', '09_FIN'],
    ['간병인사용일당(요양병원제외)', '02_CRD'],
    ['치아보철치료비(임플란트)', '13_PRS'],
    ['치아보존치료비(크라운)', '13_CNS'],
    // CODEF's coverage names, renewal qualifiers and all
    ['일반상해사망(기본계약)(20년갱신형)', '01_ACC'],
    ['질병사망(10년갱신)', '01_DIS'],
    ['일반암진단비(100세만기)', '05_GEN'],
  ])('%s maps to %s', (name, code) => {
    expect(catalogue.codeFor(name)).toBe(code);
  });

  it.each([
    '골절진단비',
    '고액암진단비',
    '암수술비',
    '화재손해(건물)',
    '충전치료비(레진)',
    // split 실손 reports would count one limit twice: left unmapped on purpose
    '상해입원의료비',
    '비급여 주사료 실손의료비',
  ])('leaves %s unmapped', (name) => {
    expect(catalogue.codeFor(name)).toBeUndefined();
  });

  it('refuses a table where one name maps to two codes or to an unknown code', () => {
    const coverages = catalogue.coverages;
    expect(
      () =>
        new CoverageCatalogue(
          'x',
          coverages,
          [],
          [
            { match: 'EXACT', pattern: '암 진단비', coverageCode: '05_GEN' },
            { match: 'EXACT', pattern: '암진단비', coverageCode: '05_SML' },
          ],
        ),
    ).toThrow(/both 05_GEN and 05_SML/);
    expect(() => new CoverageCatalogue('x', coverages, [], [{ match: 'PATTERN', pattern: '^x', coverageCode: '99_XXX' }])).toThrow(
      /unknown coverage/,
    );
  });

  it('maps every exact name of the table to its own code (no pattern or normalisation clash)', () => {
    for (const [name, code] of CATALOGUE_2026_11.synonyms.exact) expect([name, catalogue.codeFor(name)]).toEqual([name, code]);
  });
});

describe('catalogue version 2026.11', () => {
  it('keeps the categories the spec shows, with their numbers and names exactly', () => {
    expect(CATALOGUE_2026_11.categories.map((category) => `${category.code} ${category.name}`)).toEqual([
      '01 사망',
      '02 장해·간병',
      '03 의료비',
      '04 입원비',
      '05 암',
      '06 뇌',
      '07 심장',
      '09 운전자',
      '10 주택/생활',
      '11 수술비',
      '13 치아',
    ]);
  });

  it('codes every coverage <category>_<three characters> of a known category, once', () => {
    const categories = new Set(CATALOGUE_2026_11.categories.map((category) => category.code));
    const codes = CATALOGUE_2026_11.coverages.map((coverage) => coverage.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) {
      expect(code).toMatch(/^\d{2}_[A-Z0-9]{3}$/);
      expect(categories.has(code.slice(0, 2))).toBe(true);
    }
  });

  it('gives each coverage non-overlapping age bands with 0 ≤ recommended ≤ limit for both genders', () => {
    for (const coverage of CATALOGUE_2026_11.coverages) {
      const bands = [...coverage.bands].sort((a, b) => a.ages[0] - b.ages[0]);
      bands.forEach((band, index) => {
        expect(band.ages[0]).toBeLessThanOrEqual(band.ages[1]);
        if (index > 0) expect(band.ages[0]).toBeGreaterThan(bands[index - 1]!.ages[1]);
        for (const [recommend, limit] of [band.M, band.F]) {
          expect(recommend).toBeGreaterThanOrEqual(0);
          expect(limit).toBeGreaterThanOrEqual(recommend);
          expect(Number.isSafeInteger(limit)).toBe(true);
        }
      });
    }
  });

  it('recommends by age band: no death cover under 15, driver cover from 15, the band of the age', () => {
    const codes = (age: number) => catalogue.recommendationsFor(age, 'F').map((recommendation) => recommendation.code);
    expect(codes(14)).not.toContain('01_GEN');
    expect(codes(14)).not.toContain('09_FIN');
    expect(codes(15)).toContain('01_GEN');
    expect(codes(15)).toContain('09_FIN');
    const cancer = (age: number) => catalogue.recommendationsFor(age, 'M').find((recommendation) => recommendation.code === '05_GEN')!;
    expect([cancer(29).recommend, cancer(30).recommend, cancer(59).recommend, cancer(60).recommend, cancer(120).recommend]).toEqual([
      30_000_000, 50_000_000, 50_000_000, 30_000_000, 20_000_000,
    ]);
    expect(catalogue.recommendationsFor(40, 'M').map((recommendation) => recommendation.code)).toEqual(
      CATALOGUE_2026_11.coverages.map((coverage) => coverage.code),
    );
  });

  it('names sixteen insurers, life and non-life, with the rating agency left empty', () => {
    expect(CATALOGUE_2026_11.insurers).toHaveLength(16);
    expect(catalogue.insurer('N01')).toMatchObject({
      name: '삼성화재',
      type: 'NON_LIFE',
      agencyCode: '',
      agencyName: '',
      logoPath: '/assets/insurers/N01.png',
    });
    expect(catalogue.insurer('L01')).toMatchObject({ name: '삼성생명', type: 'LIFE' });
  });
});
