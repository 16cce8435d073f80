import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sign-ins (the family of refresh tokens, the `sid` of access tokens) with an absolute end; codes
 * bound to their redirect URI and PKCE challenge. Data: codes in flight (60 s at most) cannot name
 * a challenge and are dropped (their planners sign in again); every existing refresh-token family
 * becomes a sign-in that ends 30 days (the default SIGN_IN_LIFETIME_SECONDS) after its first token,
 * revoked if any of its tokens was. Access tokens issued before carry no `sid` and are refused: a
 * front end refreshes them as after an expiry.
 */
export class SignInsPkceAndSignOut1795423481762 implements MigrationInterface {
  name = 'SignInsPkceAndSignOut1795423481762';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "sign_ins" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "revoked_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_4579b825694df5090ed8a003735" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_sign_ins_user_id" ON "sign_ins"  ("user_id") `);
    await queryRunner.query(`CREATE INDEX "idx_sign_ins_expires_at" ON "sign_ins"  ("expires_at") `);
    await queryRunner.query(`DELETE FROM "auth_codes"`);
    await queryRunner.query(`ALTER TABLE "auth_codes" ADD "redirect_uri" text NOT NULL`);
    await queryRunner.query(`ALTER TABLE "auth_codes" ADD "code_challenge" character(43) NOT NULL`);
    await queryRunner.query(
      `ALTER TABLE "sign_ins" ADD CONSTRAINT "fk_sign_ins_user" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `INSERT INTO "sign_ins" ("id", "user_id", "expires_at", "revoked_at", "created_at")
       SELECT "family_id", min("user_id"::text)::uuid, min("created_at") + interval '30 days', max("revoked_at"), min("created_at")
         FROM "refresh_tokens" GROUP BY "family_id"`,
    );
    await queryRunner.query(
      `ALTER TABLE "refresh_tokens" ADD CONSTRAINT "fk_refresh_tokens_sign_in" FOREIGN KEY ("family_id") REFERENCES "sign_ins"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "refresh_tokens" DROP CONSTRAINT "fk_refresh_tokens_sign_in"`);
    await queryRunner.query(`ALTER TABLE "sign_ins" DROP CONSTRAINT "fk_sign_ins_user"`);
    await queryRunner.query(`ALTER TABLE "auth_codes" DROP COLUMN "code_challenge"`);
    await queryRunner.query(`ALTER TABLE "auth_codes" DROP COLUMN "redirect_uri"`);
    await queryRunner.query(`DROP INDEX "public"."idx_sign_ins_expires_at"`);
    await queryRunner.query(`DROP INDEX "public"."idx_sign_ins_user_id"`);
    await queryRunner.query(`DROP TABLE "sign_ins"`);
  }
}
