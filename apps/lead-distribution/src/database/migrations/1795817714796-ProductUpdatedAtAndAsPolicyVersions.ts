import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Products say when they last changed, and every AS policy text saved is kept as a version: the
 * current texts become the first versions (saved when they were last updated), and a product's
 * `updated_at` starts as its creation time.
 */
export class ProductUpdatedAtAndAsPolicyVersions1795817714796 implements MigrationInterface {
  name = 'ProductUpdatedAtAndAsPolicyVersions1795817714796';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "product_as_policy_versions" ("policy_id" uuid NOT NULL, "product_id" uuid NOT NULL, "text_content" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_5655e7f48db4ac2ee7653d989fa" PRIMARY KEY ("policy_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_product_as_policy_versions_product_created" ON "product_as_policy_versions"  ("product_id", "created_at") `,
    );
    await queryRunner.query(`ALTER TABLE "products" ADD "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()`);
    await queryRunner.query(
      `ALTER TABLE "product_as_policy_versions" ADD CONSTRAINT "fk_product_as_policy_versions_product" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`UPDATE "products" SET "updated_at" = "created_at"`);
    await queryRunner.query(
      `INSERT INTO "product_as_policy_versions" ("policy_id", "product_id", "text_content", "created_at")
       SELECT "policy_id", "product_id", "text_content", "updated_at" FROM "product_as_policies"`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "product_as_policy_versions" DROP CONSTRAINT "fk_product_as_policy_versions_product"`);
    await queryRunner.query(`ALTER TABLE "products" DROP COLUMN "updated_at"`);
    await queryRunner.query(`DROP INDEX "public"."idx_product_as_policy_versions_product_created"`);
    await queryRunner.query(`DROP TABLE "product_as_policy_versions"`);
  }
}
