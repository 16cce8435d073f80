import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { OrderStatus } from '#contracts';
import { AssignmentKind } from '../../src/allocation/entities/lead-assignment.entity.js';
import { OPEN_ORDER_STATUSES, sqlStatuses } from '../../src/allocation/order-statuses.js';
import { ALLOCATION_SQL, allocationSql } from '../../src/allocation/sql/allocation-sql.js';

/**
 * The SHA-256 of every shipped version: a migration installed it, so its file never changes (a
 * change is a new file and a new migration: src/allocation/sql/README.md).
 */
const SHIPPED: Record<keyof typeof ALLOCATION_SQL, string> = {
  registerLeadsV1: '128f70179b04c81f18dbb911ed2ea699614428b5c7a36170ef3070522eea040e',
  registerLeadsV2: '213e3bc6ac84157a6b63a5ef1d4c85a90e4d3e990a21f18b885b6c5fdd4ed5c0',
};

const versions = Object.keys(ALLOCATION_SQL) as Array<keyof typeof ALLOCATION_SQL>;

describe("allocation's SQL functions", () => {
  it.each(versions)('a shipped version is frozen: %s is byte for byte what its migration installed', (version) => {
    expect(createHash('sha256').update(readFileSync(ALLOCATION_SQL[version])).digest('hex')).toBe(SHIPPED[version]);
  });

  it.each(versions)('%s is one CREATE FUNCTION statement', (version) => {
    const sql = allocationSql(version).replace(/^--.*\n/gm, '');
    expect(sql).toMatch(/^CREATE FUNCTION \w+\(/);
    expect(sql.trimEnd()).toMatch(/\$fn\$;$/);
  });

  it.each(versions)('%s names open orders as OPEN_ORDER_STATUSES and only statuses and kinds the TypeScript declares', (version) => {
    const sql = allocationSql(version);
    const openLists = [...sql.matchAll(/status IN (\([^)]*\))/g)].map((match) => match[1]);
    expect(openLists.length).toBeGreaterThan(0);
    for (const list of openLists) expect(list).toBe(sqlStatuses(OPEN_ORDER_STATUSES));
    const declared = new Set<string>([...Object.values(OrderStatus), ...Object.values(AssignmentKind)]);
    const literals = [...sql.matchAll(/'([A-Z_]+)'/g)].map((match) => match[1]!);
    expect(literals.filter((literal) => !declared.has(literal))).toEqual([]);
  });
});
