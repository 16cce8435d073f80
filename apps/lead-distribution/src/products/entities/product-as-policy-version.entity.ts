import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { Product } from './product.entity.js';

/**
 * Every AS policy text ever saved for a product, the current one included (`product_as_policies`
 * holds which one partners are answered): operators see what a partner was shown before a change.
 */
@Entity({ name: 'product_as_policy_versions' })
@Index('idx_product_as_policy_versions_product_created', ['productId', 'createdAt'])
export class ProductAsPolicyVersion {
  @PrimaryColumn({ name: 'policy_id', type: 'uuid' })
  policyId!: string;

  @Column({ name: 'product_id', type: 'uuid' })
  productId!: string;

  @ManyToOne(() => Product, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'product_id', foreignKeyConstraintName: 'fk_product_as_policy_versions_product' })
  product?: Relation<Product>;

  @Column({ name: 'text_content', type: 'text' })
  textContent!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
