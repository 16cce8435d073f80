import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One attempt of an item of queued work (a webhook delivery, a claim's fax), as the attempt log keeps
 * it: written only by AttemptLog, in the transaction of the owner's record of the outcome, and forgotten
 * with the item.
 */
@Entity({ name: 'background_attempts' })
@Index('idx_background_attempts_item', ['work', 'itemId', 'attemptedAt', 'id'])
export class BackgroundAttempt {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  /** The queued work's name (`webhook-delivery`, `claim-delivery`). */
  @Column({ type: 'varchar', length: 100 })
  work!: string;

  /** The item's key, as text (a delivery's uuid, a claim's id). */
  @Column({ name: 'item_id', type: 'varchar', length: 100 })
  itemId!: string;

  @Column({ name: 'attempted_at', type: 'timestamptz' })
  attemptedAt!: Date;

  /** The work's own word for how the attempt ended (SUCCESS, HTTP_ERROR, SENT, RETRY, …). */
  @Column({ type: 'varchar', length: 24 })
  outcome!: string;

  /** The answer's status, where the attempt was a request that has one (HTTP). */
  @Column({ name: 'status_code', type: 'int', nullable: true })
  statusCode!: number | null;

  @Column({ name: 'latency_ms', type: 'int' })
  latencyMs!: number;

  /** What the work keeps of the attempt beyond its outcome (a response's first bytes, a fax request id). */
  @Column({ type: 'text', nullable: true })
  detail!: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  error!: string | null;

  /** When this attempt scheduled the next one (null: none). */
  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt!: Date | null;
}
