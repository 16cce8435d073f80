import { Anchor, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { PageHeader, ProblemAlert } from '../../../ui';
import { productQuery } from '../../api/products';
import { AsPolicyEditor } from './as-policy-editor';
import { AsPolicyVersions } from './as-policy-versions';
import { ProductSettings } from './product-settings';

/** One product: its settings, and its AS policy text with a preview and the texts saved before. */
export function ProductDetailScreen() {
  const { id } = useParams<{ id: string }>();
  // Keyed by the product: another product's address starts with its own draft.
  return <ProductDetail key={id} id={id} />;
}

function ProductDetail({ id }: { id: string }) {
  const product = useQuery(productQuery(id));
  // The text in the editor, when it differs from the saved one (an older version can be loaded into it).
  const [draft, setDraft] = useState<string>();

  return (
    <>
      <Anchor component={Link} href="/products" size="sm">
        ← 상품 목록
      </Anchor>
      <PageHeader title={product.data?.name ?? '상품'} description="상품 설정과 파트너에게 안내되는 AS 정책 문구를 관리합니다." />
      <ProblemAlert error={product.error} title="상품을 불러오지 못했습니다" />
      {product.data && (
        <Stack gap="lg">
          {/* Keyed by its last change: a saved product's form starts again from what the API kept. */}
          <ProductSettings key={product.data.updatedAt} product={product.data} />
          <AsPolicyEditor productId={id} draft={draft} onDraft={setDraft} />
          <AsPolicyVersions productId={id} onLoad={setDraft} />
        </Stack>
      )}
    </>
  );
}
