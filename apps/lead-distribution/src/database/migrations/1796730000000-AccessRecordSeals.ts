import type { MigrationInterface, QueryRunner } from 'typeorm';
import { accessRecordSealsDown, accessRecordSealsUp } from '#platform';

/**
 * The access records' hash chain moves into `access_record_seals`, and records are appended through
 * append_access_records_v1 (libs/platform/src/access-records/access-record-seals.migration.ts, the
 * same steps in both services; docs/decisions/operators-and-access-records.md).
 */
export class AccessRecordSeals1796730000000 implements MigrationInterface {
  name = 'AccessRecordSeals1796730000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await accessRecordSealsUp(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await accessRecordSealsDown(queryRunner);
  }
}
