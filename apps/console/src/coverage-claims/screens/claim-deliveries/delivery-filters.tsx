import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ProblemAlert, SearchSelect } from '../../../ui';
import { allInsurersQuery } from '../../api/insurers';
import { organisationOptionsQuery } from '../../api/organisations';

export function InsurerFilter({ value, onChange }: { value: string | null; onChange: (code: string | null) => void }) {
  const insurers = useQuery(allInsurersQuery());
  return (
    <>
      <Select
        label="보험사"
        data={(insurers.data?.data ?? []).map((insurer) => ({ value: insurer.code, label: insurer.name }))}
        value={value}
        onChange={onChange}
        placeholder="전체"
        searchable
        clearable
        nothingFoundMessage="없음"
        w={200}
      />
      <ProblemAlert error={insurers.error} title="보험사 목록을 불러오지 못했습니다" />
    </>
  );
}

/** Organisations searched on the server as the operator types (the first 20 that match). */
export function OrganisationFilter({ value, onChange }: { value: string | null; onChange: (id: string | null) => void }) {
  return (
    <SearchSelect
      label="조직"
      placeholder="전체"
      clearable
      value={value}
      onChange={onChange}
      search={organisationOptionsQuery}
      noneFound="없음"
      loadError="조직 목록을 불러오지 못했습니다"
      w={220}
    />
  );
}
