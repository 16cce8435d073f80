import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runSqlFile } from '#platform';
import { LEADS_SQL } from '../../leads/sql/leads-sql.js';

/**
 * The owned-lead list's exact total without reading the partner's leads: `lead_list_counts` holds,
 * per partner and filter bucket (used, hasAs, region, gender), signed deltas that statement-level
 * triggers on `leads` append in the transaction of every statement that changes a lead's owner or
 * a bucket column; the total of a filter is the sum of the partner's matching rows. Rows are only
 * ever inserted (no counter row is updated, so concurrent registrations never wait on one another);
 * LeadListCountsCompaction merges each partner's delta rows now and then
 * (docs/decisions/lead-distribution.md).
 */
export class LeadListCounts1795830000000 implements MigrationInterface {
  name = 'LeadListCounts1795830000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // No write to leads between the backfill and the triggers (released at commit).
    await queryRunner.query(`LOCK TABLE "leads" IN SHARE ROW EXCLUSIVE MODE`);
    await queryRunner.query(
      `CREATE TABLE "lead_list_counts" (
         "partner_id" integer NOT NULL,
         "used" boolean NOT NULL,
         "has_as" boolean NOT NULL,
         "region" character varying(10) NOT NULL,
         "gender" character(1) NOT NULL,
         "leads" integer NOT NULL,
         "merged" boolean NOT NULL DEFAULT false
       )`,
    );
    await queryRunner.query(`CREATE INDEX "idx_lead_list_counts_partner" ON "lead_list_counts" ("partner_id")`);
    await queryRunner.query(`CREATE INDEX "idx_lead_list_counts_unmerged" ON "lead_list_counts" ("partner_id") WHERE NOT "merged"`);
    // The delta triggers on leads, and the truncate trigger (leads/sql/, README.md there).
    await runSqlFile(queryRunner, LEADS_SQL.listCountsDeltaV1);
    await runSqlFile(queryRunner, LEADS_SQL.listCountsTruncateV1);
    await queryRunner.query(
      `INSERT INTO "lead_list_counts" (partner_id, used, has_as, region, gender, leads, merged)
       SELECT partner_id, used_at IS NOT NULL, coalesce(latest_as_status <> 'CANCELLED', false), region, gender, count(*), true
         FROM "leads" WHERE partner_id IS NOT NULL
        GROUP BY 1, 2, 3, 4, 5`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "trg_leads_list_counts_truncate" ON "leads"`);
    await queryRunner.query(`DROP TRIGGER "trg_leads_list_counts_delete" ON "leads"`);
    await queryRunner.query(`DROP TRIGGER "trg_leads_list_counts_update" ON "leads"`);
    await queryRunner.query(`DROP TRIGGER "trg_leads_list_counts_insert" ON "leads"`);
    await queryRunner.query(`DROP FUNCTION lead_list_counts_truncate()`);
    await queryRunner.query(`DROP FUNCTION lead_list_counts_delta()`);
    await queryRunner.query(`DROP TABLE "lead_list_counts"`);
  }
}
