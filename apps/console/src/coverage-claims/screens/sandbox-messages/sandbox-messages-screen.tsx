import { Text } from '@mantine/core';
import { dateTime, LabelBadge, PagedTable, PageHeader, usePagedQuery } from '../../../ui';
import { sandboxMessagesQuery, type Message } from '../../api/sandbox';
import { SANDBOX_MESSAGE_STATUSES } from '../../labels';

/** 01012345678 as 010-1234-5678. */
const mobile = (digits: string) => digits.replace(/^(01\d)(\d{3,4})(\d{4})$/, '$1-$2-$3');

/** The sandbox SMS adapter's messages: what a customer would have received (e.g. a one-time number), newest first. */
export function SandboxMessagesScreen() {
  const messages = usePagedQuery(sandboxMessagesQuery);
  return (
    <>
      <PageHeader
        title="샌드박스 문자"
        description="샌드박스 SMS 어댑터가 받은 문자(실제 발송 없음)로, 고객이 받았을 인증번호 등을 확인합니다. 끝자리 0000 번호는 실패로 기록됩니다."
      />
      <PagedTable<Message>
        paged={messages}
        label="샌드박스 문자 목록"
        searchLabel="휴대폰 번호 (정확히)"
        rowKey={(message) => message.id}
        empty="받은 문자가 없습니다"
        columns={[
          { header: '받은 시각', cell: (message) => dateTime(message.createdAt) },
          { header: '휴대폰 번호', cell: (message) => mobile(message.phone) },
          {
            header: '내용',
            cell: (message) => (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {message.text}
              </Text>
            ),
          },
          { header: '결과', cell: (message) => <LabelBadge value={message.status} of={SANDBOX_MESSAGE_STATUSES} /> },
        ]}
      />
    </>
  );
}
