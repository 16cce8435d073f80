import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { ProductAsPolicy } from './entities/product-as-policy.entity.js';
import { Product } from './entities/product.entity.js';

@Injectable()
export class ProductsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Inserts the product; false when the id is taken. */
  async insertIfAbsent(product: Pick<Product, 'id' | 'name' | 'providerId' | 'asWindowDays' | 'active'>): Promise<boolean> {
    const result = await this.dataSource.createQueryBuilder().insert().into(Product).values(product).orIgnore().returning(['id']).execute();
    return result.raw.length > 0;
  }

  findById(id: string): Promise<Product | null> {
    return this.dataSource.getRepository(Product).findOne({ where: { id } });
  }

  findPolicy(productId: string): Promise<ProductAsPolicy | null> {
    return this.dataSource.getRepository(ProductAsPolicy).findOne({ where: { productId } });
  }

  /** Creates or replaces the policy text; every save gets a new policy id. */
  async savePolicy(productId: string, textContent: string): Promise<ProductAsPolicy> {
    await this.dataSource.query(
      `INSERT INTO product_as_policies (product_id, policy_id, text_content, updated_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (product_id) DO UPDATE SET policy_id = EXCLUDED.policy_id, text_content = EXCLUDED.text_content, updated_at = now()`,
      [productId, uuidv7(), textContent],
    );
    return (await this.findPolicy(productId))!;
  }
}
