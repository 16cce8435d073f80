import { useState } from 'react';
import { SearchSelect } from '../../../ui';
import { activeProductOptionsQuery } from '../../api/products';

/**
 * The product the imported leads are for, picked by name among the active products (the search runs
 * on the server, 20 names at a time). `onChange` gets its id, or null while none is chosen.
 */
export function ProductPicker({ onChange, disabled }: { onChange: (productId: string | null) => void; disabled?: boolean }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <SearchSelect
      label="상품"
      description="가져온 리드가 등록될 상품 (판매 중인 상품만)"
      placeholder="상품명으로 검색"
      value={value}
      onChange={(productId) => {
        setValue(productId);
        onChange(productId);
      }}
      search={activeProductOptionsQuery}
      noneFound="일치하는 상품이 없습니다"
      loadError="상품 목록을 불러오지 못했습니다"
      disabled={disabled}
      required
      w={{ base: '100%', sm: 400 }}
    />
  );
}
