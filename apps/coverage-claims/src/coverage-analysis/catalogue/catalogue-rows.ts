import type { CatalogueData } from './catalogue-data.js';
import { CoverageCatalogue, type CatalogueInsurer, type SynonymMatch } from './coverage-catalogue.js';

// The catalogue tables' rows (column values by property name, as the entities name them), from a
// version's data: what a migration inserts, and what the runtime reader builds the catalogue from.

export interface CatalogueRows {
  version: string;
  categories: { code: string; name: string; sortOrder: number }[];
  codes: { code: string; categoryCode: string; name: string; sortOrder: number }[];
  amounts: { coverageCode: string; gender: string; ageFrom: number; ageTo: number; recommend: number; upperLimit: number }[];
  insurers: Array<CatalogueInsurer & { sortOrder: number }>;
  synonyms: { match: string; pattern: string; coverageCode: string; sortOrder: number }[];
}

export function catalogueRows(data: CatalogueData): CatalogueRows {
  return {
    version: data.version,
    categories: data.categories.map((category, index) => ({ ...category, sortOrder: index + 1 })),
    codes: data.coverages.map((coverage, index) => ({
      code: coverage.code,
      categoryCode: coverage.code.slice(0, 2),
      name: coverage.name,
      sortOrder: index + 1,
    })),
    amounts: data.coverages.flatMap((coverage) =>
      coverage.bands.flatMap((band) =>
        (['M', 'F'] as const).map((gender) => ({
          coverageCode: coverage.code,
          gender,
          ageFrom: band.ages[0],
          ageTo: band.ages[1],
          recommend: band[gender][0],
          upperLimit: band[gender][1],
        })),
      ),
    ),
    insurers: data.insurers.map((insurer, index) => ({ ...insurer, sortOrder: index + 1 })),
    synonyms: [
      ...data.synonyms.exact.map(([pattern, coverageCode], index) => ({ match: 'EXACT', pattern, coverageCode, sortOrder: index + 1 })),
      ...data.synonyms.patterns.map(([pattern, coverageCode], index) => ({
        match: 'PATTERN',
        pattern,
        coverageCode,
        sortOrder: index + 1,
      })),
    ],
  };
}

/** The catalogue the analysis reads, from the tables' rows (in any order). */
export function catalogueFromRows(rows: CatalogueRows): CoverageCatalogue {
  const bySortOrder = <T extends { sortOrder: number }>(items: T[]) => [...items].sort((a, b) => a.sortOrder - b.sortOrder);
  const categoryNames = new Map(rows.categories.map((category) => [category.code, category.name]));
  const categoryOrder = new Map(rows.categories.map((category) => [category.code, category.sortOrder]));
  const coverages = [...rows.codes]
    .sort((a, b) => categoryOrder.get(a.categoryCode)! - categoryOrder.get(b.categoryCode)! || a.sortOrder - b.sortOrder)
    .map((code) => ({
      code: code.code,
      name: code.name,
      categoryCode: code.categoryCode,
      categoryName: categoryNames.get(code.categoryCode)!,
      amounts: rows.amounts
        .filter((amount) => amount.coverageCode === code.code)
        .map(({ gender, ageFrom, ageTo, recommend, upperLimit }) => ({ gender, ageFrom, ageTo, recommend, limit: upperLimit })),
    }));
  const synonyms = bySortOrder(rows.synonyms).map(({ match, pattern, coverageCode }) => ({
    match: match as SynonymMatch,
    pattern,
    coverageCode,
  }));
  return new CoverageCatalogue(rows.version, coverages, bySortOrder(rows.insurers), synonyms);
}

export const catalogueFromData = (data: CatalogueData) => catalogueFromRows(catalogueRows(data));
