import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { fieldError, ProblemAlert } from '../../../ui';
import { exportAccessRecords, type AccessRecordSearch } from '../../api/access-records';

/** Saves a blob as a file the browser downloads. */
function download({ blob, fileName }: { blob: Blob; fileName: string }): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The matching records as CSV: asks the reason first, which the export's own access record keeps. */
export function ExportButton({ search }: { search: AccessRecordSearch }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [reason, setReason] = useState('');
  const exported = useMutation({
    mutationFn: () => exportAccessRecords(search, reason.trim()),
    onSuccess: (file) => {
      download(file);
      setReason('');
      close();
    },
  });
  const dismiss = () => {
    close();
    exported.reset();
  };

  return (
    <>
      <Button variant="default" onClick={open}>
        CSV 내보내기
      </Button>
      <Modal opened={opened} onClose={dismiss} title="접속기록 내보내기" centered>
        <Stack>
          <Text size="sm">지금 검색 조건에 맞는 접속기록을 CSV로 내려받습니다. 내보내기도 사유와 함께 접속기록에 남습니다.</Text>
          <Textarea
            label="내보내는 사유"
            placeholder="예: 2026년 11월 월간 점검"
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={fieldError(exported.error, 'reason')}
            required
            autosize
            minRows={2}
            maxLength={500}
          />
          <ProblemAlert error={fieldError(exported.error, 'reason') ? undefined : exported.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={dismiss} disabled={exported.isPending}>
              취소
            </Button>
            <Button onClick={() => exported.mutate()} loading={exported.isPending} disabled={reason.trim() === ''}>
              내보내기
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
