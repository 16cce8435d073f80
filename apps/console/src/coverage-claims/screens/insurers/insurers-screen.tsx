import { Badge, Button } from '@mantine/core';
import { useState } from 'react';
import { dateTime, PagedTable, PageHeader, usePagedQuery } from '../../../ui';
import { insurersQuery, type Insurer } from '../../api/insurers';
import { INSURER_TYPE_LABELS } from '../../labels';
import { EditFax } from './edit-fax';
import { faxNumber } from './fax-number';

/** Insurers' claims fax numbers: where filed claims are faxed, changed at once without a release. */
export function InsurersScreen() {
  const [editing, setEditing] = useState<Insurer>();
  const insurers = usePagedQuery(insurersQuery);

  return (
    <>
      <PageHeader
        title="보험사 청구 팩스"
        description="보험사별로 청구서를 보낼 팩스 번호입니다. 바꾸면 이후 접수·재전송되는 청구부터 바로 적용됩니다."
      />
      <PagedTable<Insurer>
        paged={insurers}
        label="보험사 목록"
        searchLabel="이름 또는 코드 검색"
        rowKey={(insurer) => insurer.code}
        columns={[
          { header: '코드', cell: (insurer) => <code>{insurer.code}</code> },
          { header: '보험사', cell: (insurer) => insurer.name },
          { header: '구분', cell: (insurer) => INSURER_TYPE_LABELS[insurer.type] },
          {
            header: '청구 팩스',
            cell: (insurer) => (insurer.claimsFax === null ? <Badge color="orange">미등록</Badge> : faxNumber(insurer.claimsFax)),
          },
          { header: '변경 시각', cell: (insurer) => dateTime(insurer.claimsFaxUpdatedAt) },
          {
            header: '작업',
            cell: (insurer) => (
              <Button size="xs" variant="light" onClick={() => setEditing(insurer)} aria-label={`${insurer.name} 팩스 번호 수정`}>
                수정
              </Button>
            ),
          },
        ]}
      />
      {editing && <EditFax insurer={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}
