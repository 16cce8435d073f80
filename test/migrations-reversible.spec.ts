import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { acquirePostgresServer, dataSourceOptions } from '#platform';
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

describe('lead-distribution migrations', () => {
  it('revert one by one to an empty schema and apply again to the same functions and triggers', async () => {
    const server = await acquirePostgresServer(process.env.TEST_PG_SERVER_URL);
    const name = `migrations_${randomUUID().replaceAll('-', '')}`;
    await server.createDatabase(name);
    const dataSource = await new DataSource(dataSourceOptions(server.urlFor(name), LEAD_DISTRIBUTION_DATABASE, 1)).initialize();
    try {
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
    } finally {
      await dataSource.destroy();
      await server.dropDatabase(name);
      await server.stop();
    }
  }, 120_000);
});
