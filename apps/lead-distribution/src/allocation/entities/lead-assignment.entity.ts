import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

export enum AssignmentKind {
  Order = 'ORDER',
  Manual = 'MANUAL',
  Distribute = 'DISTRIBUTE',
  Recall = 'RECALL',
}

/** Every hand-over of a lead: to a partner by an order or an operator, or down and back up an organisation. */
@Entity({ name: 'lead_assignments' })
@Index('idx_lead_assignments_lead_created', ['leadId', 'createdAt'])
@Index('idx_lead_assignments_order', ['orderId'])
export class LeadAssignment {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'lead_id', type: 'uuid' })
  leadId!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: AssignmentKind;

  @Column({ name: 'order_id', type: 'uuid', nullable: true })
  orderId!: string | null;

  @Column({ name: 'from_partner_id', type: 'int', nullable: true })
  fromPartnerId!: number | null;

  @Column({ name: 'to_partner_id', type: 'int' })
  toPartnerId!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
