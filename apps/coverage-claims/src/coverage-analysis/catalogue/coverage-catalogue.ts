import { normaliseCoverageName } from '../../common/coverage-names.js';

// The catalogue as the analysis reads it, built once from the catalogue tables (or, in tests and the
// benchmark, straight from a version's data). Pure: no I/O.

export interface CatalogueAmountRule {
  gender: string;
  ageFrom: number;
  ageTo: number;
  recommend: number;
  limit: number;
}

export interface CatalogueCoverage {
  code: string;
  name: string;
  categoryCode: string;
  categoryName: string;
  amounts: CatalogueAmountRule[];
}

export interface CatalogueInsurer {
  code: string;
  name: string;
  otherName: string;
  initial: string;
  agencyCode: string;
  agencyName: string;
  logoPath: string;
  type: string;
}

export type SynonymMatch = 'EXACT' | 'PATTERN';

export interface CatalogueSynonym {
  match: SynonymMatch;
  pattern: string;
  coverageCode: string;
}

/** What is recommended for one coverage to one customer (their age band and gender). */
export interface CoverageRecommendation {
  code: string;
  name: string;
  categoryCode: string;
  categoryName: string;
  recommend: number;
  limit: number;
}

const NAME_CACHE_SIZE = 10_000;

export class CoverageCatalogue {
  private readonly insurersByCode: Map<string, CatalogueInsurer>;
  private readonly exact = new Map<string, string>();
  private readonly patterns: { pattern: RegExp; coverageCode: string }[] = [];
  /** Raw name → code (or null): the same names recur in every portfolio. */
  private readonly resolved = new Map<string, string | null>();

  /**
   * @param coverages in catalogue order
   * @param synonyms patterns in the order they are tried
   */
  constructor(
    readonly version: string,
    readonly coverages: readonly CatalogueCoverage[],
    insurers: readonly CatalogueInsurer[],
    synonyms: readonly CatalogueSynonym[],
  ) {
    this.insurersByCode = new Map(insurers.map((insurer) => [insurer.code, insurer]));
    const codes = new Set(coverages.map((coverage) => coverage.code));
    for (const synonym of synonyms) {
      if (!codes.has(synonym.coverageCode)) throw new Error(`Synonym ${synonym.pattern} names unknown coverage ${synonym.coverageCode}`);
      if (synonym.match === 'EXACT') {
        const key = normaliseCoverageName(synonym.pattern);
        const existing = this.exact.get(key);
        if (existing !== undefined && existing !== synonym.coverageCode) {
          throw new Error(`Synonym ${synonym.pattern} maps to both ${existing} and ${synonym.coverageCode}`);
        }
        this.exact.set(key, synonym.coverageCode);
      } else {
        this.patterns.push({ pattern: new RegExp(synonym.pattern, 'u'), coverageCode: synonym.coverageCode });
      }
    }
  }

  insurer(code: string): CatalogueInsurer | undefined {
    return this.insurersByCode.get(code);
  }

  /** The catalogue code an insurer's coverage name maps to: an exact rule, else the first matching pattern, else none. */
  codeFor(coverageName: string): string | undefined {
    let code = this.resolved.get(coverageName);
    if (code === undefined) {
      const normalised = normaliseCoverageName(coverageName);
      code = this.exact.get(normalised) ?? this.patterns.find((rule) => rule.pattern.test(normalised))?.coverageCode ?? null;
      if (this.resolved.size >= NAME_CACHE_SIZE) this.resolved.clear();
      this.resolved.set(coverageName, code);
    }
    return code ?? undefined;
  }

  /** Every coverage with an amount rule for this age and gender, in catalogue order. */
  recommendationsFor(age: number, gender: string): CoverageRecommendation[] {
    const recommendations: CoverageRecommendation[] = [];
    for (const coverage of this.coverages) {
      const rule = coverage.amounts.find((amount) => amount.gender === gender && amount.ageFrom <= age && age <= amount.ageTo);
      if (!rule) continue;
      const { code, name, categoryCode, categoryName } = coverage;
      recommendations.push({ code, name, categoryCode, categoryName, recommend: rule.recommend, limit: rule.limit });
    }
    return recommendations;
  }
}
