import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One link of the access records' hash chain: the record `recordId` is the `sequence`-th of the chain,
 * its `hash` is SHA-256 over `prevHash` (the hash of the link before) and the record's canonical text
 * with this sequence (access-record-chain.ts). Written only by AccessRecordSealer, in record id order,
 * never changed; a trigger (sql/access_record_seals_guard.v1.sql) refuses every change and every
 * deletion but the retention sweep's. The records themselves are never rewritten to be sealed.
 */
@Entity({ name: 'access_record_seals' })
@Index('uq_access_record_seals_record', ['recordId'], { unique: true })
export class AccessRecordSeal {
  @PrimaryColumn({ type: 'bigint' })
  sequence!: string;

  @Column({ name: 'record_id', type: 'bigint' })
  recordId!: string;

  /** The hash of the link before (64 zeros for the first). */
  @Column({ name: 'prev_hash', type: 'char', length: 64 })
  prevHash!: string;

  @Column({ type: 'char', length: 64 })
  hash!: string;

  /**
   * Every record with an id up to this was sealed by this link's batch or before (or rolled back):
   * the head's value is where the sealer looks next.
   */
  @Column({ name: 'sealed_through', type: 'bigint' })
  sealedThrough!: string;
}
