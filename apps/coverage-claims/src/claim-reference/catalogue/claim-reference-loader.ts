import type { QueryRunner } from 'typeorm';
import { emptyTables, replaceTables } from '../../common/catalogue-tables.js';
import type { ClaimReferenceData } from './claim-reference-data.js';

// Used by the migrations that load a claim reference version. Keep its behaviour compatible with
// the migrations already applied (they run again on every fresh database).

/**
 * Replaces the claim reference lists by `data` and records its version, in the migration's
 * transaction. Banks, postal centres and job codes are deleted and inserted again (claims keep the
 * codes they were filed with, never a foreign key). Insurers are the insurers list's (src/insurers):
 * their claim details are updated, an insurer code the list does not have fails the migration, and
 * a fax number an operator set is kept.
 */
export async function loadClaimReference(queryRunner: QueryRunner, data: ClaimReferenceData): Promise<void> {
  const known = new Set<string>(
    (
      (await queryRunner.query(`SELECT "code" FROM "insurers" WHERE "code" = ANY($1)`, [data.insurers.map((row) => row.code)])) as {
        code: string;
      }[]
    ).map((row) => row.code),
  );
  const unknown = data.insurers.filter((row) => !known.has(row.code)).map((row) => row.code);
  if (unknown.length > 0)
    throw new Error(`Claim reference ${data.version} names insurers the coverage catalogue lacks: ${unknown.join(', ')}`);
  for (const insurer of data.insurers) {
    await queryRunner.query(
      `UPDATE "insurers" SET "claims_address" = $2,
         "claims_fax" = CASE WHEN "claims_fax_updated_at" IS NULL THEN $3 ELSE "claims_fax" END
       WHERE "code" = $1`,
      [insurer.code, insurer.claimsAddress, insurer.claimsFax],
    );
  }
  await replaceTables(queryRunner, [
    {
      table: 'banks',
      columns: ['code', 'name', 'kind', 'sort_order'],
      rows: data.banks.map((row, index) => [row.code, row.name, row.kind, index + 1]),
    },
    {
      table: 'postal_centers',
      columns: ['code', 'name', 'seat', 'regions', 'sort_order'],
      rows: data.postalCenters.map((row, index) => [row.code, row.name, row.seat, row.regions, index + 1]),
    },
    {
      table: 'job_codes',
      columns: ['code', 'name', 'risk_grade', 'sort_order'],
      rows: data.jobCodes.map((row, index) => [row.code, row.name, row.riskGrade, index + 1]),
    },
  ]);
  await queryRunner.query(`INSERT INTO "claim_reference_versions" ("version") VALUES ($1)`, [data.version]);
}

/** Undoes loadClaimReference of the first version (its migration's down): the lists end empty. */
export async function unloadClaimReference(queryRunner: QueryRunner, data: ClaimReferenceData): Promise<void> {
  await emptyTables(queryRunner, ['banks', 'postal_centers', 'job_codes']);
  await queryRunner.query(`UPDATE "insurers" SET "claims_fax" = NULL, "claims_fax_updated_at" = NULL, "claims_address" = NULL`);
  await queryRunner.query(`DELETE FROM "claim_reference_versions" WHERE "version" = $1`, [data.version]);
}
