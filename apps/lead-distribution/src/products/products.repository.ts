import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { escapeLike, pageAndCount, uuidv7 } from '#platform';
import { ProductAsPolicy } from './entities/product-as-policy.entity.js';
import { Product } from './entities/product.entity.js';

/** A product as operators list it: with its provider's name and whether an AS policy is set. */
export interface AdminProductRow extends Product {
  providerName: string;
  hasAsPolicy: boolean;
}

export interface AdminProductFilter {
  search?: string;
  active?: boolean;
  providerId?: string;
  offset: number;
  limit: number;
}

export type ProductChanges = Partial<Pick<Product, 'name' | 'providerId' | 'asWindowDays' | 'active'>>;

export interface AsPolicyVersionRow {
  policyId: string;
  textContent: string;
  createdAt: Date;
  current: boolean;
}

const ADMIN_PRODUCT_COLUMNS = `
  p.id, p.name, p.provider_id AS "providerId", pr.name AS "providerName", p.as_window_days AS "asWindowDays", p.active,
  p.created_at AS "createdAt", p.updated_at AS "updatedAt",
  EXISTS (SELECT 1 FROM product_as_policies ap WHERE ap.product_id = p.id) AS "hasAsPolicy"`;

const ADMIN_PRODUCT_FROM = `products p JOIN providers pr ON pr.id = p.provider_id`;

@Injectable()
export class ProductsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Inserts the product; false when the id is taken. */
  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async insertIfAbsent(
    tx: EntityManager,
    product: Pick<Product, 'id' | 'name' | 'providerId' | 'asWindowDays' | 'active'>,
  ): Promise<boolean> {
    const result = await tx.createQueryBuilder().insert().into(Product).values(product).orIgnore().returning(['id']).execute();
    return result.raw.length > 0;
  }

  /**
   * One plain SELECT: every registration reads its product, and TypeORM's `findOne` (building the
   * query from the find options, mapping the row) cost about 250 µs of the service's CPU a call
   * there (issue 13's profile of `bench:allocation`).
   */
  async findById(id: string, manager: EntityManager = this.dataSource.manager): Promise<Product | null> {
    const rows = await manager.query<Product[]>(
      `SELECT id, name, provider_id AS "providerId", as_window_days AS "asWindowDays", active, created_at AS "createdAt",
              updated_at AS "updatedAt"
         FROM products WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async findForOperator(id: string): Promise<AdminProductRow | null> {
    const rows = await this.dataSource.query<AdminProductRow[]>(
      `SELECT ${ADMIN_PRODUCT_COLUMNS} FROM ${ADMIN_PRODUCT_FROM} WHERE p.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** Products newest first, filtered by a partial name, activity and provider. */
  listForOperator(filter: AdminProductFilter): Promise<{ rows: AdminProductRow[]; total: number }> {
    const params: unknown[] = [];
    const add = (value: unknown) => `$${params.push(value)}`;
    const conditions = ['true'];
    if (filter.search) conditions.push(`p.name ILIKE ${add(`%${escapeLike(filter.search)}%`)}`);
    if (filter.active !== undefined) conditions.push(`p.active = ${add(filter.active)}`);
    if (filter.providerId) conditions.push(`p.provider_id = ${add(filter.providerId)}`);
    const where = conditions.join(' AND ');
    return pageAndCount<AdminProductRow>(this.dataSource, {
      select: `SELECT ${ADMIN_PRODUCT_COLUMNS} FROM ${ADMIN_PRODUCT_FROM} WHERE ${where} ORDER BY p.created_at DESC, p.id DESC`,
      count: `SELECT count(*) AS total FROM products p WHERE ${where}`,
      params,
      limit: filter.limit,
      offset: filter.offset,
    });
  }

  /** Applies the changes given (none: nothing is written); false when no product has the id. */
  /** True once any lead or order names the product (its provider is then part of their history). */
  async isInUse(id: string): Promise<boolean> {
    const [row] = await this.dataSource.query<Array<{ used: boolean }>>(
      `SELECT EXISTS (SELECT 1 FROM leads WHERE product_id = $1) OR EXISTS (SELECT 1 FROM orders WHERE product_id = $1) AS used`,
      [id],
    );
    return row!.used;
  }

  async update(id: string, changes: ProductChanges): Promise<boolean> {
    const columns: Record<keyof ProductChanges, string> = {
      name: 'name',
      providerId: 'provider_id',
      asWindowDays: 'as_window_days',
      active: 'active',
    };
    const params: unknown[] = [id];
    const sets = (Object.keys(columns) as Array<keyof ProductChanges>)
      .filter((field) => changes[field] !== undefined)
      .map((field) => `${columns[field]} = $${params.push(changes[field])}`);
    if (sets.length === 0) return (await this.findById(id)) !== null;
    const [, affected] = await this.dataSource.query<[unknown[], number]>(
      `UPDATE products SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`,
      params,
    );
    return affected > 0;
  }

  findPolicy(productId: string): Promise<ProductAsPolicy | null> {
    return this.dataSource.getRepository(ProductAsPolicy).findOne({ where: { productId } });
  }

  /**
   * Creates or replaces the current policy text and keeps it as a version of its own, in one
   * transaction: every save gets a new policy id, and the earlier texts stay readable.
   */
  async savePolicy(productId: string, textContent: string): Promise<ProductAsPolicy> {
    return this.dataSource.transaction(async (tx) => {
      const policyId = uuidv7();
      await tx.query(
        `INSERT INTO product_as_policies (product_id, policy_id, text_content, updated_at) VALUES ($1, $2, $3, now())
         ON CONFLICT (product_id) DO UPDATE SET policy_id = EXCLUDED.policy_id, text_content = EXCLUDED.text_content, updated_at = now()`,
        [productId, policyId, textContent],
      );
      await tx.query(
        `INSERT INTO product_as_policy_versions (policy_id, product_id, text_content, created_at) VALUES ($1, $2, $3, now())`,
        [policyId, productId, textContent],
      );
      return (await tx.getRepository(ProductAsPolicy).findOne({ where: { productId } }))!;
    });
  }

  /** The product's saved policy texts, newest first. */
  listPolicyVersions(productId: string, offset: number, limit: number): Promise<{ rows: AsPolicyVersionRow[]; total: number }> {
    return pageAndCount<AsPolicyVersionRow>(this.dataSource, {
      select: `SELECT v.policy_id AS "policyId", v.text_content AS "textContent", v.created_at AS "createdAt",
                      (v.policy_id = ap.policy_id) IS TRUE AS current
                 FROM product_as_policy_versions v LEFT JOIN product_as_policies ap ON ap.product_id = v.product_id
                WHERE v.product_id = $1
                ORDER BY v.created_at DESC, v.policy_id DESC`,
      count: `SELECT count(*) AS total FROM product_as_policy_versions WHERE product_id = $1`,
      params: [productId],
      limit,
      offset,
    });
  }
}
