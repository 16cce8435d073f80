import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The turn of a periodic job among the replicas: the replica that moves `next_run_at` forward
 * (FOR UPDATE SKIP LOCKED) runs it; the others wait until then. Written only by BackgroundWork.
 */
@Entity({ name: 'background_turns' })
export class BackgroundTurn {
  @PrimaryColumn({ type: 'varchar', length: 100 })
  name!: string;

  /** When the next run is due; moving it forward is taking the turn (a lease of one interval). */
  @Column({ name: 'next_run_at', type: 'timestamptz' })
  nextRunAt!: Date;

  @Column({ name: 'last_started_at', type: 'timestamptz', nullable: true })
  lastStartedAt!: Date | null;

  @Column({ name: 'last_finished_at', type: 'timestamptz', nullable: true })
  lastFinishedAt!: Date | null;

  /** The last run's error, null once a run succeeds. */
  @Column({ name: 'last_error', type: 'varchar', length: 500, nullable: true })
  lastError!: string | null;
}
