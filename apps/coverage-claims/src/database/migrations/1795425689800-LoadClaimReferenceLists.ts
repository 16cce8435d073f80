import type { MigrationInterface, QueryRunner } from 'typeorm';
import { loadClaimReference, unloadClaimReference } from '../../claim-reference/catalogue/claim-reference-loader.js';
import { CLAIM_REFERENCE_2026_11 } from '../../claim-reference/catalogue/v2026-11/index.js';
import { loadInsurerClaimDetails, unloadInsurerClaimDetails } from '../../insurers/catalogue/insurers-loader.js';

/**
 * Loads claim reference lists version 2026.11 (apps/coverage-claims/src/claim-reference/catalogue/v2026-11):
 * the insurers' claim details (the insurers feature's table) and the lists of its own.
 */
export class LoadClaimReferenceLists1795425689800 implements MigrationInterface {
  name = 'LoadClaimReferenceLists1795425689800';

  async up(queryRunner: QueryRunner): Promise<void> {
    await loadInsurerClaimDetails(queryRunner, CLAIM_REFERENCE_2026_11.version, CLAIM_REFERENCE_2026_11.insurers);
    await loadClaimReference(queryRunner, CLAIM_REFERENCE_2026_11);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await unloadClaimReference(queryRunner, CLAIM_REFERENCE_2026_11);
    await unloadInsurerClaimDetails(queryRunner);
  }
}
