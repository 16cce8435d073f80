import { DataList } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled value of the request or its lead. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}
