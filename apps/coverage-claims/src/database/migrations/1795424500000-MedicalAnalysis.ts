import type { MigrationInterface, QueryRunner } from 'typeorm';

export class MedicalAnalysis1795424500000 implements MigrationInterface {
  name = 'MedicalAnalysis1795424500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "medical_risk_rule_sets" ("version" character varying(32) NOT NULL, "rules" jsonb NOT NULL, "loaded_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0544ec9eef7589fe0b09d2cfbe1" PRIMARY KEY ("version"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "medical_set_analyses" ("analysis_id" uuid NOT NULL, "sent_by" uuid, "key_id" character varying(32) NOT NULL, "payload_ciphertext" bytea NOT NULL, "received_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_e87ab32828dedd5f5783984be4c" PRIMARY KEY ("analysis_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_medical_set_analyses_sent_by" ON "medical_set_analyses"  ("sent_by") `);
    await queryRunner.query(
      `ALTER TABLE "medical_set_analyses" ADD CONSTRAINT "fk_medical_set_analyses_analysis" FOREIGN KEY ("analysis_id") REFERENCES "coverage_analyses"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "medical_set_analyses" ADD CONSTRAINT "fk_medical_set_analyses_sent_by" FOREIGN KEY ("sent_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "medical_set_analyses" DROP CONSTRAINT "fk_medical_set_analyses_sent_by"`);
    await queryRunner.query(`ALTER TABLE "medical_set_analyses" DROP CONSTRAINT "fk_medical_set_analyses_analysis"`);
    await queryRunner.query(`DROP INDEX "public"."idx_medical_set_analyses_sent_by"`);
    await queryRunner.query(`DROP TABLE "medical_set_analyses"`);
    await queryRunner.query(`DROP TABLE "medical_risk_rule_sets"`);
  }
}
