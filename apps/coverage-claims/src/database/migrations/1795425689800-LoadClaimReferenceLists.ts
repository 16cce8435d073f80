import type { MigrationInterface, QueryRunner } from 'typeorm';
import { loadClaimReference, unloadClaimReference } from '../../claim-reference/catalogue/claim-reference-loader.js';
import { CLAIM_REFERENCE_2026_11 } from '../../claim-reference/catalogue/v2026-11/index.js';

/** Loads claim reference lists version 2026.11 (apps/coverage-claims/src/claim-reference/catalogue/v2026-11). */
export class LoadClaimReferenceLists1795425689800 implements MigrationInterface {
  name = 'LoadClaimReferenceLists1795425689800';

  async up(queryRunner: QueryRunner): Promise<void> {
    await loadClaimReference(queryRunner, CLAIM_REFERENCE_2026_11);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await unloadClaimReference(queryRunner, CLAIM_REFERENCE_2026_11);
  }
}
