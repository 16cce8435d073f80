import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { pagedList, settleIdempotentAnswer, uuidv7 } from '#platform';
import {
  type AdminProductDto,
  type AdminProductListDto,
  type CreateProductDto,
  type ListProductsQueryDto,
  type PageQueryDto,
  type ProductAsPolicyResponse,
  type ProductAsPolicyVersionListDto,
  type ProductDto,
  type UpdateProductDto,
} from '#contracts';
import { ProvidersService } from '../providers/providers.service.js';
import type { ProductAsPolicy } from './entities/product-as-policy.entity.js';
import type { Product } from './entities/product.entity.js';
import { ProductErrors } from './products.errors.js';
import { ProductsRepository, type AdminProductRow } from './products.repository.js';

export const DEFAULT_AS_WINDOW_DAYS = 7;

@Injectable()
export class ProductsService {
  constructor(
    private readonly products: ProductsRepository,
    private readonly providers: ProvidersService,
  ) {}

  async create(input: CreateProductDto): Promise<ProductDto> {
    if (!(await this.providers.find(input.providerId))) throw ProductErrors.providerUnknown(input.providerId);
    const id = input.id ?? uuidv7();
    // The answer to an Idempotency-Key commits with the product (settleIdempotentAnswer).
    return this.products.transaction(async (tx) => {
      const inserted = await this.products.insertIfAbsent(tx, {
        id,
        name: input.name,
        providerId: input.providerId,
        asWindowDays: input.asWindowDays ?? DEFAULT_AS_WINDOW_DAYS,
        active: input.active ?? true,
      });
      if (!inserted) throw ProductErrors.alreadyExists(id);
      const answer = toProductResponse((await this.products.findById(id, tx))!);
      await settleIdempotentAnswer(tx, answer);
      return answer;
    });
  }

  list(query: ListProductsQueryDto): Promise<AdminProductListDto> {
    const filter = { search: query.search, active: query.active, providerId: query.providerId };
    return pagedList(query, (window) => this.products.listForOperator({ ...filter, ...window }), toAdminProductResponse);
  }

  async getForOperator(id: string): Promise<AdminProductDto> {
    const product = isUUID(id) ? await this.products.findForOperator(id) : null;
    if (!product) throw ProductErrors.notFound(id);
    return toAdminProductResponse(product);
  }

  async update(id: string, changes: UpdateProductDto): Promise<AdminProductDto> {
    const product = await this.require(id);
    if (changes.providerId !== undefined && changes.providerId !== product.providerId) {
      if (!(await this.providers.find(changes.providerId))) throw ProductErrors.providerUnknown(changes.providerId);
      // Orders show the product's provider, lead files are linked under its folder, and its key
      // registers the product's leads: once any of those exist, another provider would rewrite them.
      if (await this.products.isInUse(id)) throw ProductErrors.providerFixed(id);
    }
    const { name, providerId, asWindowDays, active } = changes;
    if (!(await this.products.update(id, { name, providerId, asWindowDays, active }))) throw ProductErrors.notFound(id);
    return this.getForOperator(id);
  }

  find(id: string): Promise<Product | null> {
    return this.products.findById(id);
  }

  /** The product, or 404 for an id that names none, whatever its shape (ids are UUIDs; anything else names nothing). */
  async require(id: string): Promise<Product> {
    const product = isUUID(id) ? await this.products.findById(id) : null;
    if (!product) throw ProductErrors.notFound(id);
    return product;
  }

  async getAsPolicy(productId: string): Promise<ProductAsPolicyResponse> {
    await this.require(productId);
    return toAsPolicyResponse(productId, await this.products.findPolicy(productId));
  }

  async setAsPolicy(productId: string, textContent: string): Promise<ProductAsPolicyResponse> {
    await this.require(productId);
    return toAsPolicyResponse(productId, await this.products.savePolicy(productId, textContent));
  }

  async listAsPolicyVersions(productId: string, query: PageQueryDto): Promise<ProductAsPolicyVersionListDto> {
    await this.require(productId);
    return pagedList(
      query,
      (window) => this.products.listPolicyVersions(productId, window.offset, window.limit),
      (row) => ({ policyId: row.policyId, textContent: row.textContent, createdAt: row.createdAt.toISOString(), current: row.current }),
    );
  }
}

export function toProductResponse(product: Product): ProductDto {
  return {
    id: product.id,
    name: product.name,
    providerId: product.providerId,
    asWindowDays: product.asWindowDays,
    active: product.active,
    createdAt: product.createdAt.toISOString(),
  };
}

function toAdminProductResponse(product: AdminProductRow): AdminProductDto {
  return {
    id: product.id,
    name: product.name,
    provider: { id: product.providerId, name: product.providerName },
    asWindowDays: product.asWindowDays,
    active: product.active,
    hasAsPolicy: product.hasAsPolicy,
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
  };
}

function toAsPolicyResponse(productId: string, policy: ProductAsPolicy | null): ProductAsPolicyResponse {
  return {
    productId,
    textContent: policy?.textContent ?? null,
    updatedAt: policy?.updatedAt.toISOString() ?? null,
    policyId: policy?.policyId ?? null,
  };
}
