import { foreignWrites, ownerOf, readOwners, tableWrites, writesIn } from './support/table-owners.js';

// One owner per table (docs/decisions/table-owners.md): the folder holding a table's entity owns it,
// and only its code, TypeScript or its sql/ functions, writes it; another feature asks the owner's
// service (a method named for the state change) or calls the owner's SQL function.

const owners = readOwners();
const writes = tableWrites(owners);

describe('one owner per table', () => {
  it('reads the writes of every kind of source: statements, the repository API, sql/ functions and triggers', () => {
    const seen = (file: string, table: string) => writes.some((write) => write.file.endsWith(file) && write.table === table);
    expect(seen('leads/leads.repository.ts', 'leads')).toBe(true);
    expect(seen('verifications/verifications.repository.ts', 'customer_verifications')).toBe(true);
    expect(seen('leads/sql/lead_list_counts_delta.v1.sql', 'lead_list_counts')).toBe(true);
    expect(seen('webhooks/sql/webhook_enqueue.v1.sql', 'webhook_deliveries')).toBe(true);
    expect(seen('libs/platform/src/idempotency/idempotency.interceptor.ts', 'idempotency_records')).toBe(true);
    expect(seen('libs/platform/src/background/attempt-log.ts', 'background_attempts')).toBe(true);
  });

  it('holds the attempt log a platform table: both services have it, and only AttemptLog writes it', () => {
    expect(ownerOf(owners, 'apps/lead-distribution/src/webhooks/webhooks.repository.ts', 'background_attempts')).toBe('libs/platform');
    expect(ownerOf(owners, 'apps/coverage-claims/src/claims/claims-erasure.ts', 'background_attempts')).toBe('libs/platform');
    expect([...new Set(writes.filter((write) => write.table === 'background_attempts').map((write) => write.file))]).toEqual([
      'libs/platform/src/background/attempt-log.ts',
    ]);
    const planted = {
      'apps/lead-distribution/src/webhooks/probe.repository.ts':
        "export const a = (tx) => tx.query(`DELETE FROM background_attempts WHERE work = 'webhook-delivery'`);\n",
    };
    expect(foreignWrites(owners, writesIn(owners, Object.entries(planted)))).toEqual([
      'apps/lead-distribution/src/webhooks/probe.repository.ts: DELETE background_attempts, owned by libs/platform/ (written by apps/lead-distribution/src/webhooks/)',
    ]);
  });

  it('no feature writes a table another one owns', () => {
    expect(foreignWrites(owners, writes)).toEqual([]);
  });

  it("fails a write of another feature's table, in a statement, through the repository API or in a sql/ function", () => {
    const planted = {
      'apps/lead-distribution/src/distribution/probe.repository.ts':
        "export const a = (tx) => tx.query(`UPDATE orders SET status = 'CANCELLED' WHERE id = $1`, [1]);\n" +
        "export const b = (tx) => tx.getRepository(Lead).update({ id: '1' }, { memo: null });\n" +
        'export const c = (tx) => tx.createQueryBuilder().insert().into(LeadAssignment).values([]).execute();\n',
      'apps/lead-distribution/src/lead-as/sql/probe.v1.sql':
        'CREATE FUNCTION probe_v1() RETURNS void LANGUAGE sql AS $fn$ WITH x AS (SELECT 1) DELETE FROM "leads" WHERE false $fn$;',
    };
    expect(foreignWrites(owners, writesIn(owners, Object.entries(planted)))).toEqual([
      'apps/lead-distribution/src/distribution/probe.repository.ts: UPDATE orders, owned by apps/lead-distribution/src/orders/ (written by apps/lead-distribution/src/distribution/)',
      'apps/lead-distribution/src/distribution/probe.repository.ts: Lead.update() leads, owned by apps/lead-distribution/src/leads/ (written by apps/lead-distribution/src/distribution/)',
      'apps/lead-distribution/src/distribution/probe.repository.ts: LeadAssignment.into() lead_assignments, owned by apps/lead-distribution/src/allocation/ (written by apps/lead-distribution/src/distribution/)',
      'apps/lead-distribution/src/lead-as/sql/probe.v1.sql: DELETE leads, owned by apps/lead-distribution/src/leads/ (written by apps/lead-distribution/src/lead-as/)',
    ]);
  });

  it('passes a row lock, an upsert, a trigger event, prose, and a name a statement defines for itself', () => {
    const allowed = {
      'apps/lead-distribution/src/leads/probe.repository.ts':
        'export const a = (tx) => tx.query(`WITH moved AS (UPDATE leads SET memo = NULL RETURNING id) SELECT o.id FROM orders o WHERE o.id IN (SELECT id FROM moved) FOR NO KEY UPDATE OF o`);\n' +
        'export const b = (tx) => tx.query(`INSERT INTO leads (id) VALUES ($1) ON CONFLICT (id) DO UPDATE SET memo = NULL`);\n' +
        "export const c = 'AFTER UPDATE OF status ON orders FOR EACH ROW; FOR UPDATE SKIP LOCKED; Update a webhook endpoint';\n",
    };
    // Only the two writes of leads by leads/ itself: not the row lock on orders, nor the trigger's
    // event, nor the prose, nor `moved` (the statement's own name for its rows).
    const found = writesIn(owners, Object.entries(allowed));
    expect(found.map((write) => `${write.how} ${write.table}`)).toEqual(['UPDATE leads', 'INSERT leads']);
    expect(foreignWrites(owners, found)).toEqual([]);
  });
});
