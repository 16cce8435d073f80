import { NumberInput, TextInput } from '@mantine/core';

/** The fields of a product's form: a refusal naming one is shown under it, not in the form's alert. */
export const PRODUCT_FIELDS = ['name', 'providerId', 'asWindowDays', 'active'] as const;

/** The service's default AS window, for an emptied field. */
export const DEFAULT_AS_WINDOW_DAYS = 7;

export function ProductNameInput({
  value,
  onChange,
  error,
  w,
}: {
  value: string;
  onChange: (name: string) => void;
  error?: string;
  w?: number;
}) {
  return (
    <TextInput
      label="상품명"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      required
      maxLength={100}
      w={w}
    />
  );
}

/** Days after a lead's assignment within which a partner may file an AS request for it. */
export function AsWindowInput({
  value,
  onChange,
  error,
  description,
  w,
}: {
  value: number | string;
  onChange: (days: number | string) => void;
  error?: string;
  description?: string;
  w?: number;
}) {
  return (
    <NumberInput
      label="AS 신청 기간 (배정 후 일수)"
      description={description}
      value={value}
      onChange={onChange}
      min={0}
      max={365}
      allowDecimal={false}
      error={error}
      w={w}
    />
  );
}
