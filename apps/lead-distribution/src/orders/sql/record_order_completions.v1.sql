-- record_order_completions_v1: orders' event for the orders a take completed (take_order_slots_v1), recorded in the
-- outbox through webhooks' record_webhook_events_v1, one 'order.completed' per order of p_order_ids that is now
-- COMPLETED, in the order given. Called by the taker once it has recorded the hand-overs of the take, so that a
-- partner told in event order hears of the lead first, then of the order it completed: by register_leads_v4 and by
-- AllocationRepository.fillFromPool. Only orders that were open before the take may be passed (take_order_slots_v1
-- takes only from open orders). Installed by migration EventsRecordedByOwner1796700000000. Shipped: frozen (README.md).
CREATE FUNCTION record_order_completions_v1(p_order_ids uuid[])
RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM record_webhook_events_v1(array_agg('order.completed'::text ORDER BY t.ord), array_agg(o.partner_id ORDER BY t.ord),
                                  array_agg(o.id ORDER BY t.ord), array_agg(NULL::uuid ORDER BY t.ord),
                                  array_agg(o.status::text ORDER BY t.ord))
    FROM (SELECT DISTINCT ON (u.id) u.id, u.ord FROM unnest(p_order_ids) WITH ORDINALITY AS u(id, ord) ORDER BY u.id, u.ord) t
    JOIN orders o ON o.id = t.id
   WHERE o.status = 'COMPLETED'
  HAVING count(*) > 0;
END
$fn$;
