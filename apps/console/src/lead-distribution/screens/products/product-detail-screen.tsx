import {
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'wouter';
import { leadApi, unwrap } from '../../api/client';
import type { components } from '../../api/generated/lead-distribution';
import { dateTime, fieldError, namesOneOf, PagedTable, PageHeader, pageOf, ProblemAlert, useAction, useApiQuery } from '../../ui';
import { ActivityBadge } from '../parts/activity-badge';
import { notifySaved } from '../parts/notify';
import { ProviderSelect } from '../parts/provider-select';

type Product = components['schemas']['AdminProductDto'];
type PolicyVersion = components['schemas']['ProductAsPolicyVersionDto'];

const PRODUCT_FIELDS = ['name', 'providerId', 'asWindowDays', 'active'] as const;
const POLICY_MAX_LENGTH = 20000;

/** One product: its settings, and its AS policy text with a preview and the texts saved before. */
export function ProductDetailScreen() {
  const { id } = useParams<{ id: string }>();
  const product = useApiQuery(() => unwrap(leadApi.GET('/api/v1/admin/products/{id}', { params: { path: { id } } })), [id]);
  const [policyReload, setPolicyReload] = useState(0);

  return (
    <>
      <Anchor component={Link} href="/products" size="sm">
        ← 상품 목록
      </Anchor>
      <PageHeader title={product.data?.name ?? '상품'} description="상품 설정과 파트너에게 안내되는 AS 정책 문구를 관리합니다." />
      <ProblemAlert error={product.error} title="상품을 불러오지 못했습니다" />
      {product.data && (
        // Keyed by the product: another product's address starts with its own draft and versions.
        <Stack gap="lg" key={id}>
          <ProductSettings key={product.data.updatedAt} product={product.data} onSaved={product.reload} />
          <AsPolicyEditor
            productId={id}
            onSaved={() => {
              setPolicyReload((value) => value + 1);
              product.reload();
            }}
            reloadKey={policyReload}
          />
        </Stack>
      )}
    </>
  );
}

function ProductSettings({ product, onSaved }: { product: Product; onSaved: () => void }) {
  const [name, setName] = useState(product.name);
  const [providerId, setProviderId] = useState<string | null>(product.provider.id);
  const [asWindowDays, setAsWindowDays] = useState<number | string>(product.asWindowDays);
  const [active, setActive] = useState(product.active);
  const { run, busy, error } = useAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(async () => {
      // Only what changed is sent: an unchanged field is never rewritten.
      const body: components['schemas']['UpdateProductDto'] = {};
      if (name.trim() !== product.name) body.name = name.trim();
      if (providerId !== null && providerId !== product.provider.id) body.providerId = providerId;
      if (typeof asWindowDays === 'number' && asWindowDays !== product.asWindowDays) body.asWindowDays = asWindowDays;
      if (active !== product.active) body.active = active;
      await unwrap(leadApi.PATCH('/api/v1/admin/products/{id}', { params: { path: { id: product.id } }, body }));
      notifySaved('상품 설정을 저장했습니다');
      onSaved();
    });
  };

  return (
    <Paper withBorder p="md" component="form" onSubmit={(event: FormEvent) => void submit(event)} aria-labelledby="product-settings-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="product-settings-title">
          상품 설정
        </Title>
        <ActivityBadge active={product.active} />
      </Group>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} verticalSpacing="sm">
          <TextInput
            label="상품명"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={fieldError(error, 'name')}
            required
            maxLength={100}
          />
          <ProviderSelect value={providerId} onChange={setProviderId} current={product.provider} error={fieldError(error, 'providerId')} />
          <NumberInput
            label="AS 신청 기간 (배정 후 일수)"
            description="이미 배정된 리드의 AS 신청에도 적용"
            value={asWindowDays}
            onChange={setAsWindowDays}
            min={0}
            max={365}
            allowDecimal={false}
            error={fieldError(error, 'asWindowDays')}
          />
          <Switch
            label="판매 중"
            description="끄면 새 주문을 받지 않습니다"
            checked={active}
            onChange={(event) => setActive(event.currentTarget.checked)}
            error={fieldError(error, 'active')}
            mt={{ lg: 28 }}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          ID <code>{product.id}</code> · 등록 {dateTime(product.createdAt)} · 수정 {dateTime(product.updatedAt)}
        </Text>
        <ProblemAlert error={namesOneOf(error, PRODUCT_FIELDS) ? undefined : error} />
        <Group justify="flex-end">
          <Button type="submit" loading={busy} disabled={name.trim() === ''}>
            설정 저장
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The AS policy text partners read through `GET /api/v1/products/{id}/as-policy`: edited here, shown
 * as they receive it (plain text, line breaks kept), saved as a new version.
 */
function AsPolicyEditor({ productId, onSaved, reloadKey }: { productId: string; onSaved: () => void; reloadKey: number }) {
  const current = useApiQuery(
    () => unwrap(leadApi.GET('/api/v1/products/{productId}/as-policy', { params: { path: { productId } } })),
    [productId, reloadKey],
  );
  const [draft, setDraft] = useState<string>();
  const { run, busy, error } = useAction();
  const saved = current.data?.textContent ?? '';
  const text = draft ?? saved;
  const changed = draft !== undefined && draft !== saved;

  const save = async () => {
    await run(async () => {
      await unwrap(
        leadApi.PUT('/api/v1/admin/products/{id}/as-policy', { params: { path: { id: productId } }, body: { textContent: text } }),
      );
      setDraft(undefined);
      notifySaved('AS 정책을 저장했습니다. 파트너에게 바로 이 문구가 안내됩니다.');
      onSaved();
    });
  };

  return (
    <Stack>
      <Paper withBorder p="md" aria-labelledby="as-policy-title">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4" id="as-policy-title">
            AS 정책 문구
          </Title>
          {current.data?.updatedAt ? (
            <Text size="xs" c="dimmed">
              현재 문구 저장 {dateTime(current.data.updatedAt)}
            </Text>
          ) : (
            <Badge color="gray">등록된 정책 없음</Badge>
          )}
        </Group>
        <ProblemAlert error={current.error} title="AS 정책을 불러오지 못했습니다" />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Textarea
              label="AS 정책 본문"
              description={`${text.length.toLocaleString('ko-KR')} / ${POLICY_MAX_LENGTH.toLocaleString('ko-KR')}자`}
              value={text}
              onChange={(event) => setDraft(event.currentTarget.value)}
              error={fieldError(error, 'textContent')}
              maxLength={POLICY_MAX_LENGTH}
              autosize
              minRows={10}
              maxRows={24}
              disabled={current.loading && current.data === undefined}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Text size="sm" fw={500} id="as-policy-preview-label">
              미리보기 (파트너에게 보이는 문구)
            </Text>
            <Paper
              bg="var(--mantine-color-gray-0)"
              p="sm"
              mt={6}
              mih={220}
              role="region"
              aria-labelledby="as-policy-preview-label"
              data-testid="as-policy-preview"
            >
              {text === '' ? (
                <Text c="dimmed" size="sm">
                  (빈 문구)
                </Text>
              ) : (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'keep-all', overflowWrap: 'anywhere' }}>
                  {text}
                </Text>
              )}
            </Paper>
          </Grid.Col>
        </Grid>
        <ProblemAlert error={fieldError(error, 'textContent') ? undefined : error} />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setDraft(undefined)} disabled={!changed || busy}>
            되돌리기
          </Button>
          <Button onClick={() => void save()} loading={busy} disabled={!changed}>
            정책 저장
          </Button>
        </Group>
      </Paper>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="xs">
          이전 버전
        </Title>
        <Text size="sm" c="dimmed" mb="xs">
          저장할 때마다 버전이 남습니다. 이전 문구를 편집기로 불러와 다시 저장할 수 있습니다.
        </Text>
        <PagedTable<PolicyVersion>
          label="AS 정책 버전 (최신순)"
          reloadKey={reloadKey}
          limit={10}
          rowKey={(version) => version.policyId}
          load={async ({ page, limit }) =>
            pageOf(
              await unwrap(
                leadApi.GET('/api/v1/admin/products/{id}/as-policy/versions', {
                  params: { path: { id: productId }, query: { page, limit } },
                }),
              ),
            )
          }
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
                  <Button size="compact-xs" variant="light" onClick={() => setDraft(version.textContent)}>
                    편집기로 불러오기
                  </Button>
                ),
            },
          ]}
          empty="저장된 버전이 없습니다"
        />
      </Paper>
    </Stack>
  );
}
