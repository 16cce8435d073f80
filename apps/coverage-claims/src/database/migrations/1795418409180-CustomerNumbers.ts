import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CustomerNumbers1795418409180 implements MigrationInterface {
  name = 'CustomerNumbers1795418409180';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "customers" ADD "number" integer GENERATED ALWAYS AS IDENTITY NOT NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_customers_number" ON "customers"  ("number") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."uq_customers_number"`);
    await queryRunner.query(`ALTER TABLE "customers" DROP COLUMN "number"`);
  }
}
