import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CoverageCatalogue1795417019665 implements MigrationInterface {
  name = 'CoverageCatalogue1795417019665';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "coverage_categories" ("code" character varying(2) NOT NULL, "name" character varying(50) NOT NULL, "sort_order" integer NOT NULL, CONSTRAINT "PK_a4e68ed394af205df34989f706f" PRIMARY KEY ("code"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "coverage_codes" ("code" character varying(6) NOT NULL, "category_code" character varying(2) NOT NULL, "name" character varying(50) NOT NULL, "sort_order" integer NOT NULL, CONSTRAINT "PK_cf0144302b16ca454423eb1df7c" PRIMARY KEY ("code"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_coverage_codes_category" ON "coverage_codes"  ("category_code") `);
    await queryRunner.query(
      `CREATE TABLE "coverage_amounts" ("coverage_code" character varying(6) NOT NULL, "gender" character(1) NOT NULL, "age_from" smallint NOT NULL, "age_to" smallint NOT NULL, "recommend" bigint NOT NULL, "upper_limit" bigint NOT NULL, CONSTRAINT "PK_438329fd9990690fb04f2c8064d" PRIMARY KEY ("coverage_code", "gender", "age_from"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "coverage_catalogue_versions" ("version" character varying(32) NOT NULL, "loaded_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0b01b182c49bed381f4c4c6e888" PRIMARY KEY ("version"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "coverage_synonyms" ("match" character varying(8) NOT NULL, "pattern" character varying(200) NOT NULL, "coverage_code" character varying(6) NOT NULL, "sort_order" integer NOT NULL, CONSTRAINT "PK_1c6724a6266a140e316f50a430e" PRIMARY KEY ("match", "pattern"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_coverage_synonyms_coverage" ON "coverage_synonyms"  ("coverage_code") `);
    await queryRunner.query(
      `CREATE TABLE "insurers" ("code" character varying(8) NOT NULL, "name" character varying(50) NOT NULL, "other_name" character varying(100) NOT NULL, "initial" character varying(8) NOT NULL, "agency_code" character varying(16) NOT NULL, "agency_name" character varying(50) NOT NULL, "logo_path" character varying(200) NOT NULL, "type" character varying(16) NOT NULL, "sort_order" integer NOT NULL, CONSTRAINT "PK_2255b66f6b0f096d8719bd20aba" PRIMARY KEY ("code"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "coverage_codes" ADD CONSTRAINT "fk_coverage_codes_category" FOREIGN KEY ("category_code") REFERENCES "coverage_categories"("code") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "coverage_amounts" ADD CONSTRAINT "fk_coverage_amounts_coverage" FOREIGN KEY ("coverage_code") REFERENCES "coverage_codes"("code") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "coverage_synonyms" ADD CONSTRAINT "fk_coverage_synonyms_coverage" FOREIGN KEY ("coverage_code") REFERENCES "coverage_codes"("code") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "coverage_synonyms" DROP CONSTRAINT "fk_coverage_synonyms_coverage"`);
    await queryRunner.query(`ALTER TABLE "coverage_amounts" DROP CONSTRAINT "fk_coverage_amounts_coverage"`);
    await queryRunner.query(`ALTER TABLE "coverage_codes" DROP CONSTRAINT "fk_coverage_codes_category"`);
    await queryRunner.query(`DROP TABLE "insurers"`);
    await queryRunner.query(`DROP INDEX "public"."idx_coverage_synonyms_coverage"`);
    await queryRunner.query(`DROP TABLE "coverage_synonyms"`);
    await queryRunner.query(`DROP TABLE "coverage_catalogue_versions"`);
    await queryRunner.query(`DROP TABLE "coverage_amounts"`);
    await queryRunner.query(`DROP INDEX "public"."idx_coverage_codes_category"`);
    await queryRunner.query(`DROP TABLE "coverage_codes"`);
    await queryRunner.query(`DROP TABLE "coverage_categories"`);
  }
}
