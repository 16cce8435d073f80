-- register_leads_v1, as migration RegisterLeadsFunction1795423065543 installed it; dropped by DropRegisterLeadsV1
-- (its down() installs it again from this file). Shipped: frozen (README.md). Why it reads as it does:
-- docs/decisions/allocation.md.
CREATE FUNCTION register_leads_v1(
  p_ids uuid[], p_product_ids uuid[], p_partner_ids integer[], p_assignment_ids uuid[],
  p_names text[], p_masked_names text[], p_phone_ciphertexts bytea[], p_phone_key_ids text[],
  p_phone_prefixes text[], p_phone_last4s text[], p_phone_hashes text[], p_emails text[],
  p_regions text[], p_addresses text[], p_birth_dates text[], p_genders text[], p_memos text[],
  p_metadata jsonb[], p_search_texts text[], p_window_days integer)
RETURNS TABLE (ord integer, created boolean, partner_id integer, order_id uuid, created_at timestamptz)
LANGUAGE plpgsql AS $fn$
#variable_conflict use_column
DECLARE
  v_count integer := coalesce(cardinality(p_ids), 0);
  v_dup boolean[];
  v_partner integer[] := p_partner_ids;
  v_order uuid[] := array_fill(NULL::uuid, ARRAY[v_count]);
  v_waiting integer;
  v_order_partner integer;
  v_took integer;
  v_updated integer;
  v_products uuid[];
  v_candidates refcursor;
  v_candidate record;
  v_region record;
