import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A sign-in in progress (`challenge`: the password was right, the second factor is awaited) or a
 * signed-in session (`session`: the cookie's token). Only hashes of the tokens are kept.
 */
@Entity({ name: 'operator_sessions' })
@Index('idx_operator_sessions_account', ['accountId'])
export class OperatorSession {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'account_id', type: 'uuid' })
  accountId!: string;

  /** challenge or session. */
  @Column({ type: 'varchar', length: 16 })
  kind!: string;

  /** SHA-256 (hex) of the challenge or of the session cookie's value. */
  @Index('uq_operator_sessions_token', { unique: true })
  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash!: string;

  /** SHA-256 (hex) of the session's CSRF token (null for a challenge). */
  @Column({ name: 'csrf_hash', type: 'char', length: 64, nullable: true })
  csrfHash!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** The last request on the session: it ends 30 minutes after. */
  @Column({ name: 'last_seen_at', type: 'timestamptz' })
  lastSeenAt!: Date;

  /** The fixed end: a challenge's few minutes, a session's 12 hours. */
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  /** Signed out, superseded (the challenge became a session) or ended by the account's disabling. */
  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt!: Date | null;
}
