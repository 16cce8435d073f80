import type { MigrationInterface, QueryRunner } from 'typeorm';
import { maskName, searchTextAsShown } from '../../leads/lead-masking.js';

const BATCH = 5_000;

/**
 * Search matches what the owner is shown: the stored search text holds the masked name and email
 * until the lead is used (and its fields are separated so that no match spans two), and the masked
 * name is stored for the AS list's search. Audit rows name the operation that showed a contact.
 */
export class ContactVisibility1795413000000 implements MigrationInterface {
  name = 'ContactVisibility1795413000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "leads" ADD "masked_name" character varying(50)`);
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows: Array<{ id: string; name: string; email: string | null; memo: string | null; used: boolean; productName: string }> =
        await queryRunner.query(
          `SELECT l.id, l.name, l.email, l.memo, l.used_at IS NOT NULL AS used, p.name AS "productName"
           FROM "leads" l JOIN "products" p ON p.id = l.product_id WHERE l.id > $1 ORDER BY l.id LIMIT ${BATCH}`,
          [after],
        );
      if (rows.length === 0) break;
      await queryRunner.query(
        `UPDATE "leads" l SET "masked_name" = v.masked_name, "search_text" = v.search_text
           FROM unnest($1::uuid[], $2::varchar[], $3::text[]) AS v(id, masked_name, search_text) WHERE l.id = v.id`,
        [
          rows.map((row) => row.id),
          rows.map((row) => maskName(row.name)),
          rows.map((row) => searchTextAsShown(row, row.productName, row.used)),
        ],
      );
      after = rows[rows.length - 1].id;
    }
    await queryRunner.query(`ALTER TABLE "leads" ALTER COLUMN "masked_name" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "lead_contact_audits" ADD "operation" character varying(32) NOT NULL DEFAULT 'leads.contacts'`);
    await queryRunner.query(`ALTER TABLE "lead_contact_audits" ALTER COLUMN "operation" DROP DEFAULT`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "lead_contact_audits" DROP COLUMN "operation"`);
    await queryRunner.query(`ALTER TABLE "leads" DROP COLUMN "masked_name"`);
    await queryRunner.query(
      `UPDATE "leads" l SET "search_text" = lower(l."name" || ' ' || coalesce(l."email", '') || ' ' || coalesce(l."memo", '') || ' ' || p."name")
         FROM "products" p WHERE p."id" = l."product_id"`,
    );
  }
}
