import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OrdersAndAllocation1795245180714 implements MigrationInterface {
  name = 'OrdersAndAllocation1795245180714';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "lead_assignments" ("id" uuid NOT NULL, "lead_id" uuid NOT NULL, "kind" character varying(16) NOT NULL, "order_id" uuid, "from_partner_id" integer, "to_partner_id" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_4478e8c2c0483fd8f3ff0f194e4" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_lead_assignments_order" ON "lead_assignments"  ("order_id") `);
    await queryRunner.query(`CREATE INDEX "idx_lead_assignments_lead_created" ON "lead_assignments"  ("lead_id", "created_at") `);
    await queryRunner.query(
      `CREATE TABLE "orders" ("id" uuid NOT NULL, "product_id" uuid NOT NULL, "partner_id" integer NOT NULL, "orderer_name" character varying(50) NOT NULL, "orderer_contact" character varying(50) NOT NULL, "region_memo" text, "memo" text, "status" character varying(16) NOT NULL, "reservation_date" TIMESTAMP WITH TIME ZONE NOT NULL, "activated_at" TIMESTAMP WITH TIME ZONE, "cancel_memo" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_710e2d4957aa5878dfe94e4ac2f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_orders_open_product" ON "orders"  ("product_id", "reservation_date", "created_at") `);
    await queryRunner.query(`CREATE INDEX "idx_orders_partner_created" ON "orders"  ("partner_id", "created_at", "id") `);
    await queryRunner.query(
      `CREATE TABLE "order_regions" ("order_id" uuid NOT NULL, "region" character varying(10) NOT NULL, "quantity" integer NOT NULL, "delivered" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_a2e7c5c88d0f6729d199087a0f2" PRIMARY KEY ("order_id", "region"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "orders" ADD CONSTRAINT "fk_orders_product" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "orders" ADD CONSTRAINT "fk_orders_partner" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "order_regions" ADD CONSTRAINT "fk_order_regions_order" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    // Written by hand (synchronize: false on the entity): the pool a new order or a due reservation takes from.
    await queryRunner.query(
      `CREATE INDEX "idx_leads_pool" ON "leads" ("product_id", "region", "created_at", "id") WHERE "partner_id" IS NULL AND "returned_at" IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_leads_pool"`);
    await queryRunner.query(`ALTER TABLE "order_regions" DROP CONSTRAINT "fk_order_regions_order"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP CONSTRAINT "fk_orders_partner"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP CONSTRAINT "fk_orders_product"`);
    await queryRunner.query(`DROP TABLE "order_regions"`);
    await queryRunner.query(`DROP INDEX "public"."idx_orders_partner_created"`);
    await queryRunner.query(`DROP INDEX "public"."idx_orders_open_product"`);
    await queryRunner.query(`DROP TABLE "orders"`);
    await queryRunner.query(`DROP INDEX "public"."idx_lead_assignments_lead_created"`);
    await queryRunner.query(`DROP INDEX "public"."idx_lead_assignments_order"`);
    await queryRunner.query(`DROP TABLE "lead_assignments"`);
  }
}
