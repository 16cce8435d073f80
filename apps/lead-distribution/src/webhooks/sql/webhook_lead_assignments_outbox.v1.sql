-- webhook_lead_assignments_outbox and its trigger trg_lead_assignments_webhooks, as migration Webhooks1795795330510 installed it; run on every INSERT into lead_assignments.
-- Shipped: frozen (README.md).
CREATE FUNCTION webhook_lead_assignments_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH moved AS (
    SELECT CASE WHEN n.kind = 'RECALL' THEN 'lead.recalled' ELSE 'lead.assigned' END AS type,
           CASE WHEN n.kind = 'RECALL' THEN n.from_partner_id ELSE n.to_partner_id END AS partner_id,
           n.lead_id, n.id, n.created_at
      FROM new_rows n),
  eps AS (
    SELECT e.id, e.partner_id, e.event_types FROM webhook_endpoints e
     WHERE e.enabled AND e.partner_id IN (SELECT partner_id FROM moved)
       FOR KEY SHARE),
  ev AS (
    INSERT INTO webhook_events (id, type, partner_id, subject_id, assignment_id, occurred_at)
    SELECT gen_random_uuid(), m.type, m.partner_id, m.lead_id, m.id, m.created_at FROM moved m
     WHERE EXISTS (SELECT 1 FROM eps WHERE eps.partner_id = m.partner_id AND m.type = ANY (eps.event_types))
     ORDER BY m.created_at, m.id
    RETURNING id, seq, type, partner_id)
  INSERT INTO webhook_deliveries (id, event_id, event_seq, endpoint_id)
  SELECT gen_random_uuid(), ev.id, ev.seq, eps.id FROM ev JOIN eps ON eps.partner_id = ev.partner_id AND ev.type = ANY (eps.event_types);
  RETURN NULL;
END $$;

CREATE TRIGGER trg_lead_assignments_webhooks AFTER INSERT ON lead_assignments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION webhook_lead_assignments_outbox();
