import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { UserRole, UserStatus } from '#contracts';
import { Organisation } from '../../organisations/entities/organisation.entity.js';

/**
 * A planner of an organisation. `fcUserCi` identifies them at the organisation; it is a personal
 * identifier (a CI derives from the resident registration number), so it is stored only encrypted,
 * with a keyed hash beside it that SSO sign-in finds the user by.
 */
@Entity({ name: 'users' })
@Index('uq_users_organisation_ci_hash', ['organisationId', 'fcUserCiHash'], { unique: true })
@Index('idx_users_organisation_name', ['organisationId', 'name', 'id'])
export class User {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'organisation_id', type: 'uuid' })
  organisationId!: string;

  @ManyToOne(() => Organisation, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'organisation_id', foreignKeyConstraintName: 'fk_users_organisation' })
  organisation?: Relation<Organisation>;

  @Column({ name: 'fc_user_ci_hash', type: 'char', length: 64 })
  fcUserCiHash!: string;

  @Column({ name: 'fc_user_ci_ciphertext', type: 'bytea' })
  fcUserCiCiphertext!: Buffer;

  @Column({ name: 'fc_user_ci_key_id', type: 'varchar', length: 32 })
  fcUserCiKeyId!: string;

  @Column({ type: 'varchar', length: 50 })
  name!: string;

  /** Digits only. */
  @Column({ type: 'varchar', length: 11, nullable: true })
  phone!: string | null;

  @Column({ type: 'varchar', length: 16 })
  role!: UserRole;

  @Column({ type: 'varchar', length: 16 })
  status!: UserStatus;

  @Column({ name: 'last_signed_in_at', type: 'timestamptz', nullable: true })
  lastSignedInAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
