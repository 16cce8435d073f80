import { OrderStatus } from '#contracts';
import { sqlFileText } from '#platform';
import { AssignmentKind } from '../../src/allocation/entities/lead-assignment.entity.js';
import { OPEN_ORDER_STATUSES, sqlStatuses } from '../../src/allocation/order-statuses.js';
import { ALLOCATION_SQL } from '../../src/allocation/sql/allocation-sql.js';
import { ORDERS_SQL } from '../../src/orders/sql/orders-sql.js';

// Shipped versions are pinned by hash in sql-files.spec.ts; here, that the allocation rule's SQL
// names statuses and kinds as the TypeScript declares them.
const FILES: Record<string, URL> = { ...ALLOCATION_SQL, ...ORDERS_SQL };
const versions = Object.keys(FILES);

describe("the allocation rule's SQL functions", () => {
  it.each(versions)('%s names open orders as OPEN_ORDER_STATUSES and only statuses and kinds the TypeScript declares', (version) => {
    const sql = sqlFileText(FILES[version]!);
    const openLists = [...sql.matchAll(/status IN (\([^)]*\))/g)].map((match) => match[1]);
    // The functions that pick orders name the open ones; the others name none (v5 picks through v4, which it calls).
    if (/^(registerLeads|takeOrderSlots)/.test(version) && version !== 'registerLeadsV5') expect(openLists.length).toBeGreaterThan(0);
    for (const list of openLists) expect(list).toBe(sqlStatuses(OPEN_ORDER_STATUSES));
    const declared = new Set<string>([...Object.values(OrderStatus), ...Object.values(AssignmentKind)]);
    const literals = [...sql.matchAll(/'([A-Z_]+)'/g)].map((match) => match[1]!);
    expect(literals.filter((literal) => !declared.has(literal))).toEqual([]);
  });
});
