import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'wouter';
import { optionsOf, SearchSelect } from '../../../ui';
import { asReasonsQuery, type QueueFilters } from '../../api/lead-as';
import { partnerOptionsQuery } from '../../api/partners';
import { AS_STATUSES, type AsStatus } from '../../labels';

export const QUEUE_PATH = '/as-review';

/** The queue's filters, kept in the address (a request's page links back to the same queue); pending by default. */
export function useQueueFilters() {
  const [params, setParams] = useSearchParams();
  const status = (params.get('status') ?? 'PENDING') as AsStatus | 'ALL';
  const partnerId = params.get('partnerId');
  const reasonCode = params.get('reasonCode');
  const set = (name: string, value: string | null) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  const filters: QueueFilters = {
    status: status === 'ALL' ? undefined : status,
    partnerId: partnerId === null ? undefined : Number(partnerId),
    reasonCode: reasonCode ?? undefined,
  };
  return { status, partnerId, reasonCode, filters, query: params.toString(), set };
}

export function StatusFilter({ value, onChange }: { value: AsStatus | 'ALL'; onChange: (value: string) => void }) {
  return (
    <Select
      label="상태"
      data={[{ value: 'ALL', label: '전체' }, ...optionsOf(AS_STATUSES)]}
      value={value}
      onChange={(next) => onChange(next ?? 'ALL')}
      allowDeselect={false}
      w={140}
    />
  );
}

/** The filing partner, searched on the server by name. */
export function PartnerFilter({ value, onChange }: { value: string | null; onChange: (value: string | null) => void }) {
  return (
    <SearchSelect
      label="파트너"
      placeholder="전체"
      clearable
      value={value}
      onChange={onChange}
      // A partner of the address before any search named it.
      current={value === null ? undefined : { value, label: `#${value}` }}
      search={partnerOptionsQuery}
      noneFound="찾는 파트너가 없습니다"
      loadError="파트너 목록을 불러오지 못했습니다"
      w={220}
    />
  );
}

/** The reasons of the service's catalogue, by their labels. */
export function ReasonFilter({ value, onChange }: { value: string | null; onChange: (value: string | null) => void }) {
  const { data } = useQuery(asReasonsQuery());
  const options = (data?.data ?? []).map((reason) => ({ value: reason.code, label: reason.label }));
  if (value !== null && !options.some((option) => option.value === value)) options.push({ value, label: value });
  return <Select label="사유" placeholder="전체" clearable data={options} value={value} onChange={onChange} w={180} />;
}
