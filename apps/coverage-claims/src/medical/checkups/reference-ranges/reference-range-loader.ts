import type { QueryRunner } from 'typeorm';
import type { ReferenceRangeTable } from './reference-ranges.js';

// Used by the migrations that load a reference-range version; they run again on every fresh
// database, so keep this compatible with the migrations already applied.

/** Inserts a version of the table (one row per code and sex), in the migration's transaction. */
export async function loadReferenceRanges(queryRunner: QueryRunner, table: ReferenceRangeTable): Promise<void> {
  let sortOrder = 0;
  for (const range of table.ranges) {
    sortOrder += 1;
    for (const sex of range.sex ? [range.sex] : ['M', 'F']) {
      await queryRunner.query(
        `INSERT INTO "checkup_reference_ranges" ("version", "code", "sex", "name", "unit", "rule", "source", "sort_order")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [table.version, range.code, sex, range.name, range.unit, JSON.stringify(range.rule), range.source, sortOrder],
      );
    }
  }
}

export async function unloadReferenceRanges(queryRunner: QueryRunner, table: ReferenceRangeTable): Promise<void> {
  await queryRunner.query(`DELETE FROM "checkup_reference_ranges" WHERE "version" = $1`, [table.version]);
}
