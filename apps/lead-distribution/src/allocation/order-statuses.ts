import { OrderStatus } from '#contracts';

/**
 * The statuses of an order that still takes leads. OrderStatus (#contracts) is the one declaration
 * of the statuses, for the entity, the API and the SQL written here; the functions in sql/ (and
 * orders/sql/) and the partial index idx_orders_open name the same values as literals
 * (test/unit/allocation-sql.spec.ts compares them).
 */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = [OrderStatus.Pending, OrderStatus.InProgress];

/**
 * A status as a SQL literal. Allocation's statements name statuses as literals, not parameters, so
 * that the planner matches them to the partial index idx_orders_open.
 */
export function sqlStatus(status: OrderStatus): string {
  return `'${status}'`;
}

/** A list of statuses as a SQL list: `('PENDING', 'IN_PROGRESS')`. */
export function sqlStatuses(statuses: readonly OrderStatus[]): string {
  return `(${statuses.map(sqlStatus).join(', ')})`;
}
