import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A person who operates the service (safeguards notice art. 5: one account per person). Written only
 * by OperatorsRepository. The guard reads the row on every operator request, so a disabled account or
 * a changed role takes effect on the next one.
 */
@Entity({ name: 'operator_accounts' })
@Index('uq_operator_accounts_email', { synchronize: false })
export class OperatorAccount {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  /** As given; unique without case (a unique index on lower(email), in the migration). */
  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  /** viewer, reviewer or admin. */
  @Column({ type: 'varchar', length: 16 })
  role!: string;

  /** argon2id in the PHC string format (parameters and salt with the hash). */
  @Column({ name: 'password_hash', type: 'varchar', length: 255 })
  passwordHash!: string;

  /** The TOTP secret, sealed with the service's FieldCipher; null until the first sign-in makes one. */
  @Column({ name: 'totp_secret', type: 'bytea', nullable: true })
  totpSecret!: Buffer | null;

  @Column({ name: 'totp_secret_key_id', type: 'varchar', length: 32, nullable: true })
  totpSecretKeyId!: string | null;

  /** When a code confirmed the secret; until then each sign-in shows a new one. */
  @Column({ name: 'totp_enrolled_at', type: 'timestamptz', nullable: true })
  totpEnrolledAt!: Date | null;

  /** The last TOTP time step used: a code is accepted once. */
  @Column({ name: 'totp_last_step', type: 'bigint', nullable: true })
  totpLastStep!: string | null;

  /** SHA-256 (hex) of each unused recovery code; a used one is removed. */
  @Column({ name: 'recovery_code_hashes', type: 'jsonb' })
  recoveryCodeHashes!: string[];

  /** Failed sign-in attempts in a row (password or second factor); reset by a success and by a lock. */
  @Column({ name: 'failed_sign_ins', type: 'int', default: 0 })
  failedSignIns!: number;

  @Column({ name: 'locked_until', type: 'timestamptz', nullable: true })
  lockedUntil!: Date | null;

  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true })
  disabledAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
