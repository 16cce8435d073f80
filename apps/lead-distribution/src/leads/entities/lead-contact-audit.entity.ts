import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One response that showed contacts in clear (or one call of the contacts lookup): who asked, through
 * which operation, for which leads, and which were revealed.
 */
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

  /** `leads.list`, `leads.get`, `leads.use`, `leads.distributed`, `leads.contacts`, `lead-as.list` or `lead-as.get`. */
  @Column({ type: 'varchar', length: 32 })
  operation!: string;

  @Column({ name: 'requested_lead_ids', type: 'uuid', array: true })
  requestedLeadIds!: string[];

  @Column({ name: 'revealed_lead_ids', type: 'uuid', array: true })
  revealedLeadIds!: string[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
