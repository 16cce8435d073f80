import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { uuidv7 } from '#platform';
import { OrderStatus } from '#contracts';
import { AssignmentKind } from './entities/lead-assignment.entity.js';

const OPEN = `('${OrderStatus.Pending}', '${OrderStatus.InProgress}')`;

/**
 * The SQL of allocation when an order takes leads waiting in the pool (at creation, when its
 * reservation comes, when it is owed a replacement). A new lead is allocated as it is registered,
 * by the database function `register_leads_v2` (LeadsRepository.registerBatch), on the same rules:
 * oldest order first, order row locked, conditional region update. Exactness rests on two things: a region's `delivered` only grows through
 * `UPDATE … WHERE delivered < quantity` (the row lock re-checks it after a concurrent update), and
 * pool leads are picked with `FOR UPDATE SKIP LOCKED`, so two fills never take the same lead. The
 * order row is locked (FOR NO KEY UPDATE) while a slot is taken, which orders allocation against
 * cancellation.
 */
@Injectable()
export class AllocationRepository {
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
      const partnerId = await this.takeSlots(tx, orderId, region.region, picked.length);
      if (partnerId === null) continue;
      await this.assign(
        tx,
        picked.map((lead) => lead.id),
        orderId,
        partnerId,
      );
      taken += picked.length;
    }
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
        WHERE l.id = $1 AND o.status <> '${OrderStatus.Cancelled}'
          FOR NO KEY UPDATE OF o`,
      [leadId],
    );
    if (!order) return null;
    await tx.query(`UPDATE order_regions SET quantity = quantity + 1 WHERE order_id = $1 AND region = $2`, [order.id, order.region]);
    await tx.query(
      `UPDATE orders SET status = '${OrderStatus.InProgress}', updated_at = now() WHERE id = $1 AND status = '${OrderStatus.Completed}'`,
      [order.id],
    );
    await this.fillFromPool(tx, order.id);
    return order.id;
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

  async markActivated(tx: EntityManager, orderId: string): Promise<void> {
    await tx.query(`UPDATE orders SET activated_at = now() WHERE id = $1`, [orderId]);
  }

  /**
   * Takes `count` slots of the order's region if the order is open and the region owes that many;
   * returns the order's partner, or null when it cannot. Moves the order's status on.
   */
  private async takeSlots(tx: EntityManager, orderId: string, region: string, count: number): Promise<number | null> {
    const [order] = await tx.query<Array<{ partnerId: number }>>(
      `SELECT partner_id AS "partnerId" FROM orders WHERE id = $1 AND status IN ${OPEN} FOR NO KEY UPDATE`,
      [orderId],
    );
    if (!order) return null;
    const [, affected] = await tx.query<[unknown[], number]>(
      `UPDATE order_regions SET delivered = delivered + $3 WHERE order_id = $1 AND region = $2 AND delivered + $3 <= quantity`,
      [orderId, region, count],
    );
    if (affected !== 1) return null;
    await tx.query(
      `UPDATE orders SET updated_at = now(), status = CASE
          WHEN EXISTS (SELECT 1 FROM order_regions WHERE order_id = $1 AND delivered < quantity) THEN '${OrderStatus.InProgress}'
          ELSE '${OrderStatus.Completed}' END
        WHERE id = $1`,
      [orderId],
    );
    return order.partnerId;
  }

  /** Hands the leads to the order's partner and records each hand-over; returns the new assignment ids. */
  private async assign(tx: EntityManager, leadIds: string[], orderId: string, partnerId: number): Promise<string[]> {
    const assignmentIds = leadIds.map(() => uuidv7());
    await tx.query(
      `UPDATE leads l SET partner_id = $2, order_id = $3, assignment_id = a.assignment_id,
              assigned_at = now(), last_distributed_at = now(), updated_at = now()
         FROM unnest($1::uuid[], $4::uuid[]) AS a(lead_id, assignment_id)
        WHERE l.id = a.lead_id`,
      [leadIds, partnerId, orderId, assignmentIds],
    );
    await this.recordAssignments(tx, leadIds, assignmentIds, AssignmentKind.Order, orderId, null, partnerId);
    return assignmentIds;
  }

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
  }
}
