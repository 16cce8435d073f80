import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Verifications are stored before their SMS is sent and find their customer after it (null while
 * SENDING, and for good when the gateway refused it: FAILED); the gender and agreed terms a request
 * states wait on the verification for its confirmation. Existing rows keep null there: their
 * consents were recorded on request.
 */
export class VerificationsSentOutsideTransactions1795424361414 implements MigrationInterface {
  name = 'VerificationsSentOutsideTransactions1795424361414';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "customer_verifications" ADD "gender" character varying(1)`);
    await queryRunner.query(`ALTER TABLE "customer_verifications" ADD "agreed_term_ids" character varying(64) array`);
    await queryRunner.query(`ALTER TABLE "customer_verifications" DROP CONSTRAINT "fk_customer_verifications_customer"`);
    await queryRunner.query(`ALTER TABLE "customer_verifications" ALTER COLUMN "customer_id" DROP NOT NULL`);
    await queryRunner.query(
      `ALTER TABLE "customer_verifications" ADD CONSTRAINT "fk_customer_verifications_customer" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "customer_verifications" DROP CONSTRAINT "fk_customer_verifications_customer"`);
    await queryRunner.query(`ALTER TABLE "customer_verifications" ALTER COLUMN "customer_id" SET NOT NULL`);
    await queryRunner.query(
      `ALTER TABLE "customer_verifications" ADD CONSTRAINT "fk_customer_verifications_customer" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`ALTER TABLE "customer_verifications" DROP COLUMN "agreed_term_ids"`);
    await queryRunner.query(`ALTER TABLE "customer_verifications" DROP COLUMN "gender"`);
  }
}
