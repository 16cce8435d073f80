import type { QueryRunner } from 'typeorm';
import { insertRows } from '../../common/catalogue-tables.js';
import type { InsurerClaimDetails, InsurerData } from '../entities/insurer.entity.js';

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

/**
 * Sets the insurers' claim details of a claim reference version (`version`, for the message), in the
 * migration's transaction: an insurer code the list does not have fails the migration, and a fax
 * number an operator set is kept.
 */
export async function loadInsurerClaimDetails(
  queryRunner: QueryRunner,
  version: string,
  details: readonly InsurerClaimDetails[],
): Promise<void> {
  const known = new Set<string>(
    (
      (await queryRunner.query(`SELECT "code" FROM "insurers" WHERE "code" = ANY($1)`, [details.map((row) => row.code)])) as {
        code: string;
      }[]
    ).map((row) => row.code),
  );
  const unknown = details.filter((row) => !known.has(row.code)).map((row) => row.code);
  if (unknown.length > 0) throw new Error(`Claim reference ${version} names insurers the coverage catalogue lacks: ${unknown.join(', ')}`);
  for (const insurer of details) {
    await queryRunner.query(
      `UPDATE "insurers" SET "claims_address" = $2,
         "claims_fax" = CASE WHEN "claims_fax_updated_at" IS NULL THEN $3 ELSE "claims_fax" END
       WHERE "code" = $1`,
      [insurer.code, insurer.claimsAddress, insurer.claimsFax],
    );
  }
}

/** Undoes loadInsurerClaimDetails of the first claim reference version (its migration's down): no insurer has claim details. */
export async function unloadInsurerClaimDetails(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(`UPDATE "insurers" SET "claims_fax" = NULL, "claims_fax_updated_at" = NULL, "claims_address" = NULL`);
}

/** Undoes loadInsurers of the first version (its migration's down). */
export async function unloadInsurers(queryRunner: QueryRunner, insurers: readonly InsurerData[]): Promise<void> {
  await queryRunner.query(`DELETE FROM "insurers" WHERE "code" = ANY($1)`, [insurers.map((insurer) => insurer.code)]);
}
