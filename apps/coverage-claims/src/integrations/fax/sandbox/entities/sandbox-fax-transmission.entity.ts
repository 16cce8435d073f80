import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import type { FaxFailureKind } from '../../fax.port.js';

/** How a sandbox transmission ended: SENT or the failure's kind. */
export type SandboxFaxResult = 'SENT' | FaxFailureKind;

/**
 * A transmission the sandbox fax adapter was given, kept in the database like a gateway's record, so
 * that every replica sees the same history (the magic number that is busy twice counts them) and a
 * result can be asked of any replica. Its result is decided when it is handed over and shows from
 * `completes_at` on, as a line would take its time. It holds no document: the number is an
 * insurer's, the reference names a claim by its id.
 */
@Entity({ name: 'sandbox_fax_transmissions' })
@Index('idx_sandbox_fax_transmissions_reference', ['reference', 'createdAt'])
export class SandboxFaxTransmission {
  /** The job id (and receipt) the adapter answers. */
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  /** The caller's request id: one transmission per id (null for those kept before request ids were). */
  @Index('uq_sandbox_fax_transmissions_request', { unique: true })
  @Column({ name: 'request_id', type: 'varchar', length: 36, nullable: true })
  requestId!: string | null;

  @Column({ type: 'varchar', length: 64 })
  reference!: string;

  @Column({ name: 'to_number', type: 'varchar', length: 12 })
  toNumber!: string;

  @Column({ type: 'int' })
  pages!: number;

  @Column({ type: 'int' })
  bytes!: number;

  @Column({ type: 'varchar', length: 16 })
  result!: SandboxFaxResult;

  /** When the result shows: until then the transmission is on the line. */
  @Column({ name: 'completes_at', type: 'timestamptz', default: () => 'now()' })
  completesAt!: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
