import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A personal API key of one operator account, for scripts: the hash only; it dies with the account. */
@Entity({ name: 'operator_api_keys' })
@Index('idx_operator_api_keys_account', ['accountId'])
export class OperatorApiKey {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'account_id', type: 'uuid' })
  accountId!: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  name!: string | null;

  @Column({ type: 'varchar', length: 16 })
  prefix!: string;

  @Index('uq_operator_api_keys_hash', { unique: true })
  @Column({ name: 'key_hash', type: 'char', length: 64 })
  keyHash!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}
