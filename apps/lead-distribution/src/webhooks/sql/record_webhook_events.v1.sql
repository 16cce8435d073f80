-- record_webhook_events_v1: the outbox's one way in. Records the events given (one per position of the arrays,
-- in that order), each only for a partner with an enabled endpoint subscribed to its type, with one delivery
-- per such endpoint. Called by the owner of each change, in the change's transaction: by WebhookOutboxService.record
-- (TypeScript) and by the owners' SQL functions (register_leads_v4, record_order_completions_v1). The endpoints are
-- read FOR KEY SHARE, so an endpoint deleted meanwhile is not told, never a foreign-key error failing the change.
-- Each event occurs at the transaction's time (now()), the time of the change it tells. Installed by migration EventsRecordedByOwner1796700000000.
-- Shipped: frozen (README.md).
CREATE FUNCTION record_webhook_events_v1(
  p_types text[], p_partner_ids integer[], p_subject_ids uuid[], p_assignment_ids uuid[], p_statuses text[])
RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  -- PL/pgSQL, so that each session plans the statement once (a LANGUAGE sql function is planned on every call).
  WITH given AS (
    SELECT t.type, t.partner_id, t.subject_id, t.assignment_id, t.status, t.ord
      FROM unnest(p_types, p_partner_ids, p_subject_ids, p_assignment_ids, p_statuses)
           WITH ORDINALITY AS t(type, partner_id, subject_id, assignment_id, status, ord)
     WHERE t.partner_id IS NOT NULL),
  eps AS (
    SELECT e.id, e.partner_id, e.event_types FROM webhook_endpoints e
     WHERE e.enabled AND e.partner_id IN (SELECT g.partner_id FROM given g)
       FOR KEY SHARE),
  ev AS (
    INSERT INTO webhook_events (id, type, partner_id, subject_id, assignment_id, subject_status, occurred_at)
    SELECT gen_random_uuid(), g.type, g.partner_id, g.subject_id, g.assignment_id, g.status, now() FROM given g
     WHERE EXISTS (SELECT 1 FROM eps WHERE eps.partner_id = g.partner_id AND g.type = ANY (eps.event_types))
     ORDER BY g.ord
    RETURNING id, seq, type, partner_id)
  INSERT INTO webhook_deliveries (id, event_id, event_seq, endpoint_id)
  SELECT gen_random_uuid(), ev.id, ev.seq, eps.id FROM ev JOIN eps ON eps.partner_id = ev.partner_id AND ev.type = ANY (eps.event_types);
END
$fn$;
