import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ClaimReferenceLists1795425689794 implements MigrationInterface {
  name = 'ClaimReferenceLists1795425689794';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "banks" ("code" character varying(3) NOT NULL, "name" character varying(50) NOT NULL, "kind" character varying(16) NOT NULL, "sort_order" integer NOT NULL, CONSTRAINT "PK_337dd3f2308d7c154612e14196a" PRIMARY KEY ("code"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "claim_reference_versions" ("version" character varying(32) NOT NULL, "loaded_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_3a63f11d210d917a6ffc46d14dd" PRIMARY KEY ("version"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "job_codes" ("code" character varying(4) NOT NULL, "name" character varying(50) NOT NULL, "risk_grade" smallint NOT NULL, "sort_order" integer NOT NULL, CONSTRAINT "PK_c3aa8d0d7fef7feab60ac1fd8ce" PRIMARY KEY ("code"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "postal_centers" ("code" character varying(8) NOT NULL, "name" character varying(50) NOT NULL, "seat" character varying(20) NOT NULL, "regions" character varying(8) array NOT NULL, "sort_order" integer NOT NULL, CONSTRAINT "PK_4d02c3a4b5652860a61d6d59318" PRIMARY KEY ("code"))`,
    );
    await queryRunner.query(`ALTER TABLE "insurers" ADD "claims_fax" character varying(12)`);
    await queryRunner.query(`ALTER TABLE "insurers" ADD "claims_fax_updated_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "insurers" ADD "claims_address" character varying(200)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "insurers" DROP COLUMN "claims_address"`);
    await queryRunner.query(`ALTER TABLE "insurers" DROP COLUMN "claims_fax_updated_at"`);
    await queryRunner.query(`ALTER TABLE "insurers" DROP COLUMN "claims_fax"`);
    await queryRunner.query(`DROP TABLE "postal_centers"`);
    await queryRunner.query(`DROP TABLE "job_codes"`);
    await queryRunner.query(`DROP TABLE "claim_reference_versions"`);
    await queryRunner.query(`DROP TABLE "banks"`);
  }
}
