-- webhook_lead_as_outbox and its trigger trg_lead_as_requests_webhooks, as migration Webhooks1795795330510 installed it; run when an AS request is reviewed.
-- Shipped: frozen (README.md).
CREATE FUNCTION webhook_lead_as_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM webhook_enqueue('lead_as.reviewed', NEW.partner_id, NEW.id, NULL, NEW.status);
  RETURN NULL;
END $$;

CREATE TRIGGER trg_lead_as_requests_webhooks AFTER UPDATE OF status ON lead_as_requests FOR EACH ROW
  WHEN (NEW.status IS DISTINCT FROM OLD.status AND NEW.status IN ('APPROVED', 'REJECTED', 'ON_HOLD'))
  EXECUTE FUNCTION webhook_lead_as_outbox();
