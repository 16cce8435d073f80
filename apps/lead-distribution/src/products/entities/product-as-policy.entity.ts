import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { Product } from './product.entity.js';

/** The AS policy text of a product, as saved on the administrator product screen. */
@Entity({ name: 'product_as_policies' })
export class ProductAsPolicy {
  @PrimaryColumn({ name: 'product_id', type: 'uuid' })
  productId!: string;

  @OneToOne(() => Product, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'product_id', foreignKeyConstraintName: 'fk_product_as_policies_product' })
  product?: Relation<Product>;

  /** Changes on every save, so clients can tell one version of the text from another. */
  @Column({ name: 'policy_id', type: 'uuid' })
  policyId!: string;

  @Column({ name: 'text_content', type: 'text' })
  textContent!: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
