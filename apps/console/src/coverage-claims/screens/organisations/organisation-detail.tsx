import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { FormEvent } from 'react';
import { ConfirmButton, dateTime, ProblemAlert } from '../../../ui';
import { useRotateSsoSecret, useUpdateOrganisation, type Organisation, type OrganisationWithSecret } from '../../api/organisations';
import { namesAField, OrganisationFields, useOrganisationForm } from './organisation-fields';

interface OrganisationDetailProps {
  organisation: Organisation;
  onChanged: (organisation: Organisation) => void;
  /** A rotated secret, to show once. */
  onSecret: (organisation: OrganisationWithSecret) => void;
}

/** One organisation: its name and redirect URIs edited (the list replaced), and its SSO secret rotated after a confirm. */
export function OrganisationDetail({ organisation, onChanged, onSecret }: OrganisationDetailProps) {
  const form = useOrganisationForm(organisation);
  const update = useUpdateOrganisation(organisation.id);
  const rotate = useRotateSsoSecret(organisation.id);

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(form.body(), { onSuccess: onChanged });
  };

  return (
    <Stack>
      <Paper withBorder p="md" component="form" onSubmit={save}>
        <Title order={2} size="h4">
          {organisation.name}
        </Title>
        <Text size="xs" c="dimmed" mb="sm">
          조직 ID (SSO 토큰의 iss): <code>{organisation.id}</code>
        </Text>
        <Stack gap="sm">
          <OrganisationFields form={form} error={update.error} urisDescription="저장하면 목록 전체가 바뀝니다." />
          <Group>
            <Button type="submit" loading={update.isPending}>
              저장
            </Button>
            {update.isSuccess && (
              <Text size="sm" fw={600} role="status">
                ✓ 저장했습니다.
              </Text>
            )}
          </Group>
          <ProblemAlert error={namesAField(update.error) ? undefined : update.error} />
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="xs">
          SSO 비밀키
        </Title>
        <Text size="sm" mb="sm">
          현재 비밀키 발급: {dateTime(organisation.ssoSecretIssuedAt)}
        </Text>
        <ConfirmButton
          label="비밀키 재발급"
          confirmLabel="재발급"
          message={`「${organisation.name}」의 SSO 비밀키를 새로 발급합니다. 이전 비밀키로 서명한 로그인은 즉시 거부되므로, 조직의 서버에 새 비밀키를 바로 설정해야 합니다. 새 비밀키는 한 번만 표시됩니다.`}
          onConfirm={async () => onSecret(await rotate.mutateAsync())}
        />
      </Paper>
    </Stack>
  );
}
