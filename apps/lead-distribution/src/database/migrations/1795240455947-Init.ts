import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Init1795240455947 implements MigrationInterface {
  name = 'Init1795240455947';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "partners" ("id" integer GENERATED ALWAYS AS IDENTITY NOT NULL, "name" character varying(100) NOT NULL, "parent_id" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_998645b20820e4ab99aeae03b41" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_partners_parent_id" ON "partners"  ("parent_id") `);
    await queryRunner.query(
      `CREATE TABLE "api_keys" ("id" uuid NOT NULL, "role" character varying(16) NOT NULL, "partner_id" integer, "provider_id" uuid, "name" character varying(100), "prefix" character varying(12) NOT NULL, "key_hash" character(64) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "revoked_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_5c8a79801b44bd27b79228e1dad" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_api_keys_partner_id" ON "api_keys"  ("partner_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_api_keys_key_hash" ON "api_keys"  ("key_hash") `);
    await queryRunner.query(
      `ALTER TABLE "partners" ADD CONSTRAINT "fk_partners_parent" FOREIGN KEY ("parent_id") REFERENCES "partners"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "api_keys" ADD CONSTRAINT "fk_api_keys_partner" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "api_keys" DROP CONSTRAINT "fk_api_keys_partner"`);
    await queryRunner.query(`ALTER TABLE "partners" DROP CONSTRAINT "fk_partners_parent"`);
    await queryRunner.query(`DROP INDEX "public"."uq_api_keys_key_hash"`);
    await queryRunner.query(`DROP INDEX "public"."idx_api_keys_partner_id"`);
    await queryRunner.query(`DROP TABLE "api_keys"`);
    await queryRunner.query(`DROP INDEX "public"."idx_partners_parent_id"`);
    await queryRunner.query(`DROP TABLE "partners"`);
  }
}
