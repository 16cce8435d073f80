import { Badge, Button, Select } from '@mantine/core';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { dateTime, PagedTable, PageHeader, usePagedQuery } from '../../../ui';
import { productsQuery, type Product } from '../../api/products';
import { ActivityBadge } from '../../parts/activity-badge';
import { NewProduct } from './new-product';

const ACTIVITY_FILTERS = [
  { value: 'all', label: '전체' },
  { value: 'true', label: '판매 중' },
  { value: 'false', label: '판매 중지' },
];

/** Products: every product (search and filters on the server), and a new one; a row opens the product. */
export function ProductsScreen() {
  const [, navigate] = useLocation();
  const [activity, setActivity] = useState('all');
  const active = activity === 'all' ? undefined : activity === 'true';
  const products = usePagedQuery((request) => productsQuery(request, active));
  const open = (product: { id: string }) => navigate(`/products/${product.id}`);

  return (
    <>
      <PageHeader title="상품" description="공급사의 리드 상품, AS 신청 기간과 AS 정책을 관리합니다." />
      <NewProduct onCreated={open} />
      <PagedTable<Product>
        paged={products}
        label="상품 목록"
        searchLabel="상품명 검색"
        filters={
          <Select
            label="판매 상태"
            data={ACTIVITY_FILTERS}
            value={activity}
            onChange={(value) => setActivity(value ?? 'all')}
            allowDeselect={false}
            w={140}
          />
        }
        rowKey={(product) => product.id}
        onRowClick={open}
        columns={[
          {
            header: '상품명',
            cell: (product) => (
              <Button variant="subtle" size="compact-sm" px={0} onClick={() => open(product)}>
                {product.name}
              </Button>
            ),
          },
          { header: '공급사', cell: (product) => product.provider.name },
          { header: 'AS 신청 기간', cell: (product) => `배정 후 ${product.asWindowDays}일` },
          { header: '판매 상태', cell: (product) => <ActivityBadge active={product.active} /> },
          {
            header: 'AS 정책',
            cell: (product) => (product.hasAsPolicy ? <Badge color="indigo">등록됨</Badge> : <Badge color="gray">없음</Badge>),
          },
          { header: '수정', cell: (product) => dateTime(product.updatedAt) },
        ]}
        empty="조건에 맞는 상품이 없습니다"
      />
    </>
  );
}
