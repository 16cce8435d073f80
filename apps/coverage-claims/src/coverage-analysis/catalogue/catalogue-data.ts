import type { InsurerData } from '../../insurers/entities/insurer.entity.js';

/**
 * The shape of a catalogue version as it is kept in the repository (`catalogue/v<version>/`) and
 * loaded into the catalogue tables by a migration (loadCatalogue). Every figure's source is in
 * docs/sources/coverage-catalogue.md.
 */
export interface CatalogueData {
  version: string;
  /** In catalogue order. */
  categories: CatalogueCategoryData[];
  /** In catalogue order: the order of `analysis.coverages`. */
  coverages: CatalogueCoverageData[];
  /** The insurers' list of the same version (src/insurers/catalogue). */
  insurers: readonly InsurerData[];
  synonyms: {
    /** [insurer's coverage name (normalised when compared), coverage code] */
    exact: [string, string][];
    /** [regular expression over the normalised name, coverage code], tried in this order. */
    patterns: [string, string][];
  };
}

export interface CatalogueCategoryData {
  code: string;
  name: string;
}

/** [recommended, upper limit] in KRW. */
export type AmountPair = readonly [number, number];

export interface AmountBandData {
  /** Ages in full years, both included. */
  ages: readonly [number, number];
  M: AmountPair;
  F: AmountPair;
}

export interface CatalogueCoverageData {
  code: string;
  name: string;
  /** Age bands where the coverage is analysed; ages outside every band do not see it. */
  bands: AmountBandData[];
}
