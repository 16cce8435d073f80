import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn, type Relation } from 'typeorm';
import type { AsStatus } from '#contracts';
import { Partner } from '../../partners/entities/partner.entity.js';
import { Product } from '../../products/entities/product.entity.js';

/**
 * A customer contact record ("DB") of a product. The phone is stored only encrypted, with its last
 * four digits (search, masking) and a keyed hash (duplicate detection) beside it. The latest AS
 * request's status is kept on the lead so that lists never read AS history.
 *
 * Indexes for the partner lists are partial or trigram indexes that TypeORM cannot describe; they
 * are declared here with `synchronize: false` and created by the migrations.
 */
@Entity({ name: 'leads' })
@Index('idx_leads_partner_distributed', { synchronize: false })
@Index('idx_leads_partner_unused_distributed', { synchronize: false })
@Index('idx_leads_partner_used_at', { synchronize: false })
@Index('idx_leads_partner_active_as', { synchronize: false })
@Index('idx_leads_partner_birth_date', { synchronize: false })
@Index('idx_leads_partner_phone_last4', { synchronize: false })
@Index('idx_leads_partner_product', { synchronize: false })
@Index('idx_leads_search_trgm', { synchronize: false })
@Index('idx_leads_partner_search', { synchronize: false })
@Index('idx_leads_pool', { synchronize: false })
@Index('idx_leads_product_phone_hash', { synchronize: false })
export class Lead {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'product_id', type: 'uuid' })
  productId!: string;

  @ManyToOne(() => Product, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'product_id', foreignKeyConstraintName: 'fk_leads_product' })
  product?: Relation<Product>;

  /** Owner; null while the lead waits in the pool or after an approved AS request returned it. */
  @Column({ name: 'partner_id', type: 'int', nullable: true })
  partnerId!: number | null;

  @ManyToOne(() => Partner, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'partner_id', foreignKeyConstraintName: 'fk_leads_partner' })
  partner?: Relation<Partner> | null;

  @Column({ name: 'order_id', type: 'uuid', nullable: true })
  orderId!: string | null;

  @Column({ name: 'assignment_id', type: 'uuid', nullable: true })
  assignmentId!: string | null;

  @Column({ type: 'varchar', length: 50 })
  name!: string;

  /** The name as shown until the lead is used (maskName): what `search` of the AS list matches then. */
  @Column({ name: 'masked_name', type: 'varchar', length: 50 })
  maskedName!: string;

  @Column({ name: 'phone_ciphertext', type: 'bytea' })
  phoneCiphertext!: Buffer;

  @Column({ name: 'phone_key_id', type: 'varchar', length: 32 })
  phoneKeyId!: string;

  @Column({ name: 'phone_prefix', type: 'char', length: 3 })
  phonePrefix!: string;

  @Column({ name: 'phone_last4', type: 'char', length: 4 })
  phoneLast4!: string;

  @Column({ name: 'phone_hash', type: 'char', length: 64 })
  phoneHash!: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  email!: string | null;

  @Column({ type: 'varchar', length: 10 })
  region!: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  address!: string | null;

  /** YYMMDD, compared as a string when sorting by age. */
  @Column({ name: 'birth_date', type: 'char', length: 6 })
  birthDate!: string;

  @Column({ type: 'char', length: 1 })
  gender!: string;

  @Column({ type: 'text', nullable: true })
  memo!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  metadata!: Record<string, unknown> | null;

  /**
   * Lower-cased name, email, memo and product name as the owner is shown them (masked until the lead
   * is used): what `search` of the lead list matches partially (see searchTextAsShown()).
   */
  @Column({ name: 'search_text', type: 'text' })
  searchText!: string;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @Column({ name: 'assigned_at', type: 'timestamptz', nullable: true })
  assignedAt!: Date | null;

  @Column({ name: 'last_distributed_at', type: 'timestamptz', nullable: true })
  lastDistributedAt!: Date | null;

  @Column({ name: 'returned_at', type: 'timestamptz', nullable: true })
  returnedAt!: Date | null;

  @Column({ name: 'latest_as_id', type: 'uuid', nullable: true })
  latestAsId!: string | null;

  @Column({ name: 'latest_as_status', type: 'varchar', length: 16, nullable: true })
  latestAsStatus!: AsStatus | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
