import { Injectable } from '@nestjs/common';
import { settleIdempotentAnswer, uuidv7 } from '#platform';
import {
  OrderStatus,
  toPagination,
  WebhookEventType,
  type CreateOrderRequest,
  type ListOrdersQueryDto,
  type OrderDto,
  type OrdersListWithSummaryResponse,
} from '#contracts';
import { AllocationService } from '../allocation/allocation.service.js';
import { ProductsService } from '../products/products.service.js';
import { WebhookOutboxService } from '../webhooks/webhook-outbox.service.js';
import { Order } from './entities/order.entity.js';
import { OrderErrors } from './orders.errors.js';
import { toOrderResponse } from './order-response.js';
import { OrdersRepository } from './orders.repository.js';

const CANCELLABLE: readonly OrderStatus[] = [OrderStatus.Pending, OrderStatus.InProgress];

@Injectable()
export class OrdersService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly allocation: AllocationService,
    private readonly products: ProductsService,
    private readonly outbox: WebhookOutboxService,
  ) {}

  /**
   * Places an order and, unless it is reserved for later, lets it take at once the leads already
   * waiting in the pool for its product and regions, in the same transaction.
   */
  async create(partnerId: number, input: CreateOrderRequest): Promise<OrderDto> {
    const product = await this.products.find(input.productId);
    if (!product || !product.active) throw OrderErrors.productUnavailable(input.productId);
    const seen = new Set<string>();
    input.regionQuantities.forEach((entry, index) => {
      if (seen.has(entry.region)) throw OrderErrors.duplicateRegion(index);
      seen.add(entry.region);
    });

    const id = uuidv7();
    const now = new Date();
    const reservationDate = input.reservationDate ? new Date(input.reservationDate) : now;
    const due = reservationDate <= now;
    // The answer to an Idempotency-Key commits with the order (settleIdempotentAnswer).
    return this.orders.transaction(async (tx) => {
      const order = Object.assign(new Order(), {
        id,
        productId: product.id,
        partnerId,
        ordererName: input.ordererName,
        ordererContact: input.ordererContact,
        regionMemo: input.regionMemo ?? null,
        memo: input.memo ?? null,
        status: OrderStatus.Pending,
        reservationDate,
        activatedAt: due ? now : null,
        cancelMemo: null,
      });
      await this.orders.insert(tx, order, input.regionQuantities);
      if (due) await this.allocation.fillFromPool(tx, id);
      const answer = toOrderResponse((await this.orders.findOwned(partnerId, id, tx))!);
      await settleIdempotentAnswer(tx, answer);
      return answer;
    });
  }

  async get(partnerId: number, id: string): Promise<OrderDto> {
    const row = await this.orders.findOwned(partnerId, id);
    if (!row) throw OrderErrors.notFound(id);
    return toOrderResponse(row);
  }

  /** Orders as `GET /api/v1/orders/{id}` shows them to their partner, in one query; unknown ids are left out. */
  async findMany(ids: string[]): Promise<Map<string, OrderDto>> {
    const rows = await this.orders.findByIds(ids);
    return new Map(rows.map((row) => [row.id, toOrderResponse(row)]));
  }

  async list(partnerId: number, query: ListOrdersQueryDto): Promise<OrdersListWithSummaryResponse> {
    const { rows, total, summary } = await this.orders.list({
      partnerId,
      status: query.status,
      productId: query.productId,
      createdFrom: query.createdFrom,
      createdTo: query.createdTo,
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    });
    const counts = Object.fromEntries(Object.values(OrderStatus).map((status) => [status, 0])) as Record<OrderStatus, number>;
    for (const entry of summary) counts[entry.status] = entry.orders;
    return {
      data: rows.map(toOrderResponse),
      pagination: toPagination(query, total),
      summary: {
        counts,
        orderedQuantity: summary.reduce((sum, entry) => sum + entry.ordered, 0),
        deliveredQuantity: summary.reduce((sum, entry) => sum + entry.delivered, 0),
      },
    };
  }

  /** Cancels a pending or in-progress order: what is undelivered is dropped, delivered leads stay. */
  async cancel(partnerId: number, id: string, memo: string | null): Promise<OrderDto> {
    // The answer to an Idempotency-Key commits with the order (settleIdempotentAnswer).
    return this.orders.transaction(async (tx) => {
      const order = await this.orders.lockOwned(tx, partnerId, id);
      if (!order) throw OrderErrors.notFound(id);
      if (!CANCELLABLE.includes(order.status)) throw OrderErrors.notCancellable(order.status);
      await this.orders.cancel(tx, id, memo);
      await this.outbox.record(tx, [{ type: WebhookEventType.OrderCancelled, partnerId, subjectId: id, status: OrderStatus.Cancelled }]);
      const answer = toOrderResponse((await this.orders.findOwned(partnerId, id, tx))!);
      await settleIdempotentAnswer(tx, answer);
      return answer;
    });
  }
}
