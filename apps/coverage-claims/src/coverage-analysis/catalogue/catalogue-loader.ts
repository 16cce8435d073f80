import type { QueryRunner } from 'typeorm';
import { emptyTables, replaceTables } from '../../common/catalogue-tables.js';
import type { CatalogueData } from './catalogue-data.js';
import { catalogueRows } from './catalogue-rows.js';

// Used by the migrations that load a catalogue version. Keep its behaviour compatible with the
// migrations already applied (they run again on every fresh database).

/** The catalogue's tables, each before the ones that refer to it. */
const CATALOGUE_TABLES = ['coverage_categories', 'coverage_codes', 'coverage_amounts', 'coverage_synonyms'];

/**
 * Replaces the catalogue in the tables by `data` and records its version, in the migration's
 * transaction. Categories, codes, amounts and synonyms are deleted and inserted again (nothing
 * refers to them but the catalogue itself). The version's insurers are the insurers feature's to
 * load (loadInsurers, in the same migration).
 */
export async function loadCatalogue(queryRunner: QueryRunner, data: CatalogueData): Promise<void> {
  const rows = catalogueRows(data);
  await replaceTables(queryRunner, [
    {
      table: 'coverage_categories',
      columns: ['code', 'name', 'sort_order'],
      rows: rows.categories.map((row) => [row.code, row.name, row.sortOrder]),
    },
    {
      table: 'coverage_codes',
      columns: ['code', 'category_code', 'name', 'sort_order'],
      rows: rows.codes.map((row) => [row.code, row.categoryCode, row.name, row.sortOrder]),
    },
    {
      table: 'coverage_amounts',
      columns: ['coverage_code', 'gender', 'age_from', 'age_to', 'recommend', 'upper_limit'],
      rows: rows.amounts.map((row) => [row.coverageCode, row.gender, row.ageFrom, row.ageTo, row.recommend, row.upperLimit]),
    },
    {
      table: 'coverage_synonyms',
      columns: ['match', 'pattern', 'coverage_code', 'sort_order'],
      rows: rows.synonyms.map((row) => [row.match, row.pattern, row.coverageCode, row.sortOrder]),
    },
  ]);
  await queryRunner.query(`INSERT INTO "coverage_catalogue_versions" ("version") VALUES ($1)`, [rows.version]);
}

/** Undoes loadCatalogue of the first version (its migration's down): the catalogue tables end empty. */
export async function unloadCatalogue(queryRunner: QueryRunner, data: CatalogueData): Promise<void> {
  await emptyTables(queryRunner, CATALOGUE_TABLES);
  await queryRunner.query(`DELETE FROM "coverage_catalogue_versions" WHERE "version" = $1`, [data.version]);
}
