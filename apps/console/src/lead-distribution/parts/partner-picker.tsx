import { Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { useSearchParams } from 'wouter';
import { ProblemAlert, SearchSelect } from '../../ui';
import { partnerLabel, partnerOptionsQuery, partnerQuery } from '../api/partners';

/**
 * The partner a partner-scoped screen acts for, kept in the address (`?partner=<id>`) so that a reload
 * or a link keeps it, and the orders and webhooks screens share it.
 */
export function usePartnerParam(): [number | undefined, (partnerId: number | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const value = Number(params.get('partner'));
  const partnerId = Number.isInteger(value) && value > 0 ? value : undefined;
  const setPartnerId = (next: number | undefined) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === undefined) updated.delete('partner');
        else updated.set('partner', String(next));
        return updated;
      },
      { replace: true },
    );
  return [partnerId, setPartnerId];
}

/** A searchable select of partners: the search runs on the server, 20 at a time. */
export function PartnerPicker({ value, onChange }: { value: number | undefined; onChange: (partnerId: number | undefined) => void }) {
  // The partner of the address is named even before any search finds it.
  const chosen = useQuery({ ...partnerQuery(value ?? 0), enabled: value !== undefined });
  return (
    <>
      <SearchSelect
        label="파트너"
        placeholder="이름으로 검색"
        clearable
        w={320}
        value={value === undefined ? null : String(value)}
        onChange={(next) => onChange(next === null ? undefined : Number(next))}
        current={chosen.data && { value: String(chosen.data.id), label: partnerLabel(chosen.data) }}
        search={partnerOptionsQuery}
        noneFound="일치하는 파트너가 없습니다"
        loadError="파트너 목록을 불러오지 못했습니다"
      />
      <ProblemAlert error={chosen.error} title="파트너를 불러오지 못했습니다" />
    </>
  );
}

/**
 * The body of a partner-scoped screen (orders, webhooks): the partner picker, a hint until a partner
 * is chosen, then `children(partnerId)`, keyed by the partner, so that another partner starts from a
 * fresh screen (nothing selected, no secret in view).
 */
export function PartnerScope({ hint, children }: { hint: string; children: (partnerId: number) => ReactNode }) {
  const [partnerId, setPartnerId] = usePartnerParam();
  return (
    <>
      <Group align="flex-end" mb="md">
        <PartnerPicker value={partnerId} onChange={setPartnerId} />
      </Group>
      {partnerId === undefined ? <Text c="dimmed">{hint}</Text> : <Fragment key={partnerId}>{children(partnerId)}</Fragment>}
    </>
  );
}
