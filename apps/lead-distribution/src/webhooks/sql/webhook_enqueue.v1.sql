-- webhook_enqueue, as migration Webhooks1795795330510 installed it; called by the triggers of webhook_orders_outbox and webhook_lead_as_outbox.
-- Shipped: frozen (README.md).
CREATE FUNCTION webhook_enqueue(p_type text, p_partner int, p_subject uuid, p_assignment uuid, p_status text)
RETURNS void LANGUAGE sql AS $$
  WITH eps AS (
    SELECT e.id FROM webhook_endpoints e
     WHERE e.partner_id = p_partner AND e.enabled AND p_type = ANY (e.event_types)
       FOR KEY SHARE),
  ev AS (
    INSERT INTO webhook_events (id, type, partner_id, subject_id, assignment_id, subject_status)
    SELECT gen_random_uuid(), p_type, p_partner, p_subject, p_assignment, p_status
     WHERE EXISTS (SELECT 1 FROM eps)
    RETURNING id, seq)
  INSERT INTO webhook_deliveries (id, event_id, event_seq, endpoint_id)
  SELECT gen_random_uuid(), ev.id, ev.seq, eps.id FROM ev CROSS JOIN eps
$$;
