import { Button, Group, Paper, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { fieldError, ProblemAlert } from '../../../ui';
import { useCreateProvider, type Provider } from '../../api/providers';

export function NewProvider({ onCreated }: { onCreated: (provider: Provider) => void }) {
  const [name, setName] = useState('');
  const create = useCreateProvider();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: (created) => {
          setName('');
          onCreated(created);
        },
      },
    );
  };

  return (
    <Paper withBorder p="md" mb="md" component="form" onSubmit={submit} aria-labelledby="new-provider-title">
      <Title order={2} size="h4" mb="xs" id="new-provider-title">
        공급사 등록
      </Title>
      <Group align="flex-start" wrap="wrap">
        <TextInput
          label="공급사명"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={fieldError(create.error, 'name')}
          required
          maxLength={100}
          w={240}
        />
        <Button type="submit" loading={create.isPending} disabled={name.trim() === ''} mt={24}>
          등록
        </Button>
      </Group>
      <ProblemAlert error={fieldError(create.error, 'name') ? undefined : create.error} />
    </Paper>
  );
}
