import type { QueryRunner } from 'typeorm';
import { insertRows } from '../../common/catalogue-tables.js';
import type { InsurerData } from '../entities/insurer.entity.js';

// Used by the migrations that load a version of the list. Keep its behaviour compatible with the
// migrations already applied (they run again on every fresh database).

/**
 * Upserts the insurers of a version of the list, in the migration's transaction. An insurer is
 * never deleted: claims and analyses name insurers by code. The claim details (fax, address) are
 * the claim reference lists' and stay as they are.
 */
export async function loadInsurers(queryRunner: QueryRunner, insurers: readonly InsurerData[]): Promise<void> {
  await insertRows(
    queryRunner,
    {
      table: 'insurers',
      columns: ['code', 'name', 'other_name', 'initial', 'agency_code', 'agency_name', 'logo_path', 'type', 'sort_order'],
      rows: insurers.map((row, index) => [
        row.code,
        row.name,
        row.otherName,
        row.initial,
        row.agencyCode,
        row.agencyName,
        row.logoPath,
        row.type,
        index + 1,
      ]),
    },
    `ON CONFLICT ("code") DO UPDATE SET "name" = EXCLUDED."name", "other_name" = EXCLUDED."other_name", "initial" = EXCLUDED."initial",
      "agency_code" = EXCLUDED."agency_code", "agency_name" = EXCLUDED."agency_name", "logo_path" = EXCLUDED."logo_path",
      "type" = EXCLUDED."type", "sort_order" = EXCLUDED."sort_order"`,
  );
}

/** Undoes loadInsurers of the first version (its migration's down). */
export async function unloadInsurers(queryRunner: QueryRunner, insurers: readonly InsurerData[]): Promise<void> {
  await queryRunner.query(`DELETE FROM "insurers" WHERE "code" = ANY($1)`, [insurers.map((insurer) => insurer.code)]);
}
