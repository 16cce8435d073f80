import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runSqlFile } from '#platform';
import { LEADS_SQL } from '../../leads/sql/leads-sql.js';
import { ORDERS_SQL } from '../../orders/sql/orders-sql.js';

/**
 * The functions by which allocation changes tables other features own (docs/decisions/table-owners.md): orders' `take_order_slots_v1`,
 * the one rule by which an order takes leads, `owe_order_lead_v1` and `mark_order_activated_v1`;
 * leads' `insert_leads_v1` and `assign_leads_v1`. Named for a `register_leads_v3` that asked them and
 * was replaced by v4 (migration EventsRecordedByOwner) before any release: no build ever called it.
 */
export class RegisterLeadsV31795840000000 implements MigrationInterface {
  name = 'RegisterLeadsV31795840000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runSqlFile(queryRunner, ORDERS_SQL.takeOrderSlotsV1);
    await runSqlFile(queryRunner, ORDERS_SQL.oweOrderLeadV1);
    await runSqlFile(queryRunner, ORDERS_SQL.markOrderActivatedV1);
    await runSqlFile(queryRunner, LEADS_SQL.insertLeadsV1);
    await runSqlFile(queryRunner, LEADS_SQL.assignLeadsV1);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION assign_leads_v1`);
    await queryRunner.query(`DROP FUNCTION insert_leads_v1`);
    await queryRunner.query(`DROP FUNCTION mark_order_activated_v1`);
    await queryRunner.query(`DROP FUNCTION owe_order_lead_v1`);
    await queryRunner.query(`DROP FUNCTION take_order_slots_v1`);
  }
}
