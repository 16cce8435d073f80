import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { AsStatus } from '#contracts';
import { Lead } from '../../leads/entities/lead.entity.js';
import { Partner } from '../../partners/entities/partner.entity.js';
import { AsReason } from './as-reason.entity.js';

/** An AS (return) request about a lead, filed by the partner that owned it. */
@Entity({ name: 'lead_as_requests' })
@Index('idx_lead_as_requests_lead_created', ['leadId', 'createdAt', 'id'])
@Index('idx_lead_as_requests_status_created', ['status', 'createdAt', 'id'])
export class LeadAsRequest {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'lead_id', type: 'uuid' })
  leadId!: string;

  @ManyToOne(() => Lead, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lead_id', foreignKeyConstraintName: 'fk_lead_as_requests_lead' })
  lead?: Relation<Lead>;

  @Index('idx_lead_as_requests_partner_id')
  @Column({ name: 'partner_id', type: 'int' })
  partnerId!: number;

  @ManyToOne(() => Partner, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'partner_id', foreignKeyConstraintName: 'fk_lead_as_requests_partner' })
  partner?: Relation<Partner>;

  @Column({ name: 'reason_code', type: 'varchar', length: 40 })
  reasonCode!: string;

  @ManyToOne(() => AsReason, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'reason_code', referencedColumnName: 'code', foreignKeyConstraintName: 'fk_lead_as_requests_reason' })
  reason?: Relation<AsReason>;

  @Column({ type: 'varchar', length: 16 })
  status!: AsStatus;

  @Column({ name: 'customer_memo', type: 'text', nullable: true })
  customerMemo!: string | null;

  @Column({ name: 'admin_note', type: 'text', nullable: true })
  adminNote!: string | null;

  @Column({ name: 'reviewed_at', type: 'timestamptz', nullable: true })
  reviewedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** Statuses in which an AS request is still open: the lead cannot get another one, and it can be cancelled. */
export const ACTIVE_AS_STATUSES: readonly AsStatus[] = [AsStatus.Pending, AsStatus.OnHold];
