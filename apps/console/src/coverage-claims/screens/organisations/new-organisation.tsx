import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { FormEvent } from 'react';
import { ProblemAlert } from '../../../ui';
import { useCreateOrganisation, type OrganisationWithSecret } from '../../api/organisations';
import { namesAField, OrganisationFields, useOrganisationForm } from './organisation-fields';

/** Registers an organisation with its redirect URIs; its SSO secret comes back once (`onCreated`). */
export function NewOrganisation({ onCreated }: { onCreated: (organisation: OrganisationWithSecret) => void }) {
  const form = useOrganisationForm();
  const create = useCreateOrganisation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(form.body(), {
      onSuccess: (created) => {
        form.clear();
        onCreated(created);
      },
    });
  };

  return (
    <Paper withBorder p="md" mb="md" component="form" onSubmit={submit}>
      <Title order={2} size="h4" mb="xs">
        조직 등록
      </Title>
      <Stack gap="sm">
        <OrganisationFields
          form={form}
          error={create.error}
          urisDescription="https 주소 (개발용은 http://localhost). 로그인 후 돌아갈 주소와 글자 그대로 일치해야 합니다."
          urisPlaceholder="https://planner.example.com/sso/callback"
        />
        <Group>
          <Button type="submit" loading={create.isPending} disabled={!form.complete}>
            등록하고 비밀키 발급
          </Button>
        </Group>
        <ProblemAlert error={namesAField(create.error) ? undefined : create.error} />
      </Stack>
    </Paper>
  );
}
