import { Button, Group, Paper, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { fieldError, ProblemAlert } from '../../../ui';
import { useCreatePartner, type Partner } from '../../api/partners';

/** Registers a partner at the top of an organisation, or under the one selected. */
export function NewPartner({ parent, onCreated }: { parent: Partner | undefined; onCreated: (partner: Partner) => void }) {
  const [name, setName] = useState('');
  const [underSelected, setUnderSelected] = useState(false);
  const create = useCreatePartner();
  const parentId = underSelected && parent ? parent.id : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name: name.trim(), parentId },
      {
        onSuccess: (created) => {
          setName('');
          onCreated(created);
        },
      },
    );
  };

  return (
    <Paper withBorder p="md" mb="md" component="form" onSubmit={submit}>
      <Title order={2} size="h4" mb="xs">
        파트너 등록
      </Title>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="파트너 이름"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={fieldError(create.error, 'name')}
          required
          maw={260}
        />
        {parent && (
          <Button
            variant={underSelected ? 'filled' : 'default'}
            onClick={() => setUnderSelected((value) => !value)}
            aria-pressed={underSelected}
          >
            {underSelected ? `「${parent.name}」 아래에 등록` : '최상위로 등록'}
          </Button>
        )}
        <Button type="submit" loading={create.isPending} disabled={name.trim() === ''}>
          등록
        </Button>
      </Group>
      <ProblemAlert error={fieldError(create.error, 'name') ? undefined : create.error} />
    </Paper>
  );
}
