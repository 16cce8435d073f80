import type { MigrationInterface, QueryRunner } from 'typeorm';
import { OPERATORS_SQL, runSqlFile } from '#platform';

/** Operators as people (docs/decisions/operators-and-access-records.md): accounts, their history, sessions and personal keys. */
export class OperatorAccounts1796674539264 implements MigrationInterface {
  name = 'OperatorAccounts1796674539264';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "operator_account_history" ("id" uuid NOT NULL, "account_id" uuid NOT NULL, "event" character varying(32) NOT NULL, "before" character varying(100), "after" character varying(100), "by_kind" character varying(16) NOT NULL, "by_id" character varying(64) NOT NULL, "at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_089179844be86c5977cd7627857" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_operator_account_history_account" ON "operator_account_history"  ("account_id", "at") `);
    await runSqlFile(queryRunner, OPERATORS_SQL.historyGuardV1);
    await queryRunner.query(
      `CREATE TABLE "operator_accounts" ("id" uuid NOT NULL, "email" character varying(254) NOT NULL, "name" character varying(100) NOT NULL, "role" character varying(16) NOT NULL, "password_hash" character varying(255) NOT NULL, "totp_secret" bytea, "totp_secret_key_id" character varying(32), "totp_enrolled_at" TIMESTAMP WITH TIME ZONE, "totp_last_step" bigint, "recovery_code_hashes" jsonb NOT NULL, "failed_sign_ins" integer NOT NULL DEFAULT '0', "locked_until" TIMESTAMP WITH TIME ZONE, "disabled_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_f91aef409b773c2719f10330b6f" PRIMARY KEY ("id"))`,
    );
    // Unique without case; not expressible on the entity (synchronize: false there).
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_operator_accounts_email" ON "operator_accounts" (lower("email"))`);
    await queryRunner.query(
      `CREATE TABLE "operator_api_keys" ("id" uuid NOT NULL, "account_id" uuid NOT NULL, "name" character varying(100), "prefix" character varying(16) NOT NULL, "key_hash" character(64) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "revoked_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_8b00c7ae8383c2b6548ccc21779" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_operator_api_keys_hash" ON "operator_api_keys"  ("key_hash") `);
    await queryRunner.query(`CREATE INDEX "idx_operator_api_keys_account" ON "operator_api_keys"  ("account_id") `);
    await queryRunner.query(
      `CREATE TABLE "operator_sessions" ("id" uuid NOT NULL, "account_id" uuid NOT NULL, "kind" character varying(16) NOT NULL, "token_hash" character(64) NOT NULL, "csrf_hash" character(64), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "last_seen_at" TIMESTAMP WITH TIME ZONE NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "ended_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_73b13bd07c5666193c04d434505" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_operator_sessions_token" ON "operator_sessions"  ("token_hash") `);
    await queryRunner.query(`CREATE INDEX "idx_operator_sessions_account" ON "operator_sessions"  ("account_id") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_operator_sessions_account"`);
    await queryRunner.query(`DROP INDEX "public"."uq_operator_sessions_token"`);
    await queryRunner.query(`DROP TABLE "operator_sessions"`);
    await queryRunner.query(`DROP INDEX "public"."idx_operator_api_keys_account"`);
    await queryRunner.query(`DROP INDEX "public"."uq_operator_api_keys_hash"`);
    await queryRunner.query(`DROP TABLE "operator_api_keys"`);
    await queryRunner.query(`DROP INDEX "public"."uq_operator_accounts_email"`);
    await queryRunner.query(`DROP TABLE "operator_accounts"`);
    await queryRunner.query(`DROP TRIGGER "trg_operator_account_history_no_truncate" ON "operator_account_history"`);
    await queryRunner.query(`DROP TRIGGER "trg_operator_account_history_guard" ON "operator_account_history"`);
    await queryRunner.query(`DROP FUNCTION operator_account_history_guard_v1()`);
    await queryRunner.query(`DROP INDEX "public"."idx_operator_account_history_account"`);
    await queryRunner.query(`DROP TABLE "operator_account_history"`);
  }
}
