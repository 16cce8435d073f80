import type { MigrationInterface, QueryRunner } from 'typeorm';
import { loadReferenceRanges, unloadReferenceRanges } from '../../medical/checkups/reference-ranges/reference-range-loader.js';
import { REFERENCE_RANGES_2026_11 } from '../../medical/checkups/reference-ranges/v2026-11/index.js';

/** Loads check-up reference ranges version 2026-11 (apps/coverage-claims/src/medical/checkups/reference-ranges/v2026-11). */
export class LoadCheckupReferenceRanges1795423240900 implements MigrationInterface {
  name = 'LoadCheckupReferenceRanges1795423240900';

  async up(queryRunner: QueryRunner): Promise<void> {
    await loadReferenceRanges(queryRunner, REFERENCE_RANGES_2026_11);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await unloadReferenceRanges(queryRunner, REFERENCE_RANGES_2026_11);
  }
}
