-- lead_list_counts_delta and its triggers trg_leads_list_counts_insert, _update and _delete, as migration LeadListCounts1795830000000 installed it (its body's indentation included); run after every statement that inserts, updates or deletes leads.
-- Shipped: frozen (README.md).
-- One function for the three triggers (transition tables allow one event per trigger). hasAs is
-- the list's rule: a latest AS request that is not CANCELLED.
CREATE FUNCTION lead_list_counts_delta() RETURNS trigger LANGUAGE plpgsql AS $fn$
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
       $fn$;

CREATE TRIGGER "trg_leads_list_counts_insert" AFTER INSERT ON "leads" REFERENCING NEW TABLE AS new_leads
         FOR EACH STATEMENT EXECUTE FUNCTION lead_list_counts_delta();

CREATE TRIGGER "trg_leads_list_counts_update" AFTER UPDATE ON "leads" REFERENCING OLD TABLE AS old_leads NEW TABLE AS new_leads
         FOR EACH STATEMENT EXECUTE FUNCTION lead_list_counts_delta();

CREATE TRIGGER "trg_leads_list_counts_delete" AFTER DELETE ON "leads" REFERENCING OLD TABLE AS old_leads
         FOR EACH STATEMENT EXECUTE FUNCTION lead_list_counts_delta();
