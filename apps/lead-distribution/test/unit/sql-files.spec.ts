import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sqlFileText } from '#platform';
import { ALLOCATION_SQL } from '../../src/allocation/sql/allocation-sql.js';
import { LEADS_SQL } from '../../src/leads/sql/leads-sql.js';
import { ORDERS_SQL } from '../../src/orders/sql/orders-sql.js';
import { WEBHOOKS_SQL } from '../../src/webhooks/sql/webhooks-sql.js';

/**
 * The SHA-256 of every shipped version, by path under src/: a migration installed it, so its file
 * never changes (a change is a new file and a new migration: each sql/ folder's README.md).
 */
const SHIPPED: Record<string, string> = {
  'allocation/sql/register_leads.v1.sql': '128f70179b04c81f18dbb911ed2ea699614428b5c7a36170ef3070522eea040e',
  'allocation/sql/register_leads.v2.sql': '213e3bc6ac84157a6b63a5ef1d4c85a90e4d3e990a21f18b885b6c5fdd4ed5c0',
  'allocation/sql/register_leads.v4.sql': 'd41b0f82740b788282d8fa457d2479f52c076343bb93aa46980622f8a4f3891f',
  'allocation/sql/register_leads.v5.sql': '64c35509d899aa3f733227fb12f13db87516df2ac6257df2de1f03f8000cbdb8',
  'leads/sql/assign_leads.v1.sql': '26055773a868d4d600e111fc9ab09fe3b915e417f62128689d225ba75c1ccc7f',
  'leads/sql/insert_leads.v1.sql': '193bec5f45d4fce19d5dbe46a4c88a5242b68a4079b088cb1021e3c2209ab836',
  'leads/sql/lead_list_counts_delta.v1.sql': '94b7d0deb16e49e465b8e26e42499dc9e5b2eadbba2eeddb3d7aafb7c6f532fd',
  'leads/sql/lead_list_counts_truncate.v1.sql': '6d615d738fa9776f8a6ddae0b51a35c40e161f452564d2155fd2b46f726c7159',
  'orders/sql/mark_order_activated.v1.sql': '30ccea3ae1ad84301afbbfd44a31e38f1363acbd6ce5cb6160ff42475e7adb07',
  'orders/sql/owe_order_lead.v1.sql': '853c095b878a42a773a009221262f7b4a0ae8b483ce19b6e0287768a7b35efc2',
  'orders/sql/record_order_completions.v1.sql': '51177fe5a4dbe7d91d97ee9c2bbfd22fb0b1fcd4d6ff4b20854186bbd1aa6f34',
  'orders/sql/take_order_slots.v1.sql': '03b4618f30b118f4afd08cf5443fb849edafdcc7dc0f6913585519fd120a13b1',
  'webhooks/sql/record_webhook_events.v1.sql': 'ace90b9e126884a591dc316ffd011ee1eeb3f3a60b70a05cc6b873fd23010d39',
  'webhooks/sql/webhook_enqueue.v1.sql': '96c0275709a668b2e8aa189717e8c34e499322f0f2809f0cc1eec0e907b7ab5f',
  'webhooks/sql/webhook_lead_as_outbox.v1.sql': '2c29c20d9f186ad233853197630d8b87e1521f5320c461f43fc5c2ec461e6293',
  'webhooks/sql/webhook_lead_assignments_outbox.v1.sql': '15e7e6611868f7fbfbabf6e7c1118dbe39a2dfcbb098b48feb906593b5297ad6',
  'webhooks/sql/webhook_orders_outbox.v1.sql': '93634dbbe86506f99ac6661204e6ac0e9887d2c6110a3d1ea2416704a2169cbe',
};

const SRC = new URL('../../src/', import.meta.url);
const REGISTRIES = { allocation: ALLOCATION_SQL, leads: LEADS_SQL, orders: ORDERS_SQL, webhooks: WEBHOOKS_SQL };
const registered = Object.values(REGISTRIES).flatMap((registry) => Object.values(registry) as URL[]);
const relative = (file: URL) => fileURLToPath(file).slice(fileURLToPath(SRC).length);
const onDisk = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((entry) => entry.endsWith('.sql'))
  .sort();

describe("the service's database functions and triggers", () => {
  it('every .sql file is in its sql/ folder, listed by its feature and pinned', () => {
    expect(onDisk.every((file) => /^[a-z-]+\/sql\/[a-z0-9_]+\.v\d+\.sql$/.test(file))).toBe(true);
    expect(registered.map(relative).sort()).toEqual(onDisk);
    expect(Object.keys(SHIPPED).sort()).toEqual(onDisk);
  });

  it.each(onDisk)('a shipped version is frozen: %s is byte for byte what its migration installed', (file) => {
    expect(
      createHash('sha256')
        .update(readFileSync(new URL(file, SRC)))
        .digest('hex'),
    ).toBe(SHIPPED[file]);
  });

  it.each(onDisk)('%s defines a function (and the triggers that run it), nothing else', (file) => {
    const statements = sqlFileText(new URL(file, SRC))
      .replace(/^--.*\n/gm, '')
      .replace(/\$(\w*)\$[\s\S]*?\$\1\$/g, '$$body$$')
      .split(';')
      .map((statement) => statement.trim())
      .filter(Boolean);
    expect(statements[0]).toMatch(/^CREATE FUNCTION \w+\(/);
    for (const statement of statements.slice(1)) expect(statement).toMatch(/^CREATE (CONSTRAINT )?TRIGGER /);
  });

  it.each(Object.keys(REGISTRIES))('%s/sql/README.md names every file of its folder', (feature) => {
    const readme = readFileSync(new URL(`${feature}/sql/README.md`, SRC), 'utf8');
    for (const file of onDisk.filter((path) => path.startsWith(`${feature}/`))) expect(readme).toContain(`\`${file.split('/').pop()}\``);
  });
});
