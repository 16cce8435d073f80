import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import {
  AccessRecordSealer,
  acquirePostgresServer,
  chainHash,
  dataSourceOptions,
  GENESIS_HASH,
  RECORD_COLUMNS,
  verifyAccessRecordChain,
  type ChainedRecord,
  type RowQuery,
} from '#platform';
import { LEAD_DISTRIBUTION_DATABASE } from '../apps/lead-distribution/src/database/database.js';

// lead-distribution's migrations load their functions and triggers from the owners' sql/ folders:
// every migration must go down and up again to the same database, functions and triggers included
// (an extension's own functions left out: extensions are the server's).

const ROUTINES = `SELECT 'function ' || p.proname AS name, pg_get_functiondef(p.oid) AS definition
                    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'
                     AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
                  UNION ALL
                  SELECT 'trigger ' || t.tgname, pg_get_triggerdef(t.oid) FROM pg_trigger t WHERE NOT t.tgisinternal
                  ORDER BY 1`;

/** Runs `test` on a new, empty lead-distribution database (no migration run), dropped after. */
async function onNewDatabase(test: (dataSource: DataSource) => Promise<void>): Promise<void> {
  const server = await acquirePostgresServer(process.env.TEST_PG_SERVER_URL);
  const name = `migrations_${randomUUID().replaceAll('-', '')}`;
  await server.createDatabase(name);
  const dataSource = await new DataSource(dataSourceOptions(server.urlFor(name), LEAD_DISTRIBUTION_DATABASE, 1)).initialize();
  try {
    await test(dataSource);
  } finally {
    await dataSource.destroy();
    await server.dropDatabase(name);
    await server.stop();
  }
}