BEGIN
  IF v_count = 0 THEN
    RETURN;
  END IF;

  -- (1) Concurrent registrations of one number queue here (the key is the one registration used
  -- before this function, so builds on either side of it exclude each other too).
  PERFORM pg_advisory_xact_lock(k.key)
     FROM (SELECT DISTINCT hashtextextended('lead:' || t.product_id || ':' || t.phone_hash, 0) AS key
             FROM unnest(p_product_ids, p_phone_hashes) AS t(product_id, phone_hash)
            ORDER BY 1) k;

  -- (2) Each statement of a volatile function reads a new snapshot: this one sees every lead
  -- committed by whoever held one of our locks before us.
  SELECT array_agg(t.dup ORDER BY t.ord) INTO v_dup
    FROM (SELECT s.ord,
                 row_number() OVER (PARTITION BY s.product_id, s.phone_hash ORDER BY s.ord) > 1
                 OR EXISTS (SELECT 1 FROM leads l
                             WHERE l.product_id = s.product_id AND l.phone_hash = s.phone_hash::bpchar
                               AND l.created_at > now() - make_interval(days => p_window_days)) AS dup
            FROM unnest(p_product_ids, p_phone_hashes) WITH ORDINALITY AS s(product_id, phone_hash, ord)) t;

  -- (3) Allocation of the rows no partner was named for.
  SELECT count(*) INTO v_waiting
    FROM unnest(v_dup, p_partner_ids) AS t(dup, partner_id) WHERE NOT t.dup AND t.partner_id IS NULL;
  IF v_waiting > 0 THEN
    SELECT array_agg(DISTINCT t.product_id) INTO v_products
      FROM unnest(p_product_ids, v_dup, p_partner_ids) AS t(product_id, dup, partner_id) WHERE NOT t.dup AND t.partner_id IS NULL;
    -- Open due orders with room in a wanted region, oldest first. One product (every single
    -- registration) walks the open-orders index in order and stops at the first that fits; several
    -- (an import) are sorted together so that orders are locked in one global order.
    IF cardinality(v_products) = 1 THEN
      OPEN v_candidates FOR
        SELECT o.id, o.product_id FROM orders o
         WHERE o.product_id = v_products[1] AND o.status IN ('PENDING', 'IN_PROGRESS') AND o.reservation_date <= now()
           AND EXISTS (SELECT 1 FROM order_regions r
                        WHERE r.order_id = o.id AND r.delivered < r.quantity
                          AND r.region IN (SELECT t.region FROM unnest(p_product_ids, p_regions, v_dup, p_partner_ids) AS t(product_id, region, dup, partner_id)
                                            WHERE NOT t.dup AND t.partner_id IS NULL))
         ORDER BY o.reservation_date, o.created_at, o.id;
    ELSE
      OPEN v_candidates FOR
        WITH wanted AS (
          SELECT DISTINCT t.product_id, t.region
            FROM unnest(p_product_ids, p_regions, v_dup, p_partner_ids) AS t(product_id, region, dup, partner_id)
           WHERE NOT t.dup AND t.partner_id IS NULL)
        SELECT o.id, o.product_id FROM orders o
         WHERE o.product_id = ANY (v_products) AND o.status IN ('PENDING', 'IN_PROGRESS') AND o.reservation_date <= now()
           AND EXISTS (SELECT 1 FROM wanted w JOIN order_regions r ON r.order_id = o.id AND r.region = w.region
                        WHERE w.product_id = o.product_id AND r.delivered < r.quantity)
         ORDER BY o.reservation_date, o.created_at, o.id;
    END IF;
    LOOP
      FETCH v_candidates INTO v_candidate;
      EXIT WHEN NOT FOUND;
      -- Rows of this order's product still waiting, by region: is there anything to give it?
      PERFORM 1
         FROM unnest(p_product_ids, v_dup, v_partner) WITH ORDINALITY AS t(product_id, dup, partner_id, ord)
        WHERE t.product_id = v_candidate.product_id AND NOT t.dup AND t.partner_id IS NULL LIMIT 1;
      CONTINUE WHEN NOT FOUND;

      SELECT o.partner_id INTO v_order_partner FROM orders o
       WHERE o.id = v_candidate.id AND o.status IN ('PENDING', 'IN_PROGRESS') FOR NO KEY UPDATE;
      CONTINUE WHEN NOT FOUND;

      v_took := 0;
      -- Under the order's lock its regions are as the last holder committed them.
      FOR v_region IN
        SELECT r.region, r.quantity - r.delivered AS room, array_agg(t.ord ORDER BY t.ord) AS ords
          FROM order_regions r
          JOIN unnest(p_product_ids, p_regions, v_dup, v_partner) WITH ORDINALITY AS t(product_id, region, dup, partner_id, ord)
            ON t.region = r.region AND t.product_id = v_candidate.product_id AND NOT t.dup AND t.partner_id IS NULL
         WHERE r.order_id = v_candidate.id AND r.delivered < r.quantity
         GROUP BY r.region, r.quantity, r.delivered
      LOOP
        v_updated := least(v_region.room, cardinality(v_region.ords));
        UPDATE order_regions SET delivered = delivered + v_updated
         WHERE order_regions.order_id = v_candidate.id AND region = v_region.region AND delivered + v_updated <= quantity;
        CONTINUE WHEN NOT FOUND;
        FOR i IN 1 .. v_updated LOOP
          v_order[v_region.ords[i]] := v_candidate.id;
          v_partner[v_region.ords[i]] := v_order_partner;
        END LOOP;
        v_took := v_took + v_updated;
      END LOOP;

      IF v_took > 0 THEN
        UPDATE orders o SET updated_at = now(), status = CASE
            WHEN EXISTS (SELECT 1 FROM order_regions r WHERE r.order_id = o.id AND r.delivered < r.quantity) THEN 'IN_PROGRESS'
            ELSE 'COMPLETED' END
         WHERE o.id = v_candidate.id;
        v_waiting := v_waiting - v_took;
        EXIT WHEN v_waiting = 0;
      END IF;
    END LOOP;
    CLOSE v_candidates;
  END IF;

  -- (4) The leads, already delivered where they go, and the history of each delivery.
  INSERT INTO leads (id, product_id, partner_id, order_id, assignment_id, name, masked_name, phone_ciphertext,
                     phone_key_id, phone_prefix, phone_last4, phone_hash, email, region, address, birth_date, gender,
                     memo, metadata, search_text, assigned_at, last_distributed_at)
  SELECT t.id, t.product_id, t.partner_id, t.order_id, CASE WHEN t.partner_id IS NOT NULL THEN t.assignment_id END,
         t.name, t.masked_name, t.phone_ciphertext, t.phone_key_id, t.phone_prefix, t.phone_last4, t.phone_hash,
         t.email, t.region, t.address, t.birth_date, t.gender, t.memo, t.metadata, t.search_text,
         CASE WHEN t.partner_id IS NOT NULL THEN now() END, CASE WHEN t.partner_id IS NOT NULL THEN now() END
    FROM unnest(p_ids, p_product_ids, v_partner, v_order, p_assignment_ids, p_names, p_masked_names, p_phone_ciphertexts,
                p_phone_key_ids, p_phone_prefixes, p_phone_last4s, p_phone_hashes, p_emails, p_regions, p_addresses,
                p_birth_dates, p_genders, p_memos, p_metadata, p_search_texts, v_dup)
         AS t(id, product_id, partner_id, order_id, assignment_id, name, masked_name, phone_ciphertext, phone_key_id,
              phone_prefix, phone_last4, phone_hash, email, region, address, birth_date, gender, memo, metadata,
              search_text, dup)
   WHERE NOT t.dup;

  INSERT INTO lead_assignments (id, lead_id, kind, order_id, from_partner_id, to_partner_id)
  SELECT t.assignment_id, t.id, CASE WHEN t.order_id IS NULL THEN 'MANUAL' ELSE 'ORDER' END, t.order_id, NULL, t.partner_id
    FROM unnest(p_assignment_ids, p_ids, v_order, v_partner, v_dup) AS t(assignment_id, id, order_id, partner_id, dup)
   WHERE NOT t.dup AND t.partner_id IS NOT NULL;

  RETURN QUERY
  SELECT t.ord::integer, NOT t.dup, CASE WHEN t.dup THEN NULL ELSE t.partner_id END, t.order_id, now()
    FROM unnest(v_dup, v_partner, v_order) WITH ORDINALITY AS t(dup, partner_id, order_id, ord);
END
$fn$;
