import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The platform's attempt log (docs/decisions/background-work.md, "One attempt log"): claim fax delivery records each attempt there. */
export class BackgroundAttempts1796663598810 implements MigrationInterface {
  name = 'BackgroundAttempts1796663598810';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "background_attempts" ("id" uuid NOT NULL, "work" character varying(100) NOT NULL, "item_id" character varying(100) NOT NULL, "attempted_at" TIMESTAMP WITH TIME ZONE NOT NULL, "outcome" character varying(24) NOT NULL, "status_code" integer, "latency_ms" integer NOT NULL, "detail" text, "error" character varying(500), "next_attempt_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_97aa99156af9fe8df8fddff83f6" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_background_attempts_item" ON "background_attempts" ("work", "item_id", "attempted_at", "id") `,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_background_attempts_item"`);
    await queryRunner.query(`DROP TABLE "background_attempts"`);
  }
}
