-- mark_order_activated_v1: a reserved order has taken the pool once its time came; called by
-- AllocationRepository.markActivated (the reservation activator), installed by migration RegisterLeadsV31795840000000.
-- Shipped: frozen (README.md).
CREATE FUNCTION mark_order_activated_v1(p_order_id uuid)
RETURNS void
LANGUAGE sql AS $fn$
  UPDATE orders SET activated_at = now() WHERE id = p_order_id;
$fn$;
