import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runSqlFile } from '#platform';
import { ALLOCATION_SQL } from '../../allocation/sql/allocation-sql.js';

/** `register_leads_v2` (allocation/sql/register_leads.v2.sql): v1's rule at a cost that no longer grows with the batch. */
export class RegisterLeadsV21795440000000 implements MigrationInterface {
  name = 'RegisterLeadsV21795440000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runSqlFile(queryRunner, ALLOCATION_SQL.registerLeadsV2);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION register_leads_v2`);
  }
}
