import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The SMS gateway's id of the message that carried a verification's number, kept for support look-ups
 * (nullable: earlier rows, and requests the gateway gave no id for). Compatible with the release before.
 */
export class VerificationSmsMessageId1795776467205 implements MigrationInterface {
  name = 'VerificationSmsMessageId1795776467205';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "customer_verifications" ADD "sms_message_id" character varying(64)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "customer_verifications" DROP COLUMN "sms_message_id"`);
  }
}
