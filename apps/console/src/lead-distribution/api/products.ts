import { queryOptions, useMutation } from '@tanstack/react-query';
import { leadApi, unwrap } from '../../api/client';
import type { components } from '../../api/generated/lead-distribution';
import { pageOf, type PageRequest, type SearchOption } from '../../ui';

export type Product = components['schemas']['AdminProductDto'];
export type PolicyVersion = components['schemas']['ProductAsPolicyVersionDto'];

// Products and everything read under one: ['products', …]. A change to a product invalidates them
// all, since lists, a provider's products and the import's picker show its name and activity.
const ROOT = ['products'] as const;

const listProducts = (query: { page?: number; limit: number; search?: string; active?: boolean; providerId?: string }) =>
  unwrap(leadApi.GET('/api/v1/admin/products', { params: { query } }));

/** Every product, newest first; `active` undefined: either. */
export const productsQuery = ({ page, limit, q }: PageRequest, active: boolean | undefined) =>
  queryOptions({
    queryKey: [...ROOT, 'list', { page, limit, q, active }],
    queryFn: async () => pageOf(await listProducts({ page, limit, search: q, active })),
  });

/** A provider's products (its first 100; the product list searches the rest). */
export const providerProductsQuery = (providerId: string) =>
  queryOptions({ queryKey: [...ROOT, 'of-provider', providerId], queryFn: () => listProducts({ limit: 100, providerId }) });

/** Active products matching `term` (empty: the first 20), as options named with their provider. */
export const activeProductOptionsQuery = (term: string) =>
  queryOptions({
    queryKey: [...ROOT, 'search-active', term],
    queryFn: async (): Promise<SearchOption[]> =>
      (await listProducts({ limit: 20, active: true, search: term === '' ? undefined : term })).data.map((product) => ({
        value: product.id,
        label: `${product.name} · ${product.provider.name}`,
      })),
  });

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: [...ROOT, 'one', id],
    queryFn: () => unwrap(leadApi.GET('/api/v1/admin/products/{id}', { params: { path: { id } } })),
  });

/** The AS policy text partners read (GET /api/v1/products/{id}/as-policy). */
export const asPolicyQuery = (productId: string) =>
  queryOptions({
    queryKey: [...ROOT, 'one', productId, 'as-policy'],
    queryFn: () => unwrap(leadApi.GET('/api/v1/products/{productId}/as-policy', { params: { path: { productId } } })),
  });

export const asPolicyVersionsQuery = (productId: string, { page, limit }: PageRequest) =>
  queryOptions({
    queryKey: [...ROOT, 'one', productId, 'as-policy', 'versions', { page, limit }],
    queryFn: async () =>
      pageOf(
        await unwrap(
          leadApi.GET('/api/v1/admin/products/{id}/as-policy/versions', { params: { path: { id: productId }, query: { page, limit } } }),
        ),
      ),
  });

export function useCreateProduct() {
  return useMutation({
    mutationFn: (body: components['schemas']['CreateProductDto']) => unwrap(leadApi.POST('/api/v1/admin/products', { body })),
    meta: { invalidates: [ROOT] },
  });
}

export function useUpdateProduct(id: string) {
  return useMutation({
    mutationFn: (body: components['schemas']['UpdateProductDto']) =>
      unwrap(leadApi.PATCH('/api/v1/admin/products/{id}', { params: { path: { id } }, body })),
    meta: { invalidates: [ROOT] },
  });
}

export function useSaveAsPolicy(productId: string) {
  return useMutation({
    mutationFn: (textContent: string) =>
      unwrap(leadApi.PUT('/api/v1/admin/products/{id}/as-policy', { params: { path: { id: productId } }, body: { textContent } })),
    // The product's "AS policy: registered" and its versions change too.
    meta: { invalidates: [ROOT] },
  });
}
