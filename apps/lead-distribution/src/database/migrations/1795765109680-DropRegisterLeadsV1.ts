import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runSqlFile } from '#platform';
import { ALLOCATION_SQL } from '../../allocation/sql/allocation-sql.js';

/** Drops `register_leads_v1`: every build since RegisterLeadsV2 calls `register_leads_v2`, and nothing calls v1. */
export class DropRegisterLeadsV11795765109680 implements MigrationInterface {
  name = 'DropRegisterLeadsV11795765109680';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION register_leads_v1`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runSqlFile(queryRunner, ALLOCATION_SQL.registerLeadsV1);
  }
}
