import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { AccessSubject } from './access-record.decorator.js';

/**
 * One access record (접속기록): who handled whose personal data, when, from where, and how. Appended
 * only through append_access_records_v1 (sql/: AccessRecordWriter, or a feature in its own
 * transaction), then chained, in id order, by AccessRecordSealer into access_record_seals; never
 * changed: a trigger (sql/access_records_guard.v2.sql) refuses every change and every deletion but
 * the retention sweep's (docs/decisions/operators-and-access-records.md).
 */
@Entity({ name: 'access_records' })
@Index('idx_access_records_recorded_at', ['recordedAt', 'id'])
@Index('idx_access_records_actor', ['actorKind', 'actorId', 'recordedAt'])
@Index('idx_access_records_action', ['action', 'recordedAt'])
// Written by hand in the migrations (GIN): the subject search.
@Index('idx_access_records_subjects', { synchronize: false })
export class AccessRecord {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  /** When the call ended (the answer was about to leave), to the second. */
  @Column({ name: 'recorded_at', type: 'timestamptz', precision: 0 })
  recordedAt!: Date;

  /** `operator`, `bootstrap`, `partner-key`, `provider-key`, `planner` (AccessActor). */
  @Column({ name: 'actor_kind', type: 'varchar', length: 16 })
  actorKind!: string;

  @Column({ name: 'actor_id', type: 'varchar', length: 100 })
  actorId!: string;

  /** The client address (Fastify's request.ip under TRUSTED_PROXY_HOPS). */
  @Column({ type: 'varchar', length: 64 })
  address!: string;

  /** view, use, input, change, delete, print, download; or an event: sign-in-failed, key-refused. */
  @Column({ type: 'varchar', length: 16 })
  action!: string;

  /** The operation (OpenAPI operationId), or what an event attempted. */
  @Column({ type: 'varchar', length: 100 })
  operation!: string;

  /** The data subjects by identifier, `[{ type, id }]`, never their contents. */
  @Column({ type: 'jsonb', default: () => `'[]'` })
  subjects!: AccessSubject[];

  /** Why (exports and bulk downloads), as the caller gave it. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  reason!: string | null;

  @Column({ name: 'request_id', type: 'varchar', length: 128, nullable: true })
  requestId!: string | null;
}
