import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import type { OrderStatus } from '#contracts';
import { Partner } from '../../partners/entities/partner.entity.js';
import { Product } from '../../products/entities/product.entity.js';
import { OrderRegion } from './order-region.entity.js';

/** A partner's order for leads of one product, with a quantity per region. */
@Entity({ name: 'orders' })
@Index('idx_orders_partner_created', ['partnerId', 'createdAt', 'id'])
// Open orders by product, oldest first (partial: WHERE status IN open), written by the migrations.
@Index('idx_orders_open', { synchronize: false })
export class Order {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'product_id', type: 'uuid' })
  productId!: string;

  @ManyToOne(() => Product, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'product_id', foreignKeyConstraintName: 'fk_orders_product' })
  product?: Relation<Product>;

  @Column({ name: 'partner_id', type: 'int' })
  partnerId!: number;

  @ManyToOne(() => Partner, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'partner_id', foreignKeyConstraintName: 'fk_orders_partner' })
  partner?: Relation<Partner>;

  @Column({ name: 'orderer_name', type: 'varchar', length: 50 })
  ordererName!: string;

  @Column({ name: 'orderer_contact', type: 'varchar', length: 50 })
  ordererContact!: string;

  @Column({ name: 'region_memo', type: 'text', nullable: true })
  regionMemo!: string | null;

  @Column({ type: 'text', nullable: true })
  memo!: string | null;

  @Column({ type: 'varchar', length: 16 })
  status!: OrderStatus;

  /** When the order starts taking leads (the creation time unless reserved for later). Orders are served oldest first by it. */
  @Column({ name: 'reservation_date', type: 'timestamptz' })
  reservationDate!: Date;

  /** Set once the order has taken the leads waiting in the pool (at creation, or when its reservation arrives). */
  @Column({ name: 'activated_at', type: 'timestamptz', nullable: true })
  activatedAt!: Date | null;

  @Column({ name: 'cancel_memo', type: 'text', nullable: true })
  cancelMemo!: string | null;

  @OneToMany(() => OrderRegion, (region) => region.order)
  regions?: Relation<OrderRegion[]>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
