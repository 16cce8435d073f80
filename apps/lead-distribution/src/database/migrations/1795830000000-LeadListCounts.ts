import type { MigrationInterface, QueryRunner } from 'typeorm';

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
    // One function for the three triggers (transition tables allow one event per trigger). hasAs is
    // the list's rule: a latest AS request that is not CANCELLED.
    await queryRunner.query(
      `CREATE FUNCTION lead_list_counts_delta() RETURNS trigger LANGUAGE plpgsql AS $fn$
       BEGIN
         IF TG_OP = 'INSERT' THEN
           INSERT INTO lead_list_counts (partner_id, used, has_as, region, gender, leads)
           SELECT n.partner_id, n.used_at IS NOT NULL, coalesce(n.latest_as_status <> 'CANCELLED', false), n.region, n.gender, count(*)
             FROM new_leads n WHERE n.partner_id IS NOT NULL
            GROUP BY 1, 2, 3, 4, 5;
         ELSIF TG_OP = 'DELETE' THEN
           INSERT INTO lead_list_counts (partner_id, used, has_as, region, gender, leads)
           SELECT o.partner_id, o.used_at IS NOT NULL, coalesce(o.latest_as_status <> 'CANCELLED', false), o.region, o.gender, -count(*)
             FROM old_leads o WHERE o.partner_id IS NOT NULL
            GROUP BY 1, 2, 3, 4, 5;
         ELSE
           -- Rows whose bucket did not change cancel out; nothing is written for them.
           INSERT INTO lead_list_counts (partner_id, used, has_as, region, gender, leads)
           SELECT t.partner_id, t.used, t.has_as, t.region, t.gender, sum(t.d)
             FROM (SELECT n.partner_id, n.used_at IS NOT NULL AS used, coalesce(n.latest_as_status <> 'CANCELLED', false) AS has_as,
                          n.region, n.gender, 1 AS d
                     FROM new_leads n WHERE n.partner_id IS NOT NULL
                   UNION ALL
                   SELECT o.partner_id, o.used_at IS NOT NULL, coalesce(o.latest_as_status <> 'CANCELLED', false), o.region, o.gender, -1
                     FROM old_leads o WHERE o.partner_id IS NOT NULL) t
            GROUP BY 1, 2, 3, 4, 5
           HAVING sum(t.d) <> 0;
         END IF;
         RETURN NULL;
       END
       $fn$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "trg_leads_list_counts_insert" AFTER INSERT ON "leads" REFERENCING NEW TABLE AS new_leads
         FOR EACH STATEMENT EXECUTE FUNCTION lead_list_counts_delta()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "trg_leads_list_counts_update" AFTER UPDATE ON "leads" REFERENCING OLD TABLE AS old_leads NEW TABLE AS new_leads
         FOR EACH STATEMENT EXECUTE FUNCTION lead_list_counts_delta()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "trg_leads_list_counts_delete" AFTER DELETE ON "leads" REFERENCING OLD TABLE AS old_leads
         FOR EACH STATEMENT EXECUTE FUNCTION lead_list_counts_delta()`,
    );
    // TRUNCATE has no transition table: it empties the counts with the leads.
    await queryRunner.query(
      `CREATE FUNCTION lead_list_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
       BEGIN
         TRUNCATE lead_list_counts;
         RETURN NULL;
       END
       $fn$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "trg_leads_list_counts_truncate" AFTER TRUNCATE ON "leads" FOR EACH STATEMENT EXECUTE FUNCTION lead_list_counts_truncate()`,
    );
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
