import { TextInput } from '@mantine/core';
import { useState } from 'react';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The product the imported leads are for. The service has no operator product list yet, so the
 * operator pastes the product's ID; a list picker replaces this component (same props) once one exists.
 * `onChange` gets the ID, or null while the text is not one.
 */
export function ProductPicker({ onChange, disabled }: { onChange: (productId: string | null) => void; disabled?: boolean }) {
  const [text, setText] = useState('');
  const value = text.trim();
  const invalid = value !== '' && !UUID.test(value);
  return (
    <TextInput
      label="상품 ID"
      description="가져온 리드가 등록될 상품의 ID (UUID)"
      placeholder="0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10"
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        onChange(UUID.test(next.trim()) ? next.trim().toLowerCase() : null);
      }}
      error={invalid ? 'UUID 형식이 아닙니다' : undefined}
      disabled={disabled}
      required
      w={{ base: '100%', sm: 400 }}
      spellCheck={false}
      autoComplete="off"
    />
  );
}