describe('lead-distribution migrations', () => {
  it('revert one by one to an empty schema and apply again to the same functions and triggers', async () => {
    await onNewDatabase(async (dataSource) => {
      await dataSource.runMigrations({ transaction: 'each' });
      const installed = await dataSource.query<Array<{ name: string; definition: string }>>(ROUTINES);
      expect(installed.map((routine) => routine.name)).toEqual(
        expect.arrayContaining(['function register_leads_v4', 'function take_order_slots_v1', 'function record_webhook_events_v1']),
      );
      // The outbox has one way in, called by the owner of each change; no trigger writes events.
      const writesOutbox = /\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+webhook_(events|deliveries)\b/i;
      expect(installed.filter((routine) => writesOutbox.test(routine.definition)).map((routine) => routine.name)).toEqual([
        'function record_webhook_events_v1',
      ]);
      expect(installed.filter((routine) => routine.name.startsWith('trigger ') && /webhook/i.test(routine.definition))).toEqual([]);

      for (const _ of dataSource.migrations) await dataSource.undoLastMigration({ transaction: 'each' });
      const left = await dataSource.query<Array<{ name: string }>>(
        `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relkind IN ('r', 'v', 'S') AND c.relname NOT LIKE '%migrations%'`,
      );
      expect(left).toEqual([]);
      expect(await dataSource.query(ROUTINES)).toEqual([]);

      await dataSource.runMigrations({ transaction: 'each' });
      expect(await dataSource.query(ROUTINES)).toEqual(installed);
    });
  }, 120_000);

  it('OneAttemptLog moves the webhook attempts into the attempt log, and back (those of deliveries still there)', async () => {
    await onNewDatabase(async (dataSource) => {
      await dataSource.runMigrations({ transaction: 'each' });
      // Back to OneAttemptLog as the last one applied (later migrations are undone first, redone below).
      const lastApplied = async () =>
        (await dataSource.query<Array<{ name: string }>>(`SELECT name FROM typeorm_migrations ORDER BY id DESC LIMIT 1`))[0]!.name;
      while ((await lastApplied()) !== 'OneAttemptLog1796700100000') await dataSource.undoLastMigration({ transaction: 'each' });
      const [delivery, gone] = [randomUUID(), randomUUID()];
      await dataSource.query(
        `WITH p AS (INSERT INTO partners (name) VALUES ('attempts') RETURNING id),
              e AS (INSERT INTO webhook_endpoints (id, partner_id, url, event_types, secret_ciphertext, secret_key_id)
                    SELECT $2, p.id, 'https://hooks.example.com', '{lead.assigned}', '\\x00', 'k' FROM p),
              ev AS (INSERT INTO webhook_events (id, type, partner_id, subject_id, occurred_at)
                     SELECT $3, 'lead.assigned', p.id, $3, now() FROM p RETURNING id, seq)
         INSERT INTO webhook_deliveries (id, event_id, event_seq, endpoint_id) SELECT $1, ev.id, ev.seq, $2 FROM ev`,
        [delivery, randomUUID(), randomUUID()],
      );
      const attempt = (item: string, seconds: number) => [randomUUID(), item, new Date(Date.UTC(2026, 11, 7, 12, 0, seconds))] as const;
      const [first, second, orphan] = [attempt(delivery, 1), attempt(delivery, 2), attempt(gone, 3)];
      await dataSource.query(
        `INSERT INTO background_attempts (id, work, item_id, attempted_at, outcome, status_code, latency_ms, detail, error, next_attempt_at)
         VALUES ($1, 'webhook-delivery', $2, $3, 'HTTP_ERROR', 503, 40, 'busy', 'HTTP 503', $3::timestamptz + interval '1 minute'),
                ($4, 'webhook-delivery', $5, $6, 'SUCCESS', 200, 12, 'ok', NULL, NULL),
                ($7, 'webhook-delivery', $8, $9, 'SUCCESS', 200, 5, NULL, NULL, NULL)`,
        [...first, ...second, ...orphan],
      );
      const rows = `SELECT id, attempted_at, outcome, status_code, latency_ms, error, next_attempt_at`;

      await dataSource.undoLastMigration({ transaction: 'each' });
      const down = await dataSource.query(`${rows}, delivery_id, response_excerpt FROM webhook_attempts ORDER BY attempted_at`);
      expect(down).toEqual([
        expect.objectContaining({ id: first[0], delivery_id: delivery, outcome: 'HTTP_ERROR', status_code: 503, response_excerpt: 'busy' }),
        expect.objectContaining({
          id: second[0],
          delivery_id: delivery,
          outcome: 'SUCCESS',
          response_excerpt: 'ok',
          next_attempt_at: null,
        }),
      ]);

      await dataSource.runMigrations({ transaction: 'each' });
      const up = await dataSource.query(`${rows}, work, item_id, detail FROM background_attempts ORDER BY attempted_at`);
      expect(up).toEqual(
        down.map(({ delivery_id, response_excerpt, ...row }: Record<string, unknown>) => ({
          ...row,
          work: 'webhook-delivery',
          item_id: delivery_id,
          detail: response_excerpt,
        })),
      );
      expect(await dataSource.query(`SELECT to_regclass('webhook_attempts') AS t`)).toEqual([{ t: null }]);
    });
  }, 120_000);

  it('ContactAuditsIntoAccessRecords appends the contact audit as use records, and back (those of partner keys)', async () => {
    await onNewDatabase(async (dataSource) => {
      await dataSource.runMigrations({ transaction: 'each' });
      await undoThrough(dataSource, 'ContactAuditsIntoAccessRecords1796720000000');
      const [keyId, used, masked] = [randomUUID(), randomUUID(), randomUUID()];
      const [{ id: partnerId }] = await dataSource.query<Array<{ id: number }>>(
        `INSERT INTO partners (name) VALUES ('audited') RETURNING id`,
      );
      await dataSource.query(
        `INSERT INTO api_keys (id, role, partner_id, prefix, key_hash) VALUES ($1, 'PARTNER', $2, 'pk_test', repeat('0', 64))`,
        [keyId, partnerId],
      );
      await dataSource.query(
        `INSERT INTO lead_contact_audits (id, partner_id, api_key_id, request_id, operation, requested_lead_ids, revealed_lead_ids, created_at)
         VALUES ($1, $2, $3, 'req-1', 'leads.list', $4::uuid[], $5::uuid[], '2026-11-02T01:02:03.456Z'),
                ($6, $2, $3, 'req-2', 'leads.contacts', $5::uuid[], '{}', '2026-11-02T01:02:04Z'),
                ($7, $2, 'env:0123abcd', 'req-3', 'lead-as.get', $5::uuid[], $5::uuid[], '2026-11-02T01:02:05Z')`,
        [randomUUID(), partnerId, keyId, [used, masked], [used], randomUUID(), randomUUID()],
      );

      await dataSource.runMigrations({ transaction: 'each' });
      const records = `SELECT recorded_at, actor_kind, actor_id, address, action, operation, subjects, request_id FROM access_records ORDER BY id`;
      expect(await dataSource.query(records)).toEqual([
        {
          recorded_at: new Date('2026-11-02T01:02:03Z'),
          actor_kind: 'partner-key',
          actor_id: keyId,
          address: 'unrecorded',
          action: 'use',
          operation: 'Leads_list',
          subjects: [{ type: 'lead', id: used }],
          request_id: 'req-1',
        },
        expect.objectContaining({ actor_kind: 'partner-key', operation: 'Leads_contacts', subjects: [], request_id: 'req-2' }),
        expect.objectContaining({
          actor_kind: 'bootstrap',
          actor_id: 'env:0123abcd',
          operation: 'LeadAs_get',
          subjects: [{ type: 'lead', id: used }],
        }),
      ]);
      expect(await dataSource.query(`SELECT to_regclass('lead_contact_audits') AS t`)).toEqual([{ t: null }]);

      await undoThrough(dataSource, 'ContactAuditsIntoAccessRecords1796720000000');
      expect(
        await dataSource.query(
          `SELECT partner_id, api_key_id, request_id, operation, revealed_lead_ids FROM lead_contact_audits ORDER BY created_at`,
        ),
      ).toEqual([
        { partner_id: partnerId, api_key_id: keyId, request_id: 'req-1', operation: 'leads.list', revealed_lead_ids: [used] },
        { partner_id: partnerId, api_key_id: keyId, request_id: 'req-2', operation: 'leads.contacts', revealed_lead_ids: [] },
      ]);
    });
  }, 120_000);

  it('AccessRecordSeals moves the chain out of access_records, and the sealer chains what was left unsealed; and back', async () => {
    await onNewDatabase(async (dataSource) => {
      await dataSource.runMigrations({ transaction: 'each' });
      await undoThrough(dataSource, 'AccessRecordSeals1796730000000');
      // Three records as the first design kept them: the first and the third sealed, the second committed late (unsealed).
      const ids = (
        await dataSource.query<Array<{ id: string }>>(
          `INSERT INTO access_records (recorded_at, actor_kind, actor_id, address, action, operation, subjects)
           SELECT ('2026-12-01T00:00:0' || g || 'Z')::timestamptz, 'operator', 'op-' || g, '198.51.100.1', 'view', 'Test_op', '[]' FROM generate_series(1, 3) g
           RETURNING id::text AS id`,
        )
      ).map((row) => row.id);
      const read = async (id: string) =>
        (
          await dataSource.query<ChainedRecord[]>(`SELECT ${RECORD_COLUMNS}, NULL AS "sequence" FROM access_records r WHERE r.id = $1`, [
            id,
          ])
        )[0]!;
      let prevHash = GENESIS_HASH;
      for (const [sequence, id] of [ids[0]!, ids[2]!].entries()) {
        const hash = chainHash(prevHash, { ...(await read(id)), sequence: String(sequence + 1) });
        await dataSource.query(`UPDATE access_records SET sequence = $2, prev_hash = $3, hash = $4 WHERE id = $1`, [
          id,
          sequence + 1,
          prevHash,
          hash,
        ]);
        prevHash = hash;
      }

      await dataSource.runMigrations({ transaction: 'each' });
      const query = ((sql: string, params?: unknown[]) => dataSource.query(sql, params)) as RowQuery;
      expect(await verifyAccessRecordChain(query)).toMatchObject({ checked: 2, unsealed: 1, broken: null });
      const sealer = new AccessRecordSealer(dataSource, undefined as never, undefined as never);
      expect(await sealer.sealPending()).toBe(1);
      expect(await sealer.sealPending()).toBe(0);
      expect(await verifyAccessRecordChain(query)).toMatchObject({ checked: 3, unsealed: 0, broken: null });
      const links = `SELECT record_id::text AS id, sequence::int AS sequence FROM access_record_seals ORDER BY sequence`;
      expect(await dataSource.query(links)).toEqual([
        { id: ids[0], sequence: 1 },
        { id: ids[2], sequence: 2 },
        { id: ids[1], sequence: 3 },
      ]);
      await expect(dataSource.query(`UPDATE access_records SET actor_id = 'x' WHERE id = $1`, [ids[0]])).rejects.toThrow(/append-only/);

      await undoThrough(dataSource, 'AccessRecordSeals1796730000000');
      expect(await dataSource.query(`SELECT id::text AS id, sequence::int AS sequence FROM access_records ORDER BY sequence`)).toEqual([
        { id: ids[0], sequence: 1 },
        { id: ids[2], sequence: 2 },
        { id: ids[1], sequence: 3 },
      ]);
      expect(await dataSource.query(`SELECT to_regclass('access_record_seals') AS t`)).toEqual([{ t: null }]);
    });
  }, 120_000);
});

/** Undoes the migrations applied after `name`, then `name` itself. */
async function undoThrough(dataSource: DataSource, name: string): Promise<void> {
  const lastApplied = async () =>
    (await dataSource.query<Array<{ name: string }>>(`SELECT name FROM typeorm_migrations ORDER BY id DESC LIMIT 1`))[0]!.name;
  while ((await lastApplied()) !== name) await dataSource.undoLastMigration({ transaction: 'each' });
  await dataSource.undoLastMigration({ transaction: 'each' });
}
