-- register_leads_v4, as migration EventsRecordedByOwner1796700000000 installed it; called by AllocationRepository.registerLeads.
-- v2's rule with the take of an order's slots asked of orders' take_order_slots_v1 and the leads inserted by leads'
-- insert_leads_v1 (the tables' owners), which also records the events of what it did, in its own transaction (docs/decisions/webhooks.md):
-- 'lead.assigned' for each lead it delivered, through webhooks' record_webhook_events_v1 (webhooks/sql/), then
-- 'order.completed' for each order it completed, through orders' record_order_completions_v1 (orders/sql/), so that
-- a partner told in event order hears of the lead before the order it completed.
-- Shipped: frozen (README.md). Why it reads as it does: docs/decisions/allocation.md.
CREATE FUNCTION register_leads_v4(
  p_ids uuid[], p_product_ids uuid[], p_partner_ids integer[], p_assignment_ids uuid[],
  p_names text[], p_masked_names text[], p_phone_ciphertexts bytea[], p_phone_key_ids text[],
  p_phone_prefixes text[], p_phone_last4s text[], p_phone_hashes text[], p_emails text[],
  p_regions text[], p_addresses text[], p_birth_dates text[], p_genders text[], p_memos text[],
  p_metadata jsonb[], p_search_texts text[], p_window_days integer)
RETURNS TABLE (ord integer, created boolean, partner_id integer, order_id uuid, created_at timestamptz)
LANGUAGE plpgsql
SET plan_cache_mode = auto
SET enable_seqscan = off
AS $fn$
#variable_conflict use_column
DECLARE
  v_count integer := coalesce(cardinality(p_ids), 0);
  v_dup boolean[];
  v_partner integer[];
  v_order uuid[];
  -- Rows waiting for an order, by bucket: b_left[i] rows of product b_product[i] and region b_region[i].
  b_product uuid[];
  b_region text[];
  b_left integer[];
  -- Deliveries decided, in the order they were made: d_count[j] rows of bucket d_bucket[j] to order d_order[j].
  d_bucket integer[] := '{}';
  d_order uuid[] := '{}';
  d_partner integer[] := '{}';
  d_count integer[] := '{}';
  d_made integer := 0;
  v_waiting integer;
  v_took integer;
  v_candidates refcursor;
  v_candidate record;
  v_given record;
  v_want_regions text[];
  v_want_counts integer[];
  v_want_buckets integer[];
  v_bucket integer;
BEGIN
  IF v_count = 0 THEN
    RETURN;
  END IF;
  -- Small calls (single registrations, alone or sharing a statement) reuse one plan per statement;
  -- an import's are left to PostgreSQL's own choice. Undone on return (the SET clause above).
  IF v_count <= 64 THEN
    PERFORM set_config('plan_cache_mode', 'force_generic_plan', true);
  END IF;

  -- (1) Concurrent registrations of one number queue here; the key is v1's, so v1 and v2 exclude
  -- each other too.
  PERFORM pg_advisory_xact_lock(k.key)
     FROM (SELECT DISTINCT hashtextextended('lead:' || t.product_id || ':' || t.phone_hash, 0) AS key
             FROM unnest(p_product_ids, p_phone_hashes) AS t(product_id, phone_hash)
            ORDER BY 1) k;

  -- (2) Each statement of a volatile function reads a new snapshot: this one sees every lead
  -- committed by whoever held one of our locks before us. A probe per row; planned on every call
  -- (EXECUTE), because a plan kept from when the table was small may probe the wrong index: every
  -- index of leads that starts with product_id looks alike then.
  EXECUTE $dup$
    SELECT array_agg(t.dup ORDER BY t.ord)
      FROM (SELECT s.ord,
                   row_number() OVER (PARTITION BY s.product_id, s.phone_hash ORDER BY s.ord) > 1 OR e.found IS NOT NULL AS dup
              FROM unnest($1::uuid[], $2::text[]) WITH ORDINALITY AS s(product_id, phone_hash, ord)
              LEFT JOIN LATERAL (SELECT true AS found FROM leads l
                                  WHERE l.product_id = s.product_id AND l.phone_hash = s.phone_hash::bpchar
                                    AND l.created_at > now() - make_interval(days => $3)
                                  LIMIT 1) e ON true) t
  $dup$ INTO v_dup USING p_product_ids, p_phone_hashes, p_window_days;

  -- (3) The rows no partner was named for, counted by bucket.
  SELECT array_agg(t.product_id ORDER BY t.product_id, t.region), array_agg(t.region ORDER BY t.product_id, t.region),
         array_agg(t.n ORDER BY t.product_id, t.region), coalesce(sum(t.n), 0)
    INTO b_product, b_region, b_left, v_waiting
    FROM (SELECT s.product_id, s.region, count(*)::integer AS n
            FROM unnest(p_product_ids, p_regions, v_dup, p_partner_ids) AS s(product_id, region, dup, partner_id)
           WHERE NOT s.dup AND s.partner_id IS NULL
           GROUP BY s.product_id, s.region) t;

  IF v_waiting > 0 THEN
    -- Open due orders with room in a wanted bucket, oldest first: each open order's regions are
    -- probed by its key (a lateral probe, never a scan of every order's regions, completed ones
    -- included), against the buckets hashed once. One product (every single registration) walks the
    -- open-orders index in order and stops at the first that fits; several (an import) are sorted
    -- together, so that orders are locked in one global order.
    IF (SELECT count(DISTINCT p) FROM unnest(b_product) AS p) = 1 THEN
      OPEN v_candidates FOR
        SELECT o.id, o.product_id FROM orders o
         CROSS JOIN LATERAL (SELECT 1 FROM order_regions r
                              WHERE r.order_id = o.id AND r.delivered < r.quantity AND r.region = ANY (b_region)
                              LIMIT 1) room
         WHERE o.product_id = b_product[1] AND o.status IN ('PENDING', 'IN_PROGRESS') AND o.reservation_date <= now()
         ORDER BY o.product_id, o.reservation_date, o.created_at, o.id;
    ELSE
      OPEN v_candidates FOR
        SELECT o.id, o.product_id FROM orders o
         CROSS JOIN LATERAL (SELECT 1 FROM order_regions r
                              WHERE r.order_id = o.id AND r.delivered < r.quantity
                                AND (o.product_id, r.region) IN (SELECT b.product_id, b.region FROM unnest(b_product, b_region) AS b(product_id, region))
                              LIMIT 1) room
         WHERE o.product_id = ANY (b_product) AND o.status IN ('PENDING', 'IN_PROGRESS') AND o.reservation_date <= now()
         ORDER BY o.reservation_date, o.created_at, o.id;
    END IF;
    LOOP
      FETCH v_candidates INTO v_candidate;
      EXIT WHEN NOT FOUND;
      -- What of this order's product is still waiting, by bucket (one bucket per region).
      SELECT array_agg(b.region ORDER BY b.i), array_agg(b.n ORDER BY b.i), array_agg(b.i::integer ORDER BY b.i)
        INTO v_want_regions, v_want_counts, v_want_buckets
        FROM unnest(b_product, b_region, b_left) WITH ORDINALITY AS b(product_id, region, n, i)
       WHERE b.product_id = v_candidate.product_id AND b.n > 0;
      CONTINUE WHEN v_want_regions IS NULL;

      v_took := 0;
      FOR v_given IN
        SELECT t.partner_id, t.region, t.taken FROM take_order_slots_v1(v_candidate.id, v_want_regions, v_want_counts) AS t
      LOOP
        v_bucket := v_want_buckets[array_position(v_want_regions, v_given.region)];
        b_left[v_bucket] := b_left[v_bucket] - v_given.taken;
        d_made := d_made + 1;
        d_bucket[d_made] := v_bucket;
        d_order[d_made] := v_candidate.id;
        d_partner[d_made] := v_given.partner_id;
        d_count[d_made] := v_given.taken;
        v_took := v_took + v_given.taken;
      END LOOP;

      IF v_took > 0 THEN
        v_waiting := v_waiting - v_took;
        EXIT WHEN v_waiting = 0;
      END IF;
    END LOOP;
    CLOSE v_candidates;
  END IF;

  -- (4) Where each row goes: in each bucket, its k-th row (batch order) to the delivery whose
  -- running total first reaches k (visit order); a named partner's row to that partner.
  SELECT array_agg(d.order_id ORDER BY s.ord), array_agg(coalesce(d.partner_id, s.partner_id) ORDER BY s.ord)
    INTO v_order, v_partner
    FROM (SELECT s.ord, s.partner_id, b.i AS bucket,
                 row_number() OVER (PARTITION BY b.i ORDER BY s.ord) AS k
            FROM unnest(p_product_ids, p_regions, v_dup, p_partner_ids) WITH ORDINALITY AS s(product_id, region, dup, partner_id, ord)
            LEFT JOIN unnest(b_product, b_region) WITH ORDINALITY AS b(product_id, region, i)
              ON NOT s.dup AND s.partner_id IS NULL AND b.product_id = s.product_id AND b.region = s.region) s
    LEFT JOIN (SELECT d.bucket, d.order_id, d.partner_id,
                      sum(d.n) OVER (PARTITION BY d.bucket ORDER BY d.seq) - d.n AS before,
                      sum(d.n) OVER (PARTITION BY d.bucket ORDER BY d.seq) AS upto
                 FROM unnest(d_bucket, d_order, d_partner, d_count) WITH ORDINALITY AS d(bucket, order_id, partner_id, n, seq)) d
      ON d.bucket = s.bucket AND s.k > d.before AND s.k <= d.upto;

  -- (5) The leads, already delivered where they go (leads' insert_leads_v1), and the history of each delivery.
  PERFORM insert_leads_v1(p_ids, p_product_ids, v_partner, v_order, p_assignment_ids, p_names, p_masked_names,
                          p_phone_ciphertexts, p_phone_key_ids, p_phone_prefixes, p_phone_last4s, p_phone_hashes,
                          p_emails, p_regions, p_addresses, p_birth_dates, p_genders, p_memos, p_metadata,
                          p_search_texts, v_dup);

  INSERT INTO lead_assignments (id, lead_id, kind, order_id, from_partner_id, to_partner_id)
  SELECT t.assignment_id, t.id, CASE WHEN t.order_id IS NULL THEN 'MANUAL' ELSE 'ORDER' END, t.order_id, NULL, t.partner_id
    FROM unnest(p_assignment_ids, p_ids, v_order, v_partner, v_dup) AS t(assignment_id, id, order_id, partner_id, dup)
   WHERE NOT t.dup AND t.partner_id IS NOT NULL;

  -- (6) The events, in the order of the batch: each delivery told to its partner, then each order completed.
  PERFORM record_webhook_events_v1(array_agg('lead.assigned'::text ORDER BY t.ord), array_agg(t.partner_id ORDER BY t.ord),
                                   array_agg(t.id ORDER BY t.ord), array_agg(t.assignment_id ORDER BY t.ord),
                                   array_agg(NULL::text ORDER BY t.ord))
     FROM unnest(p_assignment_ids, p_ids, v_partner, v_dup) WITH ORDINALITY AS t(assignment_id, id, partner_id, dup, ord)
    WHERE NOT t.dup AND t.partner_id IS NOT NULL
   HAVING count(*) > 0;
  IF d_made > 0 THEN
    PERFORM record_order_completions_v1(d_order);
  END IF;

  RETURN QUERY
  SELECT t.ord::integer, NOT t.dup, CASE WHEN t.dup THEN NULL ELSE t.partner_id END, t.order_id, now()
    FROM unnest(v_dup, v_partner, v_order) WITH ORDINALITY AS t(dup, partner_id, order_id, ord);
END
$fn$;
