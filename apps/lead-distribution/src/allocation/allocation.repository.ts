import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { uuidv7 } from '#platform';
import { OrderStatus, WebhookEventType } from '#contracts';
import { WebhookOutboxService } from '../webhooks/webhook-outbox.service.js';
import { AssignmentKind } from './entities/lead-assignment.entity.js';
import type { LeadHandOver } from './lead-hand-over.js';
import type { LeadReplacement } from './lead-replacement.js';
import type { NewLead, RegisteredLead } from './lead-registration.js';
import { OPEN_ORDER_STATUSES, sqlStatus, sqlStatuses } from './order-statuses.js';

const OPEN = sqlStatuses(OPEN_ORDER_STATUSES);

/**
 * The SQL of allocation, private to AllocationModule (AllocationService is the way in). A new lead
 * is allocated as it is registered, by the database function `register_leads_v5`
 * (sql/register_leads.v4.sql, `registerLeads`); the methods below allocate when an order takes
 * leads waiting in the pool (at creation, when its reservation comes, when it is owed a
 * replacement), on the same rules: oldest order first, order row locked, conditional region update.
 * Exactness rests on two things: a region's `delivered` only grows through
 * `UPDATE … WHERE delivered < quantity` (the row lock re-checks it after a concurrent update), and
 * pool leads are picked with `FOR UPDATE SKIP LOCKED`, so two fills never take the same lead. The
 * order row is locked (FOR NO KEY UPDATE) while a slot is taken, which orders allocation against
 * cancellation.
 */
