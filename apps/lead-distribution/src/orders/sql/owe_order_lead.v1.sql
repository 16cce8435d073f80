-- owe_order_lead_v1: an order owes one more lead in a region (a returned lead it delivered), a completed order open
-- again; called by AllocationRepository.oweReplacement under the order's lock, installed by migration
-- RegisterLeadsV31795840000000. Shipped: frozen (README.md).
CREATE FUNCTION owe_order_lead_v1(p_order_id uuid, p_region text)
RETURNS void
LANGUAGE sql AS $fn$
  UPDATE order_regions SET quantity = quantity + 1 WHERE order_id = p_order_id AND region = p_region;
  UPDATE orders SET status = 'IN_PROGRESS', updated_at = now() WHERE id = p_order_id AND status = 'COMPLETED';
$fn$;
