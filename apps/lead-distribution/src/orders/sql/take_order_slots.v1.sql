-- take_order_slots_v1: the one rule by which an order takes leads; called by register_leads_v4 and by
-- AllocationRepository (an order filled from the pool). Why it reads as it does: docs/decisions/allocation.md.
-- Locks the order (FOR NO KEY UPDATE, which orders a take against cancellation) if it is open; then,
-- per region asked for, takes what the region still owes, up to what is wanted, and moves the order
-- to IN_PROGRESS, or COMPLETED when no region owes any more. Returns the order's partner and what each
-- region gave; no row when the order is not open or no region had room (then nothing is written).
CREATE FUNCTION take_order_slots_v1(p_order_id uuid, p_regions text[], p_wanted integer[])
RETURNS TABLE (partner_id integer, region text, taken integer)
LANGUAGE plpgsql AS $fn$
#variable_conflict use_column
DECLARE
  v_partner integer;
  v_region record;
  v_took integer := 0;
BEGIN
  SELECT o.partner_id INTO v_partner FROM orders o
   WHERE o.id = p_order_id AND o.status IN ('PENDING', 'IN_PROGRESS') FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;

  -- Under the order's lock its regions are as the last holder committed them; a region's delivered
  -- only grows through a conditional update, so it never passes its quantity.
  FOR v_region IN
    SELECT r.region, least(r.quantity - r.delivered, w.n) AS give
      FROM order_regions r
      JOIN unnest(p_regions, p_wanted) AS w(region, n) ON w.region = r.region AND w.n > 0
     WHERE r.order_id = p_order_id AND r.delivered < r.quantity
  LOOP
    UPDATE order_regions SET delivered = delivered + v_region.give
     WHERE order_regions.order_id = p_order_id AND region = v_region.region AND delivered + v_region.give <= quantity;
    CONTINUE WHEN NOT FOUND;
    partner_id := v_partner;
    region := v_region.region;
    taken := v_region.give;
    v_took := v_took + v_region.give;
    RETURN NEXT;
  END LOOP;

  IF v_took > 0 THEN
    UPDATE orders o SET updated_at = now(), status = CASE
        WHEN EXISTS (SELECT 1 FROM order_regions r WHERE r.order_id = o.id AND r.delivered < r.quantity) THEN 'IN_PROGRESS'
        ELSE 'COMPLETED' END
     WHERE o.id = p_order_id;
  END IF;
END
$fn$;