@Injectable()
export class AllocationRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: WebhookOutboxService,
  ) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * Registers leads and allocates them in one statement (one round trip, its own transaction):
   * `register_leads_v5` (v4's rule, with each created lead's access record) skips duplicates (the same phone for the same product within `windowDays`,
   * or earlier in the batch), gives each lead without a named partner to the oldest open due order
   * with room in its region, inserts the leads and records each delivery. All of it or nothing.
   * Returns one result per lead, in order. `inSameTransaction` (the answers to the requests'
   * Idempotency-Keys) commits with the leads, or rolls them back by throwing.
   */
  async registerLeads(
    leads: NewLead[],
    windowDays: number,
    inSameTransaction?: (tx: EntityManager, results: RegisteredLead[]) => Promise<void>,
  ): Promise<RegisteredLead[]> {
    if (leads.length === 0) return [];
    if (!inSameTransaction) return this.callRegisterLeads(this.dataSource.manager, leads, windowDays);
    return this.dataSource.transaction(async (tx) => {
      const results = await this.callRegisterLeads(tx, leads, windowDays);
      await inSameTransaction(tx, results);
      return results;
    });
  }

  private async callRegisterLeads(manager: EntityManager, leads: NewLead[], windowDays: number): Promise<RegisteredLead[]> {
    const column = <K extends keyof NewLead>(key: K) => leads.map((lead) => lead[key]);
    const rows = await manager.query<
      Array<{ ord: number; created: boolean; partner_id: number | null; order_id: string | null; created_at: Date }>
    >(
      `SELECT ord, created, partner_id, order_id, created_at
         FROM register_leads_v5($1::uuid[], $2::uuid[], $3::integer[], $4::uuid[], $5::text[], $6::text[], $7::bytea[], $8::text[],
                                $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[], $16::text[],
                                $17::text[], $18::jsonb[], $19::text[], $20::integer, $21::jsonb)`,
      [
        column('id'),
        column('productId'),
        column('partnerId'),
        column('assignmentId'),
        column('name'),
        column('maskedName'),
        column('phoneCiphertext'),
        column('phoneKeyId'),
        column('phonePrefix'),
        column('phoneLast4'),
        column('phoneHash'),
        column('email'),
        column('region'),
        column('address'),
        column('birthDate'),
        column('gender'),
        column('memo'),
        leads.map((lead) => (lead.metadata === null ? null : JSON.stringify(lead.metadata))),
        column('searchText'),
        windowDays,
        leads.some((lead) => lead.accessRecord) ? JSON.stringify(leads.map((lead) => lead.accessRecord ?? null)) : null,
      ],
    );
    return rows
      .sort((a, b) => a.ord - b.ord)
      .map((row) => ({ created: row.created, partnerId: row.partner_id, orderId: row.order_id, createdAt: row.created_at }));
  }

  /**
   * Gives an open, due order the leads waiting in the pool for its product and regions, oldest
   * first, up to what each region still owes. Returns how many leads it took.
   */
  async fillFromPool(tx: EntityManager, orderId: string): Promise<number> {
    const regions = await tx.query<Array<{ region: string; owed: number; productId: string; partnerId: number }>>(
      `SELECT r.region, r.quantity - r.delivered AS owed, o.product_id AS "productId", o.partner_id AS "partnerId"
         FROM orders o JOIN order_regions r ON r.order_id = o.id
        WHERE o.id = $1 AND o.status IN ${OPEN} AND o.reservation_date <= now() AND r.delivered < r.quantity`,
      [orderId],
    );
    let taken = 0;
    for (const region of regions) {
      const picked = await tx.query<Array<{ id: string }>>(
        `SELECT id FROM leads
          WHERE product_id = $1 AND region = $2 AND partner_id IS NULL AND returned_at IS NULL
          ORDER BY created_at, id
          LIMIT $3
            FOR UPDATE SKIP LOCKED`,
        [region.productId, region.region, region.owed],
      );
      if (picked.length === 0) continue;
      const took = await this.takeSlots(tx, orderId, region.region, picked.length);
      if (took === null) continue;
      await this.assign(
        tx,
        picked.slice(0, took.taken).map((lead) => lead.id),
        orderId,
        took.partnerId,
      );
      taken += took.taken;
    }
    // Told after the hand-overs that completed it (orders/sql/record_order_completions.v1.sql).
    if (taken > 0) await tx.query(`SELECT record_order_completions_v1(ARRAY[$1::uuid])`, [orderId]);
    return taken;
  }

  /**
   * An approved AS request on a lead an order delivered: the order owes one more lead in that
   * region (a completed order is open again), and takes one from the pool at once if one waits.
   * Cancelled orders owe nothing. Returns the order id, or null.
   */
  async oweReplacement(tx: EntityManager, leadId: string): Promise<string | null> {
    const [order] = await tx.query<Array<{ id: string; region: string }>>(
      `SELECT o.id, l.region FROM leads l JOIN orders o ON o.id = l.order_id
        WHERE l.id = $1 AND o.status <> ${sqlStatus(OrderStatus.Cancelled)}
          FOR NO KEY UPDATE OF o`,
      [leadId],
    );
    if (!order) return null;
    // Orders' function (orders/sql/owe_order_lead.v1.sql): the region owes one more, a completed order is open again.
    await tx.query(`SELECT owe_order_lead_v1($1::uuid, $2::text)`, [order.id, order.region]);
    await this.fillFromPool(tx, order.id);
    return order.id;
  }

  /**
   * What a returned lead made its order owe, read from the order's history: the returns of the
   * order's region that added a slot (all of them, except those after the order was cancelled: a
   * cancelled order is never written again, so its updated_at is when it was cancelled) come after
   * the region's original quantity, in the order they were returned, and the n-th of them is owed
   * the region's (original quantity + n)-th delivery (slots are interchangeable: that delivery is the
   * one the n-th return made possible). Null when no order owed anything for this lead. The times
   * compared are transactions' start times: an approval whose transaction began before a cancellation
   * of the same order but locked the order after it may be counted among the returns that added a
   * slot when it added none, and attributed one delivery off. What it answers is shown to operators
   * only; nothing is decided on it.
   */
  async replacementFor(leadId: string): Promise<LeadReplacement | null> {
    const [row] = await this.dataSource.query<
      Array<{ orderId: string; orderStatus: OrderStatus; leadId: string | null; deliveredAt: Date | null }>
    >(
      `WITH owing_order AS (
         SELECT o.id, o.status, o.updated_at, r.region, r.quantity
           FROM leads l JOIN orders o ON o.id = l.order_id JOIN order_regions r ON r.order_id = o.id AND r.region = l.region
          WHERE l.id = $1 AND l.returned_at IS NOT NULL
       ), deliveries AS (
         SELECT a.lead_id, a.created_at, l.returned_at, row_number() OVER (ORDER BY a.created_at, a.id) AS n
           FROM owing_order o
           JOIN lead_assignments a ON a.order_id = o.id AND a.kind = '${AssignmentKind.Order}'
           JOIN leads l ON l.id = a.lead_id AND l.region = o.region
       ), returns AS (
         SELECT d.lead_id, row_number() OVER (ORDER BY d.returned_at, d.lead_id) AS n
           FROM deliveries d, owing_order o
          WHERE d.returned_at IS NOT NULL AND (o.status <> ${sqlStatus(OrderStatus.Cancelled)} OR d.returned_at <= o.updated_at)
       )
       SELECT o.id AS "orderId", o.status AS "orderStatus", d.lead_id AS "leadId", d.created_at AS "deliveredAt"
         FROM owing_order o
         JOIN returns x ON x.lead_id = $1
         LEFT JOIN deliveries d ON d.n = o.quantity - (SELECT count(*) FROM returns) + x.n`,
      [leadId],
    );
    return row ? { orderId: row.orderId, orderStatus: row.orderStatus, leadId: row.leadId, deliveredAt: row.deliveredAt } : null;
  }

  /**
   * Orders whose reservation time has come and that have not yet taken the pool, locked for this
   * transaction. A due order may already be IN_PROGRESS: a new lead can reach it before the poller.
   */
  async lockDueReservations(tx: EntityManager, limit: number): Promise<string[]> {
    const rows = await tx.query<Array<{ id: string }>>(
      `SELECT id FROM orders WHERE status IN ${OPEN} AND activated_at IS NULL AND reservation_date <= now()
        ORDER BY reservation_date, created_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    );
    return rows.map((row) => row.id);
  }

  /** Orders' function (orders/sql/mark_order_activated.v1.sql): the order has taken the pool once its time came. */
  async markActivated(tx: EntityManager, orderId: string): Promise<void> {
    await tx.query(`SELECT mark_order_activated_v1($1::uuid)`, [orderId]);
  }

  /**
   * Takes up to `count` slots of the order's region, by orders' SQL function `take_order_slots_v1`
   * (orders/sql/take_order_slots.v1.sql: the same rule register_leads_v4 asks): the order is locked
   * and must be open, the region gives what it still owes, the order's status moves on. Returns the
   * order's partner and how many slots it took, or null when it took none.
   */
  private async takeSlots(
    tx: EntityManager,
    orderId: string,
    region: string,
    count: number,
  ): Promise<{ partnerId: number; taken: number } | null> {
    const [took] = await tx.query<Array<{ partnerId: number; taken: number }>>(
      `SELECT partner_id AS "partnerId", taken FROM take_order_slots_v1($1::uuid, ARRAY[$2::text], ARRAY[$3::integer])`,
      [orderId, region, count],
    );
    return took ?? null;
  }

  /**
   * Hands the leads to the order's partner, by leads' function (leads/sql/assign_leads.v1.sql), and
   * records each hand-over; returns the new assignment ids.
   */
  private async assign(tx: EntityManager, leadIds: string[], orderId: string, partnerId: number): Promise<string[]> {
    const assignmentIds = leadIds.map(() => uuidv7());
    await tx.query(`SELECT assign_leads_v1($1::uuid[], $2::uuid[], $3::uuid, $4::integer)`, [leadIds, assignmentIds, orderId, partnerId]);
    await this.recordAssignments(tx, leadIds, assignmentIds, AssignmentKind.Order, orderId, null, partnerId);
    return assignmentIds;
  }

  /** The hand-overs `ids` (rows of `lead_assignments`), times as ISO 8601 strings with milliseconds. */
  findHandOvers(ids: string[]): Promise<LeadHandOver[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.dataSource.query<LeadHandOver[]>(
      `SELECT id, lead_id AS "leadId", kind, order_id AS "orderId", from_partner_id AS "fromPartnerId", to_partner_id AS "toPartnerId",
              to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
         FROM lead_assignments WHERE id = ANY($1::uuid[])`,
      [ids],
    );
  }

  /**
   * Records hand-overs in the lead's history, and tells each in the outbox, in the caller's
   * transaction: `lead.recalled` to the partner a lead is taken back from, `lead.assigned` to the one
   * it is given to.
   */
  async recordAssignments(
    tx: EntityManager,
    leadIds: string[],
    assignmentIds: string[],
    kind: AssignmentKind,
    orderId: string | null,
    fromPartnerId: number | null,
    toPartnerId: number,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO lead_assignments (id, lead_id, kind, order_id, from_partner_id, to_partner_id)
       SELECT a.id, a.lead_id, $3, $4, $5, $6 FROM unnest($1::uuid[], $2::uuid[]) AS a(id, lead_id)`,
      [assignmentIds, leadIds, kind, orderId, fromPartnerId, toPartnerId],
    );
    const recall = kind === AssignmentKind.Recall;
    await this.outbox.record(
      tx,
      leadIds.map((leadId, i) => ({
        type: recall ? WebhookEventType.LeadRecalled : WebhookEventType.LeadAssigned,
        partnerId: recall ? fromPartnerId! : toPartnerId,
        subjectId: leadId,
        assignmentId: assignmentIds[i]!,
      })),
    );
  }
}
