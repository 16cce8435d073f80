import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { OrderStatus } from '#contracts';
import { pageAndCount } from '#platform';
import { OrderRegion } from './entities/order-region.entity.js';
import { Order } from './entities/order.entity.js';

export interface OrderRow extends Order {
  providerId: string;
  regionRows: Array<{ region: string; quantity: number; delivered: number }>;
}

export interface OrderFilter {
  partnerId: number;
  status?: OrderStatus;
  productId?: string;
  createdFrom?: string;
  createdTo?: string;
  offset: number;
  limit: number;
}

export interface OrderSummaryRow {
  status: OrderStatus;
  orders: number;
  ordered: number;
  delivered: number;
}

const ORDER_COLUMNS = `o.id, o.product_id AS "productId", p.provider_id AS "providerId", o.partner_id AS "partnerId",
  o.orderer_name AS "ordererName", o.orderer_contact AS "ordererContact", o.region_memo AS "regionMemo", o.memo, o.status,
  o.reservation_date AS "reservationDate", o.activated_at AS "activatedAt", o.cancel_memo AS "cancelMemo",
  o.created_at AS "createdAt", o.updated_at AS "updatedAt",
  (SELECT json_agg(json_build_object('region', r.region, 'quantity', r.quantity, 'delivered', r.delivered) ORDER BY r.region)
     FROM order_regions r WHERE r.order_id = o.id) AS "regionRows"`;

@Injectable()
export class OrdersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async insert(tx: EntityManager, order: Order, regions: Array<{ region: string; quantity: number }>): Promise<void> {
    await tx.getRepository(Order).insert(order as QueryDeepPartialEntity<Order>);
    await tx
      .getRepository(OrderRegion)
      .insert(regions.map((region) => ({ orderId: order.id, region: region.region, quantity: region.quantity, delivered: 0 })));
  }

  async findOwned(partnerId: number, id: string, tx?: EntityManager): Promise<OrderRow | null> {
    const rows = await (tx ?? this.dataSource).query<OrderRow[]>(
      `SELECT ${ORDER_COLUMNS} FROM orders o JOIN products p ON p.id = o.product_id WHERE o.id = $1 AND o.partner_id = $2`,
      [id, partnerId],
    );
    return rows[0] ?? null;
  }

  findByIds(ids: string[]): Promise<OrderRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.dataSource.query<OrderRow[]>(
      `SELECT ${ORDER_COLUMNS} FROM orders o JOIN products p ON p.id = o.product_id WHERE o.id = ANY($1::uuid[])`,
      [ids],
    );
  }

  async list(filter: OrderFilter): Promise<{ rows: OrderRow[]; total: number; summary: OrderSummaryRow[] }> {
    const params: unknown[] = [filter.partnerId];
    const add = (value: unknown) => `$${params.push(value)}`;
    const base = ['o.partner_id = $1'];
    if (filter.productId) base.push(`o.product_id = ${add(filter.productId)}`);
    if (filter.createdFrom) base.push(`o.created_at >= ${add(filter.createdFrom)}`);
    if (filter.createdTo) base.push(`o.created_at < ${add(filter.createdTo)}`);
    const summaryWhere = base.join(' AND ');
    const summaryParams = [...params];
    if (filter.status) base.push(`o.status = ${add(filter.status)}`);
    const where = base.join(' AND ');
    const [page, summary] = await Promise.all([
      pageAndCount<OrderRow>(this.dataSource, {
        select: `SELECT ${ORDER_COLUMNS} FROM orders o JOIN products p ON p.id = o.product_id WHERE ${where} ORDER BY o.created_at DESC, o.id DESC`,
        count: `SELECT count(*) AS total FROM orders o WHERE ${where}`,
        params,
        limit: filter.limit,
        offset: filter.offset,
      }),
      // The summary covers every status, whatever the status filter.
      this.dataSource.query<OrderSummaryRow[]>(
        `SELECT o.status, count(DISTINCT o.id)::int AS orders, coalesce(sum(r.quantity), 0)::int AS ordered, coalesce(sum(r.delivered), 0)::int AS delivered
           FROM orders o JOIN order_regions r ON r.order_id = o.id WHERE ${summaryWhere} GROUP BY o.status`,
        summaryParams,
      ),
    ]);
    return { ...page, summary };
  }

  /** Locks the partner's order for a status change. */
  async lockOwned(tx: EntityManager, partnerId: number, id: string): Promise<{ status: OrderStatus } | null> {
    const rows = await tx.query<Array<{ status: OrderStatus }>>(`SELECT status FROM orders WHERE id = $1 AND partner_id = $2 FOR UPDATE`, [
      id,
      partnerId,
    ]);
    return rows[0] ?? null;
  }

  async cancel(tx: EntityManager, id: string, memo: string | null): Promise<void> {
    await tx.query(`UPDATE orders SET status = $2, cancel_memo = $3, updated_at = now() WHERE id = $1`, [id, OrderStatus.Cancelled, memo]);
  }
}
