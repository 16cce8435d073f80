import { SearchSelect } from '../../ui';
import { providerOptionsQuery } from '../api/providers';

interface ProviderSelectProps {
  value: string | null;
  onChange: (providerId: string | null) => void;
  /** The provider chosen before (its name is not in the first page of a search). */
  current?: { id: string; name: string };
  error?: string;
  w?: number;
}

/** A provider picked by name: the search runs on the server, 20 names at a time. */
export function ProviderSelect({ value, onChange, current, error, w }: ProviderSelectProps) {
  return (
    <SearchSelect
      label="공급사"
      placeholder="이름으로 검색"
      value={value}
      onChange={onChange}
      current={current && { value: current.id, label: current.name }}
      search={providerOptionsQuery}
      noneFound="일치하는 공급사가 없습니다"
      loadError="공급사 목록을 불러오지 못했습니다"
      error={error}
      required
      w={w}
    />
  );
}
