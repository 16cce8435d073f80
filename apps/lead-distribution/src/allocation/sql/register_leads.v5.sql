-- register_leads_v5, as migration RegistrationsRecordAccess1796730100000 installed it; called by AllocationRepository.registerLeads.
-- v4's registration (it calls v4, unchanged), and the access record of each lead it created, appended in the same transaction
-- through the platform's append_access_records_v1 (libs/platform/src/access-records/sql/, the owner of access_records):
-- p_access_records holds one record (or null) per row, in the rows' order; a duplicate's is dropped (its call answers 409 and
-- leaves no record). A single registration's answer so waits for one commit, not for a second one of its record (issue 41).
-- Shipped: frozen (README.md).
CREATE FUNCTION register_leads_v5(
  p_ids uuid[], p_product_ids uuid[], p_partner_ids integer[], p_assignment_ids uuid[],
  p_names text[], p_masked_names text[], p_phone_ciphertexts bytea[], p_phone_key_ids text[],
  p_phone_prefixes text[], p_phone_last4s text[], p_phone_hashes text[], p_emails text[],
  p_regions text[], p_addresses text[], p_birth_dates text[], p_genders text[], p_memos text[],
  p_metadata jsonb[], p_search_texts text[], p_window_days integer, p_access_records jsonb)
RETURNS TABLE (ord integer, created boolean, partner_id integer, order_id uuid, created_at timestamptz)
LANGUAGE plpgsql
AS $fn$
DECLARE
  v_ord integer[];
  v_created boolean[];
  v_partner integer[];
  v_order uuid[];
  v_at timestamptz[];
BEGIN
  SELECT array_agg(r.ord ORDER BY r.ord), array_agg(r.created ORDER BY r.ord), array_agg(r.partner_id ORDER BY r.ord),
         array_agg(r.order_id ORDER BY r.ord), array_agg(r.created_at ORDER BY r.ord)
    INTO v_ord, v_created, v_partner, v_order, v_at
    FROM register_leads_v4(p_ids, p_product_ids, p_partner_ids, p_assignment_ids, p_names, p_masked_names, p_phone_ciphertexts,
                           p_phone_key_ids, p_phone_prefixes, p_phone_last4s, p_phone_hashes, p_emails, p_regions, p_addresses,
                           p_birth_dates, p_genders, p_memos, p_metadata, p_search_texts, p_window_days) AS r;

  PERFORM append_access_records_v1(jsonb_agg(p_access_records -> (t.n - 1) ORDER BY t.n))
     FROM unnest(v_ord, v_created) AS t(n, made)
    WHERE t.made AND jsonb_typeof(p_access_records -> (t.n - 1)) = 'object'
   HAVING count(*) > 0;

  RETURN QUERY SELECT t.n, t.made, t.partner, t.ord_id, t.at FROM unnest(v_ord, v_created, v_partner, v_order, v_at) AS t(n, made, partner, ord_id, at);
END
$fn$;
