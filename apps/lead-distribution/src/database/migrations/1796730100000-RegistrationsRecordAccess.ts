import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runSqlFile } from '#platform';
import { ALLOCATION_SQL } from '../../allocation/sql/allocation-sql.js';

/**
 * `register_leads_v5` (allocation/sql/): v4's registration with the access record of each lead it
 * created, appended in the registration's own transaction. v4 stays (v5 calls it; a build before
 * this one calls it during a rolling deployment).
 */
export class RegistrationsRecordAccess1796730100000 implements MigrationInterface {
  name = 'RegistrationsRecordAccess1796730100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runSqlFile(queryRunner, ALLOCATION_SQL.registerLeadsV5);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DROP FUNCTION register_leads_v5(uuid[], uuid[], integer[], uuid[], text[], text[], bytea[], text[], text[], text[], text[], text[], text[], text[], text[], text[], text[], jsonb[], text[], integer, jsonb)`,
    );
  }
}
