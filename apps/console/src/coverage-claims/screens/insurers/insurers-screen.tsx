import { Badge, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { claimsApi, unwrap } from '../../api/client';
import type { components } from '../../api/generated/coverage-claims';
import { dateTime, fieldError, PagedTable, PageHeader, pageOf, ProblemAlert, useAction } from '../../ui';

type Insurer = components['schemas']['AdminClaimInsurerDto'];

/** 05051811234 as 0505-181-1234, 0212345678 as 02-1234-5678: digits grouped as Korean numbers are read. */
export function faxNumber(digits: string | null): string {
  if (digits === null) return '—';
  const match = /^(02|050\d|0\d{2})(\d{3,4})(\d{4})$/.exec(digits);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : digits;
}

/** Insurers' claims fax numbers: where filed claims are faxed, changed at once without a release. */
export function InsurersScreen() {
  const [editing, setEditing] = useState<Insurer>();
  const [reloadKey, setReloadKey] = useState(0);

  return (
    <>
      <PageHeader
        title="보험사 청구 팩스"
        description="보험사별로 청구서를 보낼 팩스 번호입니다. 바꾸면 이후 접수·재전송되는 청구부터 바로 적용됩니다."
      />
      <PagedTable<Insurer>
        label="보험사 목록"
        searchLabel="이름 또는 코드 검색"
        reloadKey={reloadKey}
        rowKey={(insurer) => insurer.code}
        load={async ({ page, limit, q }) =>
          pageOf(await unwrap(claimsApi.GET('/api/v1/admin/claim/insurers', { params: { query: { page, limit, search: q } } })))
        }
        columns={[
          { header: '코드', cell: (insurer) => <code>{insurer.code}</code> },
          { header: '보험사', cell: (insurer) => insurer.name },
          { header: '구분', cell: (insurer) => (insurer.type === 'LIFE' ? '생명보험' : '손해보험') },
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
      {editing && (
        <EditFax
          insurer={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            setReloadKey((key) => key + 1);
          }}
        />
      )}
    </>
  );
}

function EditFax({ insurer, onClose, onSaved }: { insurer: Insurer; onClose: () => void; onSaved: () => void }) {
  const [fax, setFax] = useState(insurer.claimsFax === null ? '' : faxNumber(insurer.claimsFax));
  const { run, busy, error } = useAction();
  const [clearing, setClearing] = useState(false);

  const save = async (claimsFax: string | null) => {
    await run(async () => {
      await unwrap(
        claimsApi.PATCH('/api/v1/admin/claim/insurers/{code}', { params: { path: { code: insurer.code } }, body: { claimsFax } }),
      );
      onSaved();
    });
  };

  return (
    <Modal opened onClose={onClose} title={`${insurer.name} 청구 팩스 번호`} centered>
      <form
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void save(fax.trim());
        }}
      >
        <Stack>
          <TextInput
            label="팩스 번호"
            description="02, 지역번호, 070 또는 050x로 시작하는 번호 (하이픈 허용)"
            placeholder="0505-181-1234"
            value={fax}
            onChange={(event) => setFax(event.currentTarget.value)}
            error={fieldError(error, 'claimsFax')}
            inputMode="tel"
            required
            data-autofocus
          />
          <ProblemAlert error={fieldError(error, 'claimsFax') ? undefined : error} />
          {clearing && (
            <Group role="alert" justify="space-between" wrap="wrap">
              <Text size="sm">번호를 지우면 새 번호를 넣을 때까지 이 보험사로는 청구를 접수·재전송할 수 없습니다.</Text>
              <Button size="xs" color="red.9" onClick={() => void save(null)} loading={busy}>
                지우기 확인
              </Button>
            </Group>
          )}
          <Group justify="space-between">
            {insurer.claimsFax !== null ? (
              <Button variant="subtle" color="red.9" onClick={() => setClearing(true)} disabled={busy || clearing}>
                번호 지우기
              </Button>
            ) : (
              <span />
            )}
            <Group>
              <Button variant="default" onClick={onClose} disabled={busy}>
                취소
              </Button>
              <Button type="submit" loading={busy} disabled={fax.trim() === ''}>
                저장
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
