import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runSqlFile } from '#platform';
import { ALLOCATION_SQL } from '../../allocation/sql/allocation-sql.js';
import { ORDERS_SQL } from '../../orders/sql/orders-sql.js';

/**
 * `take_order_slots_v1` (orders/sql/take_order_slots.v1.sql), the one rule by which an order takes
 * leads, and `register_leads_v3` (allocation/sql/register_leads.v3.sql), v2 asking it. v2 stays for
 * the builds still calling it during a rolling deployment; a later release drops it.
 */
export class RegisterLeadsV31795840000000 implements MigrationInterface {
  name = 'RegisterLeadsV31795840000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runSqlFile(queryRunner, ORDERS_SQL.takeOrderSlotsV1);
    await runSqlFile(queryRunner, ALLOCATION_SQL.registerLeadsV3);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION register_leads_v3`);
    await queryRunner.query(`DROP FUNCTION take_order_slots_v1`);
  }
}
