import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { fieldError, ProblemAlert } from '../../../ui';
import { useSetClaimsFax, type Insurer } from '../../api/insurers';
import { faxNumber } from './fax-number';

/** An insurer's claims fax in a dialog: set (hyphens allowed), or cleared after a second word, since claims to it are then refused. */
export function EditFax({ insurer, onClose }: { insurer: Insurer; onClose: () => void }) {
  const [fax, setFax] = useState(insurer.claimsFax === null ? '' : faxNumber(insurer.claimsFax));
  const [clearing, setClearing] = useState(false);
  const save = useSetClaimsFax(insurer.code);
  const { error, isPending: busy } = save;
  const submit = (claimsFax: string | null) => save.mutate(claimsFax, { onSuccess: onClose });

  return (
    <Modal opened onClose={onClose} title={`${insurer.name} 청구 팩스 번호`} centered>
      <form
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          submit(fax.trim());
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
              <Button size="xs" color="red.9" onClick={() => submit(null)} loading={busy}>
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
