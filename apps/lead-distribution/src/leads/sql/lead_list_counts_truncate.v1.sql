-- lead_list_counts_truncate and its trigger trg_leads_list_counts_truncate, as migration LeadListCounts1795830000000 installed it (its body's indentation included); run after TRUNCATE leads.
-- Shipped: frozen (README.md).
-- TRUNCATE has no transition table: it empties the counts with the leads.
CREATE FUNCTION lead_list_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
       BEGIN
         TRUNCATE lead_list_counts;
         RETURN NULL;
       END
       $fn$;

CREATE TRIGGER "trg_leads_list_counts_truncate" AFTER TRUNCATE ON "leads" FOR EACH STATEMENT EXECUTE FUNCTION lead_list_counts_truncate();
