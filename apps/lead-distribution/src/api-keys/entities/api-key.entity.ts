import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { ApiKeyRole } from '#contracts';
import { Partner } from '../../partners/entities/partner.entity.js';

/**
 * A credential sent as X-API-Key. Only the SHA-256 of the key is stored (keys are 256 random bits,
 * so a fast hash is enough); the prefix lets people recognise a key without revealing it.
 */
@Entity({ name: 'api_keys' })
export class ApiKey {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 16 })
  role!: ApiKeyRole;

  @Index('idx_api_keys_partner_id')
  @Column({ name: 'partner_id', type: 'int', nullable: true })
  partnerId!: number | null;

  @ManyToOne(() => Partner, { nullable: true, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'partner_id', foreignKeyConstraintName: 'fk_api_keys_partner' })
  partner?: Relation<Partner> | null;

  @Column({ name: 'provider_id', type: 'uuid', nullable: true })
  providerId!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  name!: string | null;

  @Column({ type: 'varchar', length: 12 })
  prefix!: string;

  @Index('uq_api_keys_key_hash', { unique: true })
  @Column({ name: 'key_hash', type: 'char', length: 64 })
  keyHash!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}
