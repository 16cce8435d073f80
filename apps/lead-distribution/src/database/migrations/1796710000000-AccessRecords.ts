import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ACCESS_RECORDS_SQL, runSqlFile } from '#platform';

/**
 * The platform's access records (접속기록, docs/decisions/operators-and-access-records.md): appended
 * unchained, sealed into a hash chain by one job; the guard trigger keeps them append-only, and the
 * retention sweep's function is the only deletion (libs/platform/src/access-records/sql/).
 */
export class AccessRecords1796710000000 implements MigrationInterface {
  name = 'AccessRecords1796710000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "access_records" ("id" BIGSERIAL NOT NULL, "recorded_at" TIMESTAMP(0) WITH TIME ZONE NOT NULL, "actor_kind" character varying(16) NOT NULL, "actor_id" character varying(100) NOT NULL, "address" character varying(64) NOT NULL, "action" character varying(16) NOT NULL, "operation" character varying(100) NOT NULL, "subjects" jsonb NOT NULL DEFAULT '[]', "reason" character varying(500), "request_id" character varying(128), "sequence" bigint, "prev_hash" character(64), "hash" character(64), CONSTRAINT "PK_44892d502245dd6d03ecb0bc842" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_access_records_sequence" ON "access_records" ("sequence") `);
    await queryRunner.query(`CREATE INDEX "idx_access_records_action" ON "access_records" ("action", "recorded_at") `);
    await queryRunner.query(`CREATE INDEX "idx_access_records_actor" ON "access_records" ("actor_kind", "actor_id", "recorded_at") `);
    await queryRunner.query(`CREATE INDEX "idx_access_records_recorded_at" ON "access_records" ("recorded_at", "id") `);
    // Written by hand (synchronize: false on the entity): the subject search, and the sealer's queue.
    await queryRunner.query(`CREATE INDEX "idx_access_records_subjects" ON "access_records" USING gin ("subjects" jsonb_path_ops)`);
    await queryRunner.query(`CREATE INDEX "idx_access_records_unsealed" ON "access_records" ("id") WHERE "sequence" IS NULL`);
    await runSqlFile(queryRunner, ACCESS_RECORDS_SQL.guardV1);
    await runSqlFile(queryRunner, ACCESS_RECORDS_SQL.sweepV1);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION access_records_sweep_v1(timestamptz, integer)`);
    await queryRunner.query(`DROP TRIGGER "trg_access_records_no_truncate" ON "access_records"`);
    await queryRunner.query(`DROP TRIGGER "trg_access_records_guard" ON "access_records"`);
    await queryRunner.query(`DROP FUNCTION access_records_guard_v1()`);
    await queryRunner.query(`DROP INDEX "public"."idx_access_records_unsealed"`);
    await queryRunner.query(`DROP INDEX "public"."idx_access_records_subjects"`);
    await queryRunner.query(`DROP INDEX "public"."idx_access_records_recorded_at"`);
    await queryRunner.query(`DROP INDEX "public"."idx_access_records_actor"`);
    await queryRunner.query(`DROP INDEX "public"."idx_access_records_action"`);
    await queryRunner.query(`DROP INDEX "public"."uq_access_records_sequence"`);
    await queryRunner.query(`DROP TABLE "access_records"`);
  }
}
