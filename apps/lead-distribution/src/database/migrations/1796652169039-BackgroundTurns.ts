import type { MigrationInterface, QueryRunner } from 'typeorm';

export class BackgroundTurns1796652169039 implements MigrationInterface {
  name = 'BackgroundTurns1796652169039';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "background_turns" ("name" character varying(100) NOT NULL, "next_run_at" TIMESTAMP WITH TIME ZONE NOT NULL, "last_started_at" TIMESTAMP WITH TIME ZONE, "last_finished_at" TIMESTAMP WITH TIME ZONE, "last_error" character varying(500), CONSTRAINT "PK_55e7c6f8728e889ff136fe06ecb" PRIMARY KEY ("name"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "background_turns"`);
  }
}
