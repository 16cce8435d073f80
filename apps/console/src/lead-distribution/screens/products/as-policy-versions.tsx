import { Badge, Button, Paper, Text, Title } from '@mantine/core';
import { dateTime, PagedTable, usePagedQuery } from '../../../ui';
import { asPolicyVersionsQuery, type PolicyVersion } from '../../api/products';

/** The texts saved before, newest first: the current one marked, an older one loaded back into the editor. */
export function AsPolicyVersions({ productId, onLoad }: { productId: string; onLoad: (text: string) => void }) {
  const versions = usePagedQuery((request) => asPolicyVersionsQuery(productId, request), { limit: 10 });
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="xs">
        이전 버전
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        저장할 때마다 버전이 남습니다. 이전 문구를 편집기로 불러와 다시 저장할 수 있습니다.
      </Text>
      <PagedTable<PolicyVersion>
        paged={versions}
        label="AS 정책 버전 (최신순)"
        rowKey={(version) => version.policyId}
        columns={[
          { header: '저장', cell: (version) => dateTime(version.createdAt) },
          {
            header: '문구',
            cell: (version) => (
              <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }} data-testid="as-policy-version-text">
                {version.textContent === '' ? '(빈 문구)' : version.textContent}
              </Text>
            ),
          },
          {
            header: '상태',
            cell: (version) =>
              version.current ? (
                <Badge color="indigo">현재</Badge>
              ) : (
                <Button size="compact-xs" variant="light" onClick={() => onLoad(version.textContent)}>
                  편집기로 불러오기
                </Button>
              ),
          },
        ]}
        empty="저장된 버전이 없습니다"
      />
    </Paper>
  );
}
