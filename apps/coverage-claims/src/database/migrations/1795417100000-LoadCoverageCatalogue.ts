import type { MigrationInterface, QueryRunner } from 'typeorm';
import { loadCatalogue, unloadCatalogue } from '../../coverage-analysis/catalogue/catalogue-loader.js';
import { CATALOGUE_2026_11 } from '../../coverage-analysis/catalogue/v2026-11/index.js';
import { loadInsurers, unloadInsurers } from '../../insurers/catalogue/insurers-loader.js';
import { INSURERS_2026_11 } from '../../insurers/catalogue/v2026-11/index.js';

/**
 * Loads coverage catalogue version 2026.11 (apps/coverage-claims/src/coverage-analysis/catalogue/v2026-11)
 * and the insurers of the same version (apps/coverage-claims/src/insurers/catalogue/v2026-11).
 */
export class LoadCoverageCatalogue1795417100000 implements MigrationInterface {
  name = 'LoadCoverageCatalogue1795417100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await loadCatalogue(queryRunner, CATALOGUE_2026_11);
    await loadInsurers(queryRunner, INSURERS_2026_11);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await unloadCatalogue(queryRunner, CATALOGUE_2026_11);
    await unloadInsurers(queryRunner, INSURERS_2026_11);
  }
}
