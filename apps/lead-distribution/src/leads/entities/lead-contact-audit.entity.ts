import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** One decrypted name-and-contact lookup: who asked, for which leads, which were revealed. */
@Entity({ name: 'lead_contact_audits' })
export class LeadContactAudit {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Index('idx_lead_contact_audits_partner_id')
  @Column({ name: 'partner_id', type: 'int' })
  partnerId!: number;

  @Column({ name: 'api_key_id', type: 'varchar', length: 64 })
  apiKeyId!: string;

  @Column({ name: 'request_id', type: 'varchar', length: 128 })
  requestId!: string;

  @Column({ name: 'requested_lead_ids', type: 'uuid', array: true })
  requestedLeadIds!: string[];

  @Column({ name: 'revealed_lead_ids', type: 'uuid', array: true })
  revealedLeadIds!: string[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
