import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The first response to a request sent with an Idempotency-Key, kept for 24 hours so that a retry
 * gets it again instead of creating a second resource. Each service lists this entity and has the
 * table in its own database.
 */
@Entity({ name: 'idempotency_records' })
export class IdempotencyRecord {
  /** Who sent it (the credential's id): the same key from two callers are two records. */
  @PrimaryColumn({ type: 'varchar', length: 100 })
  scope!: string;

  @PrimaryColumn({ name: 'idempotency_key', type: 'varchar', length: 255 })
  idempotencyKey!: string;

  /** SHA-256 of method, path and body: a reuse of the key for another request is refused. */
  @Column({ name: 'request_hash', type: 'char', length: 64 })
  requestHash!: string;

  /**
   * The claim of the request handling the key now: its answer is stored only under this token, so a
   * request whose claim was taken over (its lease ran out, IDEMPOTENCY_LEASE_SECONDS) stores nothing.
   */
  @Column({ name: 'claim_token', type: 'uuid', nullable: true })
  claimToken!: string | null;

  /** Null while the first request is still being handled. */
  @Column({ name: 'status_code', type: 'int', nullable: true })
  statusCode!: number | null;

  @Column({ name: 'response_body', type: 'jsonb', nullable: true })
  responseBody!: unknown;

  /**
   * What the request was about (`customer:<id>`, `claim:<id>`, ...), named by the route's
   * @Idempotent({ subjectOf }) from its response: erasing that subject deletes its records, whose
   * request hash and response may hold its personal data. Null for routes that name none.
   */
  @Index('idx_idempotency_records_subject')
  @Column({ type: 'varchar', length: 100, nullable: true })
  subject!: string | null;

  /** When the key was claimed (the 24 hours and an unfinished claim's lease count from it). */
  @Index('idx_idempotency_records_created_at')
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
