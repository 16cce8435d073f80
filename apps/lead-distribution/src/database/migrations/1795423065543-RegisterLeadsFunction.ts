import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runSqlFile } from '#platform';
import { ALLOCATION_SQL } from '../../allocation/sql/allocation-sql.js';

/** `register_leads_v1` (allocation/sql/register_leads.v1.sql), and the partial index of open orders it walks. */
export class RegisterLeadsFunction1795423065543 implements MigrationInterface {
  name = 'RegisterLeadsFunction1795423065543';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Only open orders take leads: completed and cancelled ones, most of the table in time, stay out
    // of the index a registration walks (synchronize: false on the entity, written by hand).
    await queryRunner.query(`DROP INDEX "public"."idx_orders_open_product"`);
    await queryRunner.query(
      `CREATE INDEX "idx_orders_open" ON "orders" ("product_id", "reservation_date", "created_at", "id") WHERE "status" IN ('PENDING', 'IN_PROGRESS')`,
    );
    await runSqlFile(queryRunner, ALLOCATION_SQL.registerLeadsV1);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION register_leads_v1`);
    await queryRunner.query(`DROP INDEX "public"."idx_orders_open"`);
    await queryRunner.query(`CREATE INDEX "idx_orders_open_product" ON "orders" ("product_id", "reservation_date", "created_at")`);
  }
}
