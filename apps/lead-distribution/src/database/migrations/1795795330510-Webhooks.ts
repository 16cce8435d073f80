import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox is written by triggers, in the transaction of the change that is the event, whatever
 * code makes it (register_leads_v2, order fills, replacements, hand-overs, recalls, reviews,
 * cancellations): no event without its change, no change without its event. An event is written only
 * for a partner with an enabled endpoint subscribed to its type, with one delivery per such endpoint.
 * The endpoints are read FOR KEY SHARE (the lock the deliveries' foreign key takes anyway), so an
 * endpoint deleted meanwhile is simply not told, never a foreign-key error failing the change.
 */
const OUTBOX_SQL = `
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

CREATE FUNCTION webhook_lead_as_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM webhook_enqueue('lead_as.reviewed', NEW.partner_id, NEW.id, NULL, NEW.status);
  RETURN NULL;
END $$;

CREATE TRIGGER trg_lead_as_requests_webhooks AFTER UPDATE OF status ON lead_as_requests FOR EACH ROW
  WHEN (NEW.status IS DISTINCT FROM OLD.status AND NEW.status IN ('APPROVED', 'REJECTED', 'ON_HOLD'))
  EXECUTE FUNCTION webhook_lead_as_outbox();
`;

export class Webhooks1795795330510 implements MigrationInterface {
  name = 'Webhooks1795795330510';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "webhook_endpoints" ("id" uuid NOT NULL, "partner_id" integer NOT NULL, "url" character varying(2048) NOT NULL, "description" character varying(500), "event_types" text array NOT NULL, "enabled" boolean NOT NULL DEFAULT true, "disabled_reason" character varying(500), "disabled_at" TIMESTAMP WITH TIME ZONE, "parallel_delivery" boolean NOT NULL DEFAULT false, "secret_ciphertext" bytea NOT NULL, "secret_key_id" character varying(32) NOT NULL, "previous_secret_ciphertext" bytea, "previous_secret_key_id" character varying(32), "previous_secret_expires_at" TIMESTAMP WITH TIME ZONE, "failing_since" TIMESTAMP WITH TIME ZONE, "rate_window_start" TIMESTAMP WITH TIME ZONE, "rate_window_count" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_054c4cfb95223732f5939d2d546" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_webhook_endpoints_partner" ON "webhook_endpoints"  ("partner_id", "created_at") `);
    await queryRunner.query(
      `CREATE TABLE "webhook_events" ("id" uuid NOT NULL, "seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "type" character varying(40) NOT NULL, "partner_id" integer NOT NULL, "subject_id" uuid NOT NULL, "assignment_id" uuid, "subject_status" character varying(16), "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "payload" json, CONSTRAINT "PK_4cba37e6a0acb5e1fc49c34ebfd" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_webhook_events_seq" ON "webhook_events"  ("seq") `);
    await queryRunner.query(`CREATE INDEX "idx_webhook_events_occurred" ON "webhook_events"  ("occurred_at") `);
    await queryRunner.query(
      `CREATE TABLE "webhook_deliveries" ("id" uuid NOT NULL, "event_id" uuid NOT NULL, "event_seq" bigint NOT NULL, "endpoint_id" uuid NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'PENDING', "attempt_count" integer NOT NULL DEFAULT '0', "next_attempt_at" TIMESTAMP WITH TIME ZONE DEFAULT now(), "lease_until" TIMESTAMP WITH TIME ZONE, "lease_id" uuid, "last_attempt_at" TIMESTAMP WITH TIME ZONE, "last_status_code" integer, "last_error" character varying(500), "delivered_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_535dd409947fb6d8fc6dfc0112a" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_webhook_deliveries_endpoint_created" ON "webhook_deliveries"  ("endpoint_id", "created_at") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_webhook_deliveries_event_endpoint" ON "webhook_deliveries"  ("event_id", "endpoint_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "webhook_attempts" ("id" uuid NOT NULL, "delivery_id" uuid NOT NULL, "attempted_at" TIMESTAMP WITH TIME ZONE NOT NULL, "outcome" character varying(24) NOT NULL, "status_code" integer, "latency_ms" integer NOT NULL, "response_excerpt" text, "error" character varying(500), "next_attempt_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_2de7e7887ad97de459adab62638" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_webhook_attempts_delivery" ON "webhook_attempts"  ("delivery_id", "attempted_at") `);
    await queryRunner.query(
      `ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "fk_webhook_endpoints_partner" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "fk_webhook_deliveries_event" FOREIGN KEY ("event_id") REFERENCES "webhook_events"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "fk_webhook_deliveries_endpoint" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_attempts" ADD CONSTRAINT "fk_webhook_attempts_delivery" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_webhook_deliveries_due" ON "webhook_deliveries" ("next_attempt_at", "event_seq") WHERE status = 'PENDING'`,
    );
    await queryRunner.query(OUTBOX_SQL);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER trg_lead_as_requests_webhooks ON lead_as_requests`);
    await queryRunner.query(`DROP TRIGGER trg_orders_webhooks ON orders`);
    await queryRunner.query(`DROP TRIGGER trg_lead_assignments_webhooks ON lead_assignments`);
    await queryRunner.query(`DROP FUNCTION webhook_lead_as_outbox(), webhook_orders_outbox(), webhook_lead_assignments_outbox()`);
    await queryRunner.query(`DROP FUNCTION webhook_enqueue(text, int, uuid, uuid, text)`);
    await queryRunner.query(`DROP INDEX "public"."idx_webhook_deliveries_due"`);
    await queryRunner.query(`ALTER TABLE "webhook_attempts" DROP CONSTRAINT "fk_webhook_attempts_delivery"`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "fk_webhook_deliveries_endpoint"`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "fk_webhook_deliveries_event"`);
    await queryRunner.query(`ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "fk_webhook_endpoints_partner"`);
    await queryRunner.query(`DROP INDEX "public"."idx_webhook_attempts_delivery"`);
    await queryRunner.query(`DROP TABLE "webhook_attempts"`);
    await queryRunner.query(`DROP INDEX "public"."uq_webhook_deliveries_event_endpoint"`);
    await queryRunner.query(`DROP INDEX "public"."idx_webhook_deliveries_endpoint_created"`);
    await queryRunner.query(`DROP TABLE "webhook_deliveries"`);
    await queryRunner.query(`DROP INDEX "public"."idx_webhook_events_occurred"`);
    await queryRunner.query(`DROP INDEX "public"."uq_webhook_events_seq"`);
    await queryRunner.query(`DROP TABLE "webhook_events"`);
    await queryRunner.query(`DROP INDEX "public"."idx_webhook_endpoints_partner"`);
    await queryRunner.query(`DROP TABLE "webhook_endpoints"`);
  }
}
