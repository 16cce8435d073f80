import type { QueryRunner } from 'typeorm';
import type { CatalogueData } from './catalogue-data.js';
import { catalogueRows } from './catalogue-rows.js';

// Used by the migrations that load a catalogue version. Keep its behaviour compatible with the
// migrations already applied (they run again on every fresh database).

/**
 * Replaces the catalogue in the tables by `data` and records its version, in the migration's
 * transaction. Categories, codes, amounts and synonyms are deleted and inserted again (nothing
 * refers to them but the catalogue itself); insurers are upserted and never deleted, since other
 * features will refer to them.
 */
export async function loadCatalogue(queryRunner: QueryRunner, data: CatalogueData): Promise<void> {
  const rows = catalogueRows(data);
  await queryRunner.query(`DELETE FROM "coverage_synonyms"`);
  await queryRunner.query(`DELETE FROM "coverage_amounts"`);
  await queryRunner.query(`DELETE FROM "coverage_codes"`);
  await queryRunner.query(`DELETE FROM "coverage_categories"`);
  await insertAll(
    queryRunner,
    'coverage_categories',
    ['code', 'name', 'sort_order'],
    rows.categories.map((row) => [row.code, row.name, row.sortOrder]),
  );
  await insertAll(
    queryRunner,
    'coverage_codes',
    ['code', 'category_code', 'name', 'sort_order'],
    rows.codes.map((row) => [row.code, row.categoryCode, row.name, row.sortOrder]),
  );
  await insertAll(
    queryRunner,
    'coverage_amounts',
    ['coverage_code', 'gender', 'age_from', 'age_to', 'recommend', 'upper_limit'],
    rows.amounts.map((row) => [row.coverageCode, row.gender, row.ageFrom, row.ageTo, row.recommend, row.upperLimit]),
  );
  await insertAll(
    queryRunner,
    'coverage_synonyms',
    ['match', 'pattern', 'coverage_code', 'sort_order'],
    rows.synonyms.map((row) => [row.match, row.pattern, row.coverageCode, row.sortOrder]),
  );
  await insertAll(
    queryRunner,
    'insurers',
    ['code', 'name', 'other_name', 'initial', 'agency_code', 'agency_name', 'logo_path', 'type', 'sort_order'],
    rows.insurers.map((row) => [
      row.code,
      row.name,
      row.otherName,
      row.initial,
      row.agencyCode,
      row.agencyName,
      row.logoPath,
      row.type,
      row.sortOrder,
    ]),
    `ON CONFLICT ("code") DO UPDATE SET "name" = EXCLUDED."name", "other_name" = EXCLUDED."other_name", "initial" = EXCLUDED."initial",
      "agency_code" = EXCLUDED."agency_code", "agency_name" = EXCLUDED."agency_name", "logo_path" = EXCLUDED."logo_path",
      "type" = EXCLUDED."type", "sort_order" = EXCLUDED."sort_order"`,
  );
  await queryRunner.query(`INSERT INTO "coverage_catalogue_versions" ("version") VALUES ($1)`, [rows.version]);
}

/** Undoes loadCatalogue of the first version (its migration's down): the catalogue tables end empty. */
export async function unloadCatalogue(queryRunner: QueryRunner, data: CatalogueData): Promise<void> {
  await queryRunner.query(`DELETE FROM "coverage_synonyms"`);
  await queryRunner.query(`DELETE FROM "coverage_amounts"`);
  await queryRunner.query(`DELETE FROM "coverage_codes"`);
  await queryRunner.query(`DELETE FROM "coverage_categories"`);
  await queryRunner.query(`DELETE FROM "insurers" WHERE "code" = ANY($1)`, [data.insurers.map((insurer) => insurer.code)]);
  await queryRunner.query(`DELETE FROM "coverage_catalogue_versions" WHERE "version" = $1`, [data.version]);
}

/** One INSERT of every row (`suffix`: an ON CONFLICT clause); also used by the claim reference loader. */
export async function insertAll(
  queryRunner: QueryRunner,
  table: string,
  columns: string[],
  values: unknown[][],
  suffix = '',
): Promise<void> {
  if (values.length === 0) return;
  const tuples = values.map((row, rowIndex) => `(${row.map((_, column) => `$${rowIndex * row.length + column + 1}`).join(', ')})`);
  await queryRunner.query(
    `INSERT INTO "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) VALUES ${tuples.join(', ')} ${suffix}`,
    values.flat(),
  );
}
