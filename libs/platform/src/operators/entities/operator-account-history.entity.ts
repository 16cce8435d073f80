import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * What was done to an operator account, by whom and when (safeguards notice art. 5: kept at least
 * three years). Append-only: only OperatorsRepository inserts rows, and nothing updates or deletes
 * them (no sweep runs before 1,095 days; there is none today).
 */
@Entity({ name: 'operator_account_history' })
@Index('idx_operator_account_history_account', ['accountId', 'at'])
export class OperatorAccountHistory {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  /** Not a foreign key: the history outlives nothing it names, and accounts are never deleted. */
  @Column({ name: 'account_id', type: 'uuid' })
  accountId!: string;

  /** granted, role-changed, disabled, enabled, second-factor-reset, api-key-issued, ... (OperatorAccountEvent). */
  @Column({ type: 'varchar', length: 32 })
  event!: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  before!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  after!: string | null;

  /** operator or bootstrap. */
  @Column({ name: 'by_kind', type: 'varchar', length: 16 })
  byKind!: string;

  @Column({ name: 'by_id', type: 'varchar', length: 64 })
  byId!: string;

  @Column({ type: 'timestamptz' })
  at!: Date;
}
