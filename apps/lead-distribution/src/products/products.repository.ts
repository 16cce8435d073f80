import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { uuidv7 } from '#platform';
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

  /**
   * One plain SELECT: every registration reads its product, and TypeORM's `findOne` (building the
   * query from the find options, mapping the row) cost about 250 µs of the service's CPU a call
   * there (issue 13's profile of `bench:allocation`).
   */
  async findById(id: string): Promise<Product | null> {
    const rows = await this.dataSource.query<Product[]>(
      `SELECT id, name, provider_id AS "providerId", as_window_days AS "asWindowDays", active, created_at AS "createdAt"
         FROM products WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
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
