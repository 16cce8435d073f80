import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { Provider } from '../../providers/entities/provider.entity.js';

/** What partners order: leads of one kind, supplied by one provider. */
@Entity({ name: 'products' })
export class Product {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Index('idx_products_provider_id')
  @Column({ name: 'provider_id', type: 'uuid' })
  providerId!: string;

  @ManyToOne(() => Provider, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'provider_id', foreignKeyConstraintName: 'fk_products_provider' })
  provider?: Relation<Provider>;

  /** Days after assignment during which an AS request may be filed. */
  @Column({ name: 'as_window_days', type: 'int', default: 7 })
  asWindowDays!: number;

  @Column({ type: 'boolean', default: true })
  active!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
