import type { MigrationInterface, QueryRunner } from 'typeorm';

export class LeadsAndAsRequests1795241520805 implements MigrationInterface {
  name = 'LeadsAndAsRequests1795241520805';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "as_reasons" ("code" character varying(40) NOT NULL, "label" character varying(100) NOT NULL, "requires_evidence" boolean NOT NULL, "sort_order" integer NOT NULL, "active" boolean NOT NULL DEFAULT true, CONSTRAINT "PK_98d1e874363bbc61021e00c3ea8" PRIMARY KEY ("code"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "providers" ("id" uuid NOT NULL, "name" character varying(100) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_af13fc2ebf382fe0dad2e4793aa" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "products" ("id" uuid NOT NULL, "name" character varying(100) NOT NULL, "provider_id" uuid NOT NULL, "as_window_days" integer NOT NULL DEFAULT '7', "active" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0806c755e0aca124e67c0cf6d7d" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_products_provider_id" ON "products"  ("provider_id") `);
    await queryRunner.query(
      `CREATE TABLE "leads" ("id" uuid NOT NULL, "product_id" uuid NOT NULL, "partner_id" integer, "order_id" uuid, "assignment_id" uuid, "name" character varying(50) NOT NULL, "phone_ciphertext" bytea NOT NULL, "phone_key_id" character varying(32) NOT NULL, "phone_prefix" character(3) NOT NULL, "phone_last4" character(4) NOT NULL, "phone_hash" character(64) NOT NULL, "email" character varying(200), "region" character varying(10) NOT NULL, "address" character varying(200), "birth_date" character(6) NOT NULL, "gender" character(1) NOT NULL, "memo" text, "metadata" jsonb, "used_at" TIMESTAMP WITH TIME ZONE, "assigned_at" TIMESTAMP WITH TIME ZONE, "last_distributed_at" TIMESTAMP WITH TIME ZONE, "returned_at" TIMESTAMP WITH TIME ZONE, "latest_as_id" uuid, "latest_as_status" character varying(16), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_cd102ed7a9a4ca7d4d8bfeba406" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "lead_as_requests" ("id" uuid NOT NULL, "lead_id" uuid NOT NULL, "partner_id" integer NOT NULL, "reason_code" character varying(40) NOT NULL, "status" character varying(16) NOT NULL, "customer_memo" text, "admin_note" text, "reviewed_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_4d0de074ca0f9de202bfc725bff" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_lead_as_requests_partner_id" ON "lead_as_requests"  ("partner_id") `);
    await queryRunner.query(`CREATE INDEX "idx_lead_as_requests_status_created" ON "lead_as_requests"  ("status", "created_at", "id") `);
    await queryRunner.query(`CREATE INDEX "idx_lead_as_requests_lead_created" ON "lead_as_requests"  ("lead_id", "created_at", "id") `);
    await queryRunner.query(
      `CREATE TABLE "lead_as_files" ("as_request_id" uuid NOT NULL, "file_id" uuid NOT NULL, CONSTRAINT "PK_a99637c8ad4f9abde28211cbe53" PRIMARY KEY ("as_request_id", "file_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "lead_contact_audits" ("id" uuid NOT NULL, "partner_id" integer NOT NULL, "api_key_id" character varying(64) NOT NULL, "request_id" character varying(128) NOT NULL, "requested_lead_ids" uuid array NOT NULL, "revealed_lead_ids" uuid array NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_70691d65dfab8d99f441429bff3" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_lead_contact_audits_partner_id" ON "lead_contact_audits"  ("partner_id") `);
    await queryRunner.query(
      `CREATE TABLE "product_as_policies" ("product_id" uuid NOT NULL, "policy_id" uuid NOT NULL, "text_content" text NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6f417e36ab5fb61aa3133964b5d" PRIMARY KEY ("product_id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "products" ADD CONSTRAINT "fk_products_provider" FOREIGN KEY ("provider_id") REFERENCES "providers"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "leads" ADD CONSTRAINT "fk_leads_product" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "leads" ADD CONSTRAINT "fk_leads_partner" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "lead_as_requests" ADD CONSTRAINT "fk_lead_as_requests_lead" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "lead_as_requests" ADD CONSTRAINT "fk_lead_as_requests_partner" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "lead_as_requests" ADD CONSTRAINT "fk_lead_as_requests_reason" FOREIGN KEY ("reason_code") REFERENCES "as_reasons"("code") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "lead_as_files" ADD CONSTRAINT "fk_lead_as_files_request" FOREIGN KEY ("as_request_id") REFERENCES "lead_as_requests"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "product_as_policies" ADD CONSTRAINT "fk_product_as_policies_product" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );

    // Written by hand (declared with synchronize: false on the entity): the partner list indexes.
    // Backward scans serve the descending sorts.
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`CREATE INDEX "idx_leads_partner_distributed" ON "leads" ("partner_id", "last_distributed_at", "id")`);
    await queryRunner.query(
      `CREATE INDEX "idx_leads_partner_unused_distributed" ON "leads" ("partner_id", "last_distributed_at", "id") WHERE "used_at" IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_leads_partner_used_at" ON "leads" ("partner_id", "used_at", "id") WHERE "used_at" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_leads_partner_active_as" ON "leads" ("partner_id", "last_distributed_at", "id") WHERE "latest_as_status" IS NOT NULL AND "latest_as_status" <> 'CANCELLED'`,
    );
    await queryRunner.query(`CREATE INDEX "idx_leads_partner_birth_date" ON "leads" ("partner_id", "birth_date", "id")`);
    await queryRunner.query(`CREATE INDEX "idx_leads_partner_phone_last4" ON "leads" ("partner_id", "phone_last4")`);
    await queryRunner.query(`CREATE INDEX "idx_leads_partner_product" ON "leads" ("partner_id", "product_id")`);
    // Partial-match search over name, email and memo: a trigram index on the expression the list query uses.
    await queryRunner.query(
      `CREATE INDEX "idx_leads_search_trgm" ON "leads" USING gin ((lower("name" || ' ' || coalesce("email", '') || ' ' || coalesce("memo", ''))) gin_trgm_ops)`,
    );
    await queryRunner.query(`CREATE INDEX "idx_leads_product_phone_hash" ON "leads" ("product_id", "phone_hash", "created_at")`);

    // The AS reason codes partners choose from.
    await queryRunner.query(
      `INSERT INTO "as_reasons" ("code", "label", "requires_evidence", "sort_order") VALUES
        ('WRONG_NUMBER', '결번·없는 번호', true, 1),
        ('NOT_REACHABLE', '연락 두절', true, 2),
        ('DID_NOT_APPLY', '본인 신청 아님', true, 3),
        ('DUPLICATE', '중복 DB', false, 4),
        ('OUT_OF_REGION', '지역 외', false, 5),
        ('OUT_OF_AGE', '연령 조건 외', false, 6),
        ('OTHER', '기타', true, 7)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "product_as_policies" DROP CONSTRAINT "fk_product_as_policies_product"`);
    await queryRunner.query(`ALTER TABLE "lead_as_files" DROP CONSTRAINT "fk_lead_as_files_request"`);
    await queryRunner.query(`ALTER TABLE "lead_as_requests" DROP CONSTRAINT "fk_lead_as_requests_reason"`);
    await queryRunner.query(`ALTER TABLE "lead_as_requests" DROP CONSTRAINT "fk_lead_as_requests_partner"`);
    await queryRunner.query(`ALTER TABLE "lead_as_requests" DROP CONSTRAINT "fk_lead_as_requests_lead"`);
    await queryRunner.query(`ALTER TABLE "leads" DROP CONSTRAINT "fk_leads_partner"`);
    await queryRunner.query(`ALTER TABLE "leads" DROP CONSTRAINT "fk_leads_product"`);
    await queryRunner.query(`ALTER TABLE "products" DROP CONSTRAINT "fk_products_provider"`);
    await queryRunner.query(`DROP TABLE "product_as_policies"`);
    await queryRunner.query(`DROP INDEX "public"."idx_lead_contact_audits_partner_id"`);
    await queryRunner.query(`DROP TABLE "lead_contact_audits"`);
    await queryRunner.query(`DROP TABLE "lead_as_files"`);
    await queryRunner.query(`DROP INDEX "public"."idx_lead_as_requests_lead_created"`);
    await queryRunner.query(`DROP INDEX "public"."idx_lead_as_requests_status_created"`);
    await queryRunner.query(`DROP INDEX "public"."idx_lead_as_requests_partner_id"`);
    await queryRunner.query(`DROP TABLE "lead_as_requests"`);
    await queryRunner.query(`DROP TABLE "leads"`);
    await queryRunner.query(`DROP INDEX "public"."idx_products_provider_id"`);
    await queryRunner.query(`DROP TABLE "products"`);
    await queryRunner.query(`DROP TABLE "providers"`);
    await queryRunner.query(`DROP TABLE "as_reasons"`);
  }
}
