import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { User } from '../../users/entities/user.entity.js';

/**
 * One sign-in: made when a code is exchanged, it is the family of every refresh token rotated from
 * it and the `sid` of every access token issued under it. It ends at `expires_at` whatever the
 * rotation does (SIGN_IN_LIFETIME_SECONDS), or when revoked by sign-out or by the reuse of a
 * rotated refresh token; from then on its refresh tokens and access tokens are refused.
 */
@Entity({ name: 'sign_ins' })
export class SignIn {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Index('idx_sign_ins_user_id')
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_sign_ins_user' })
  user?: Relation<User>;

  @Index('idx_sign_ins_expires_at')
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
