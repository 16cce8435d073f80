import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OrganisationsUsersAndSignIn1795248118318 implements MigrationInterface {
  name = 'OrganisationsUsersAndSignIn1795248118318';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "organisations" ("id" uuid NOT NULL, "name" character varying(100) NOT NULL, "sso_secret_ciphertext" bytea NOT NULL, "sso_secret_key_id" character varying(32) NOT NULL, "sso_secret_issued_at" TIMESTAMP WITH TIME ZONE NOT NULL, "redirect_uris" text array NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7bf54cba378d5b2f1d4c10ef4df" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "users" ("id" uuid NOT NULL, "organisation_id" uuid NOT NULL, "fc_user_ci_hash" character(64) NOT NULL, "fc_user_ci_ciphertext" bytea NOT NULL, "fc_user_ci_key_id" character varying(32) NOT NULL, "name" character varying(50) NOT NULL, "phone" character varying(11), "role" character varying(16) NOT NULL, "status" character varying(16) NOT NULL, "last_signed_in_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_users_organisation_name" ON "users"  ("organisation_id", "name", "id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_users_organisation_ci_hash" ON "users"  ("organisation_id", "fc_user_ci_hash") `);
    await queryRunner.query(
      `CREATE TABLE "auth_codes" ("code_hash" character(64) NOT NULL, "user_id" uuid NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_3dcd92fe76eddf26cb14731ba37" PRIMARY KEY ("code_hash"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_auth_codes_user_id" ON "auth_codes"  ("user_id") `);
    await queryRunner.query(`CREATE INDEX "idx_auth_codes_expires_at" ON "auth_codes"  ("expires_at") `);
    await queryRunner.query(
      `CREATE TABLE "refresh_tokens" ("id" uuid NOT NULL, "token_hash" character(64) NOT NULL, "family_id" uuid NOT NULL, "user_id" uuid NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7d8bee0204106019488c4c50ffa" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_refresh_tokens_token_hash" ON "refresh_tokens"  ("token_hash") `);
    await queryRunner.query(`CREATE INDEX "idx_refresh_tokens_family_id" ON "refresh_tokens"  ("family_id") `);
    await queryRunner.query(`CREATE INDEX "idx_refresh_tokens_user_id" ON "refresh_tokens"  ("user_id") `);
    await queryRunner.query(`CREATE INDEX "idx_refresh_tokens_expires_at" ON "refresh_tokens"  ("expires_at") `);
    await queryRunner.query(
      `CREATE TABLE "sso_assertions" ("organisation_id" uuid NOT NULL, "jti" character varying(128) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_7c8243ea7f029dd94b1a2e23105" PRIMARY KEY ("organisation_id", "jti"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_sso_assertions_expires_at" ON "sso_assertions"  ("expires_at") `);
    await queryRunner.query(
      `ALTER TABLE "users" ADD CONSTRAINT "fk_users_organisation" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "auth_codes" ADD CONSTRAINT "fk_auth_codes_user" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "refresh_tokens" ADD CONSTRAINT "fk_refresh_tokens_user" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "sso_assertions" ADD CONSTRAINT "fk_sso_assertions_organisation" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sso_assertions" DROP CONSTRAINT "fk_sso_assertions_organisation"`);
    await queryRunner.query(`ALTER TABLE "refresh_tokens" DROP CONSTRAINT "fk_refresh_tokens_user"`);
    await queryRunner.query(`ALTER TABLE "auth_codes" DROP CONSTRAINT "fk_auth_codes_user"`);
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "fk_users_organisation"`);
    await queryRunner.query(`DROP INDEX "public"."idx_sso_assertions_expires_at"`);
    await queryRunner.query(`DROP TABLE "sso_assertions"`);
    await queryRunner.query(`DROP INDEX "public"."idx_refresh_tokens_expires_at"`);
    await queryRunner.query(`DROP INDEX "public"."idx_refresh_tokens_user_id"`);
    await queryRunner.query(`DROP INDEX "public"."idx_refresh_tokens_family_id"`);
    await queryRunner.query(`DROP INDEX "public"."uq_refresh_tokens_token_hash"`);
    await queryRunner.query(`DROP TABLE "refresh_tokens"`);
    await queryRunner.query(`DROP INDEX "public"."idx_auth_codes_expires_at"`);
    await queryRunner.query(`DROP INDEX "public"."idx_auth_codes_user_id"`);
    await queryRunner.query(`DROP TABLE "auth_codes"`);
    await queryRunner.query(`DROP INDEX "public"."uq_users_organisation_ci_hash"`);
    await queryRunner.query(`DROP INDEX "public"."idx_users_organisation_name"`);
    await queryRunner.query(`DROP TABLE "users"`);
    await queryRunner.query(`DROP TABLE "organisations"`);
  }
}
