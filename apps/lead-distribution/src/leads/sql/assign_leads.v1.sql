-- assign_leads_v1: waiting leads given to an order's partner; called by AllocationRepository.fillFromPool, installed by
-- migration RegisterLeadsV31795840000000. Shipped: frozen (README.md).
CREATE FUNCTION assign_leads_v1(p_lead_ids uuid[], p_assignment_ids uuid[], p_order_id uuid, p_partner_id integer)
RETURNS void
LANGUAGE sql AS $fn$
  UPDATE leads l SET partner_id = p_partner_id, order_id = p_order_id, assignment_id = a.assignment_id,
         assigned_at = now(), last_distributed_at = now(), updated_at = now()
    FROM unnest(p_lead_ids, p_assignment_ids) AS a(lead_id, assignment_id)
   WHERE l.id = a.lead_id
$fn$;
