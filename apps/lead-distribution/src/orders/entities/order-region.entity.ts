import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { Order } from './order.entity.js';

/**
 * What an order owes in one region. `delivered` only grows through a conditional update
 * (`delivered < quantity`), which is what keeps allocation exact under concurrency.
 */
@Entity({ name: 'order_regions' })
export class OrderRegion {
  @PrimaryColumn({ name: 'order_id', type: 'uuid' })
  orderId!: string;

  @PrimaryColumn({ type: 'varchar', length: 10 })
  region!: string;

  @ManyToOne(() => Order, (order) => order.regions, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'fk_order_regions_order' })
  order?: Relation<Order>;

  /** Ordered, plus one for each approved AS request on a lead this order delivered. */
  @Column({ type: 'int' })
  quantity!: number;

  @Column({ type: 'int', default: 0 })
  delivered!: number;
}
