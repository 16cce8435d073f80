-- webhook_orders_outbox and its trigger trg_orders_webhooks, as migration Webhooks1795795330510 installed it; run at commit when an order completes or is cancelled.
-- Shipped: frozen (README.md).
CREATE FUNCTION webhook_orders_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM webhook_enqueue(CASE NEW.status WHEN 'COMPLETED' THEN 'order.completed' ELSE 'order.cancelled' END,
                          NEW.partner_id, NEW.id, NULL, NEW.status);
  RETURN NULL;
END $$;

-- Deferred to the commit: an order completes in the statement before the hand-over of its last lead is
-- recorded, and a partner told in event order hears of that lead first, then of the completed order.
CREATE CONSTRAINT TRIGGER trg_orders_webhooks AFTER UPDATE OF status ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.status IS DISTINCT FROM OLD.status AND NEW.status IN ('COMPLETED', 'CANCELLED'))
  EXECUTE FUNCTION webhook_orders_outbox();
