import { Badge, Text } from '@mantine/core';
import { claimsApi, unwrap } from '../../api/client';
import type { components } from '../../api/generated/coverage-claims';
import { ApiProblem } from '../../api/problem';
import { dateTime, PagedTable, pageOf, PageHeader } from '../../ui';

type Message = components['schemas']['SandboxMessageDto'];

/** Whether this deployment sends text messages through the sandbox (its list answers; a real adapter's deployment answers 404). */
export async function sandboxSmsSelected(): Promise<boolean> {
  try {
    await unwrap(claimsApi.GET('/api/v1/admin/sandbox/messages', { params: { query: { limit: 1 } } }));
    return true;
  } catch (error) {
    if (error instanceof ApiProblem && error.status === 404) return false;
    throw error;
  }
}

/** 01012345678 as 010-1234-5678. */
const mobile = (digits: string) => digits.replace(/^(01\d)(\d{3,4})(\d{4})$/, '$1-$2-$3');

/** The sandbox SMS adapter's messages: what a customer would have received (e.g. a one-time number), newest first. */
export function SandboxMessagesScreen() {
  return (
    <>
      <PageHeader
        title="샌드박스 문자"
        description="샌드박스 SMS 어댑터가 받은 문자(실제 발송 없음)로, 고객이 받았을 인증번호 등을 확인합니다. 끝자리 0000 번호는 실패로 기록됩니다."
      />
      <PagedTable<Message>
        label="샌드박스 문자 목록"
        searchLabel="휴대폰 번호 (정확히)"
        rowKey={(message) => message.id}
        empty="받은 문자가 없습니다"
        load={async ({ page, limit, q }) =>
          pageOf(await unwrap(claimsApi.GET('/api/v1/admin/sandbox/messages', { params: { query: { page, limit, phone: q } } })))
        }
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
          {
            header: '결과',
            cell: (message) => (message.status === 'DELIVERED' ? <Badge color="green">수신</Badge> : <Badge color="red">실패</Badge>),
          },
        ]}
      />
    </>
  );
}
