import type { QueryRunner } from 'typeorm';
import { emptyTables, replaceTables } from '../../common/catalogue-tables.js';
import type { ClaimReferenceData } from './claim-reference-data.js';

// Used by the migrations that load a claim reference version. Keep its behaviour compatible with
// the migrations already applied (they run again on every fresh database).

/**
 * Replaces the claim reference lists by `data` and records its version, in the migration's
 * transaction. Banks, postal centres and job codes are deleted and inserted again (claims keep the
 * codes they were filed with, never a foreign key). The insurers' claim details of the version are
 * the insurers feature's to load (loadInsurerClaimDetails, src/insurers), by the same migration.
 */
export async function loadClaimReference(queryRunner: QueryRunner, data: ClaimReferenceData): Promise<void> {
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
  await queryRunner.query(`DELETE FROM "claim_reference_versions" WHERE "version" = $1`, [data.version]);
}
