import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runSqlFile } from '../database/sql-files.js';
import { ACCESS_RECORDS_SQL } from './access-records-sql.js';

/**
 * The chain moves out of `access_records` into `access_record_seals` (issue 41's cost: sealing no
 * longer rewrites every record, and a feature may append its record in its own transaction), the
 * same migration in both services (each lists this class in its migrations/index.ts), frozen here as
 * it shipped. The links sealed so far move as they are (their hashes still verify: the canonical
 * text is unchanged); `sealed_through` starts below the oldest record still unsealed, so the sealer
 * chains every one of them, and passes over the links moved (a record is sealed once).
 */
export class AccessRecordSeals1796730000000 implements MigrationInterface {
  name = 'AccessRecordSeals1796730000000';

  up(queryRunner: QueryRunner): Promise<void> {
    return accessRecordSealsUp(queryRunner);
  }

  /** Back to the chain inside `access_records` (v1's guard and sweep), the links copied back. */
  down(queryRunner: QueryRunner): Promise<void> {
    return accessRecordSealsDown(queryRunner);
  }
}

async function accessRecordSealsUp(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(
    `CREATE TABLE "access_record_seals" ("sequence" bigint NOT NULL, "record_id" bigint NOT NULL, "prev_hash" character(64) NOT NULL, "hash" character(64) NOT NULL, "sealed_through" bigint NOT NULL, CONSTRAINT "PK_e49f450c88b9542b530ac86a91e" PRIMARY KEY ("sequence"))`,
  );
  await queryRunner.query(`CREATE UNIQUE INDEX "uq_access_record_seals_record" ON "access_record_seals"  ("record_id") `);
  await queryRunner.query(
    `INSERT INTO access_record_seals (sequence, record_id, prev_hash, hash, sealed_through)
     SELECT sequence, id, prev_hash, hash,
            coalesce((SELECT min(id) - 1 FROM access_records WHERE sequence IS NULL), (SELECT max(id) FROM access_records))
       FROM access_records WHERE sequence IS NOT NULL`,
  );
  await queryRunner.query(`DROP TRIGGER "trg_access_records_no_truncate" ON "access_records"`);
  await queryRunner.query(`DROP TRIGGER "trg_access_records_guard" ON "access_records"`);
  await queryRunner.query(`DROP FUNCTION access_records_guard_v1()`);
  await queryRunner.query(`DROP FUNCTION access_records_sweep_v1(timestamptz, integer)`);
  await queryRunner.query(`DROP INDEX "public"."uq_access_records_sequence"`);
  await queryRunner.query(`DROP INDEX "public"."idx_access_records_unsealed"`);
  await queryRunner.query(`ALTER TABLE "access_records" DROP COLUMN "sequence"`);
  await queryRunner.query(`ALTER TABLE "access_records" DROP COLUMN "hash"`);
  await queryRunner.query(`ALTER TABLE "access_records" DROP COLUMN "prev_hash"`);
  await runSqlFile(queryRunner, ACCESS_RECORDS_SQL.appendV1);
  await runSqlFile(queryRunner, ACCESS_RECORDS_SQL.guardV2);
  await runSqlFile(queryRunner, ACCESS_RECORDS_SQL.sealsGuardV1);
  await runSqlFile(queryRunner, ACCESS_RECORDS_SQL.sweepV2);
}

async function accessRecordSealsDown(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(`DROP FUNCTION access_records_sweep_v2(timestamptz, integer)`);
  await queryRunner.query(`DROP TRIGGER "trg_access_record_seals_no_truncate" ON "access_record_seals"`);
  await queryRunner.query(`DROP TRIGGER "trg_access_record_seals_guard" ON "access_record_seals"`);
  await queryRunner.query(`DROP FUNCTION access_record_seals_guard_v1()`);
  await queryRunner.query(`DROP TRIGGER "trg_access_records_no_truncate" ON "access_records"`);
  await queryRunner.query(`DROP TRIGGER "trg_access_records_guard" ON "access_records"`);
  await queryRunner.query(`DROP FUNCTION access_records_guard_v2()`);
  await queryRunner.query(`DROP FUNCTION append_access_records_v1(jsonb)`);
  await queryRunner.query(`ALTER TABLE "access_records" ADD "prev_hash" character(64)`);
  await queryRunner.query(`ALTER TABLE "access_records" ADD "hash" character(64)`);
  await queryRunner.query(`ALTER TABLE "access_records" ADD "sequence" bigint`);
  await queryRunner.query(
    `UPDATE access_records r SET sequence = s.sequence, prev_hash = s.prev_hash, hash = s.hash FROM access_record_seals s WHERE s.record_id = r.id`,
  );
  await queryRunner.query(`DROP INDEX "public"."uq_access_record_seals_record"`);
  await queryRunner.query(`DROP TABLE "access_record_seals"`);
  await queryRunner.query(`CREATE INDEX "idx_access_records_unsealed" ON "access_records" ("id") WHERE "sequence" IS NULL`);
  await queryRunner.query(`CREATE UNIQUE INDEX "uq_access_records_sequence" ON "access_records" ("sequence") `);
  await runSqlFile(queryRunner, ACCESS_RECORDS_SQL.guardV1);
  await runSqlFile(queryRunner, ACCESS_RECORDS_SQL.sweepV1);
}
