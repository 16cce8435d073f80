import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Partial-match search reads one stored, lower-cased text (name, email, memo, product name) instead
 * of an expression over four columns: a covering index lets the exact count of a search run as an
 * index-only scan of the partner's entries, and the trigram index serves longer terms.
 */
export class LeadSearchText1795242691991 implements MigrationInterface {
  name = 'LeadSearchText1795242691991';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "leads" ADD "search_text" text`);
    await queryRunner.query(
      `UPDATE "leads" l SET "search_text" = lower(l."name" || ' ' || coalesce(l."email", '') || ' ' || coalesce(l."memo", '') || ' ' || p."name")
         FROM "products" p WHERE p."id" = l."product_id"`,
    );
    await queryRunner.query(`ALTER TABLE "leads" ALTER COLUMN "search_text" SET NOT NULL`);
    await queryRunner.query(`DROP INDEX "idx_leads_search_trgm"`);
    await queryRunner.query(`CREATE INDEX "idx_leads_search_trgm" ON "leads" USING gin ("search_text" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "idx_leads_partner_search" ON "leads" ("partner_id") INCLUDE ("search_text", "phone_last4")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_leads_partner_search"`);
    await queryRunner.query(`DROP INDEX "idx_leads_search_trgm"`);
    await queryRunner.query(`ALTER TABLE "leads" DROP COLUMN "search_text"`);
    await queryRunner.query(
      `CREATE INDEX "idx_leads_search_trgm" ON "leads" USING gin ((lower("name" || ' ' || coalesce("email", '') || ' ' || coalesce("memo", ''))) gin_trgm_ops)`,
    );
  }
}
