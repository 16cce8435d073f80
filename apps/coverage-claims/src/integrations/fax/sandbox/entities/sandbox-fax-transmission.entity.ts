import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import type { FaxFailureKind } from '../../fax.port.js';

/** How a sandbox transmission ended: SENT or the failure's kind. */
export type SandboxFaxResult = 'SENT' | FaxFailureKind;

/**
 * A transmission the sandbox fax adapter was given, kept in the database like a gateway's record, so
 * that every replica sees the same history (the magic number that is busy twice counts them). It
 * holds no document: the number is an insurer's, the reference names a claim by its id.
 */
@Entity({ name: 'sandbox_fax_transmissions' })
@Index('idx_sandbox_fax_transmissions_reference', ['reference', 'createdAt'])
export class SandboxFaxTransmission {
  /** The job id the adapter answers. */
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

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

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
