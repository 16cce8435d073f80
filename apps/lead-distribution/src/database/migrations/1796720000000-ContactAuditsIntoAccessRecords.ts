import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The audit rows' operations, as the access records name them (OpenAPI operationIds). */
const OPERATIONS: Array<[audit: string, operationId: string]> = [
  ['leads.list', 'Leads_list'],
  ['leads.get', 'Leads_get'],
  ['leads.use', 'Leads_use'],
  ['leads.distributed', 'Distribution_distributed'],
  ['leads.contacts', 'Leads_contacts'],
  ['lead-as.list', 'LeadAs_list'],
  ['lead-as.get', 'LeadAs_get'],
];

/** What the old rows did not keep: the client address. */
const UNRECORDED_ADDRESS = 'unrecorded';

const operationCase = (column: string, pairs: Array<[string, string]>) =>
  `CASE ${column} ${pairs.map(([from, to]) => `WHEN '${from}' THEN '${to}'`).join(' ')} ELSE ${column} END`;

/**
 * The contact audit becomes part of the access records (issue 41; docs/decisions/lead-distribution.md):
 * each lead_contact_audits row is appended as the `use` (decryption) record of the leads it revealed,
 * in the order they were written, with its time (to the second), key, request id and operation; the
 * sealer chains them like any new record. The rows kept no client address (`unrecorded`), and the
 * partner a call acted for is told by its key. Then the old table goes.
 *
 * Down recreates the table and copies back the migrated records of partner keys (the access records
 * themselves stay: they are append-only, and their own migration's down drops them).
 */
export class ContactAuditsIntoAccessRecords1796720000000 implements MigrationInterface {
  name = 'ContactAuditsIntoAccessRecords1796720000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `INSERT INTO access_records (recorded_at, actor_kind, actor_id, address, action, operation, subjects, request_id)
       SELECT date_trunc('second', a.created_at),
              CASE WHEN a.api_key_id LIKE 'env:%' THEN 'bootstrap' ELSE 'partner-key' END,
              a.api_key_id, '${UNRECORDED_ADDRESS}', 'use', ${operationCase('a.operation', OPERATIONS)},
              (SELECT coalesce(jsonb_agg(jsonb_build_object('type', 'lead', 'id', revealed.id::text) ORDER BY revealed.n), '[]'::jsonb)
                 FROM unnest(a.revealed_lead_ids) WITH ORDINALITY AS revealed(id, n)),
              a.request_id
         FROM lead_contact_audits a
        ORDER BY a.created_at, a.id`,
    );
    await queryRunner.query(`DROP INDEX "public"."idx_lead_contact_audits_partner_id"`);
    await queryRunner.query(`DROP TABLE "lead_contact_audits"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "lead_contact_audits" ("id" uuid NOT NULL, "partner_id" integer NOT NULL, "api_key_id" character varying(64) NOT NULL, "request_id" character varying(128) NOT NULL, "requested_lead_ids" uuid array NOT NULL, "revealed_lead_ids" uuid array NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "operation" character varying(32) NOT NULL, CONSTRAINT "PK_70691d65dfab8d99f441429bff3" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_lead_contact_audits_partner_id" ON "lead_contact_audits"  ("partner_id") `);
    const back = OPERATIONS.map(([audit, operationId]): [string, string] => [operationId, audit]);
    await queryRunner.query(
      `INSERT INTO lead_contact_audits (id, partner_id, api_key_id, request_id, requested_lead_ids, revealed_lead_ids, created_at, operation)
       SELECT gen_random_uuid(), k.partner_id, r.actor_id, coalesce(r.request_id, ''), ids.lead_ids, ids.lead_ids, r.recorded_at,
              ${operationCase('r.operation', back)}
         FROM access_records r
         JOIN api_keys k ON k.id::text = r.actor_id AND k.partner_id IS NOT NULL
         CROSS JOIN LATERAL (SELECT coalesce(array_agg((s->>'id')::uuid), '{}') AS lead_ids
                               FROM jsonb_array_elements(r.subjects) s WHERE s->>'type' = 'lead') ids
        WHERE r.action = 'use' AND r.actor_kind = 'partner-key' AND r.address = '${UNRECORDED_ADDRESS}'
          AND r.operation IN (${OPERATIONS.map(([, operationId]) => `'${operationId}'`).join(', ')})`,
    );
  }
}
