-- insert_leads_v1: the leads a registration creates, as register_leads_v4 (allocation/sql/) decided them; installed by
-- migration RegisterLeadsV31795840000000. Shipped: frozen (README.md).
-- One row per input row not skipped (a duplicate); a row given a partner is delivered at once (its assignment id and
-- times set), the others wait in the pool. One statement, so the list-count trigger runs once for the batch.
CREATE FUNCTION insert_leads_v1(
  p_ids uuid[], p_product_ids uuid[], p_partner_ids integer[], p_order_ids uuid[], p_assignment_ids uuid[],
  p_names text[], p_masked_names text[], p_phone_ciphertexts bytea[], p_phone_key_ids text[],
  p_phone_prefixes text[], p_phone_last4s text[], p_phone_hashes text[], p_emails text[],
  p_regions text[], p_addresses text[], p_birth_dates text[], p_genders text[], p_memos text[],
  p_metadata jsonb[], p_search_texts text[], p_skip boolean[])
RETURNS void
LANGUAGE sql AS $fn$
  INSERT INTO leads (id, product_id, partner_id, order_id, assignment_id, name, masked_name, phone_ciphertext,
                     phone_key_id, phone_prefix, phone_last4, phone_hash, email, region, address, birth_date, gender,
                     memo, metadata, search_text, assigned_at, last_distributed_at)
  SELECT t.id, t.product_id, t.partner_id, t.order_id, CASE WHEN t.partner_id IS NOT NULL THEN t.assignment_id END,
         t.name, t.masked_name, t.phone_ciphertext, t.phone_key_id, t.phone_prefix, t.phone_last4, t.phone_hash,
         t.email, t.region, t.address, t.birth_date, t.gender, t.memo, t.metadata, t.search_text,
         CASE WHEN t.partner_id IS NOT NULL THEN now() END, CASE WHEN t.partner_id IS NOT NULL THEN now() END
    FROM unnest(p_ids, p_product_ids, p_partner_ids, p_order_ids, p_assignment_ids, p_names, p_masked_names, p_phone_ciphertexts,
                p_phone_key_ids, p_phone_prefixes, p_phone_last4s, p_phone_hashes, p_emails, p_regions, p_addresses,
                p_birth_dates, p_genders, p_memos, p_metadata, p_search_texts, p_skip)
         AS t(id, product_id, partner_id, order_id, assignment_id, name, masked_name, phone_ciphertext, phone_key_id,
              phone_prefix, phone_last4, phone_hash, email, region, address, birth_date, gender, memo, metadata,
              search_text, skip)
   WHERE NOT t.skip
$fn$;
