import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { User } from '../../users/entities/user.entity.js';

/**
 * A one-time sign-in code, stored only as its SHA-256, bound to the redirect URI it was sent to and
 * to the PKCE challenge of the sign-in request (RFC 7636, S256): the exchange must name both.
 */
@Entity({ name: 'auth_codes' })
export class AuthCode {
  @PrimaryColumn({ name: 'code_hash', type: 'char', length: 64 })
  codeHash!: string;

  @Index('idx_auth_codes_user_id')
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_auth_codes_user' })
  user?: Relation<User>;

  @Column({ name: 'redirect_uri', type: 'text' })
  redirectUri!: string;

  /** BASE64URL(SHA-256(code_verifier)), 43 characters. */
  @Column({ name: 'code_challenge', type: 'char', length: 43 })
  codeChallenge!: string;

  @Index('idx_auth_codes_expires_at')
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
