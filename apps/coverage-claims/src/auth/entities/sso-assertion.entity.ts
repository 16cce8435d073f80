import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { Organisation } from '../../organisations/entities/organisation.entity.js';

/**
 * The `jti` of every accepted SSO assertion, per organisation: the primary key makes a second use
 * fail, even when two arrive at once. A row may be deleted once `expires_at` has passed, because the
 * assertion's own expiry refuses it from then on.
 */
@Entity({ name: 'sso_assertions' })
export class SsoAssertion {
  @PrimaryColumn({ name: 'organisation_id', type: 'uuid' })
  organisationId!: string;

  @PrimaryColumn({ type: 'varchar', length: 128 })
  jti!: string;

  @ManyToOne(() => Organisation, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organisation_id', foreignKeyConstraintName: 'fk_sso_assertions_organisation' })
  organisation?: Relation<Organisation>;

  @Index('idx_sso_assertions_expires_at')
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;
}
