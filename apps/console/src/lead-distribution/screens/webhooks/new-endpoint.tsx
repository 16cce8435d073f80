import { Button, Group, Paper, Stack, Switch, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { components } from '../../../api/generated/lead-distribution';
import { fieldError, namesOneOf, ProblemAlert } from '../../../ui';
import { useCreateEndpoint } from '../../api/webhooks';
import type { SubscribableEventType } from '../../labels';
import { EventTypeChecks } from './event-type-checks';

/** Registers an endpoint for the partner; its signing secret comes back once (`onCreated`). */
export function NewEndpoint({
  partnerId,
  onCreated,
}: {
  partnerId: number;
  onCreated: (created: components['schemas']['WebhookEndpointCreated']) => void;
}) {
  const [url, setUrl] = useState('');
  const [eventTypes, setEventTypes] = useState<SubscribableEventType[]>(['lead.assigned']);
  const [description, setDescription] = useState('');
  const [parallel, setParallel] = useState(false);
  const create = useCreateEndpoint(partnerId);
  const { error } = create;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      url: url.trim(),
      eventTypes,
      parallelDelivery: parallel,
      ...(description.trim() ? { description: description.trim() } : {}),
    };
    create.mutate(body, {
      onSuccess: (created) => {
        setUrl('');
        setDescription('');
        onCreated(created);
      },
    });
  };

  return (
    <Paper withBorder p="md" mb="md" component="form" onSubmit={submit}>
      <Title order={2} size="h4" mb="xs">
        엔드포인트 등록
      </Title>
      <Stack gap="sm">
        <TextInput
          label="URL"
          placeholder="https://crm.example.com/webhooks"
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          error={fieldError(error, 'url')}
          required
        />
        <EventTypeChecks value={eventTypes} onChange={setEventTypes} error={fieldError(error, 'eventTypes')} />
        <TextInput
          label="설명 (선택)"
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          error={fieldError(error, 'description')}
          maxLength={500}
        />
        <Switch
          label="병렬 전송 (순서 보장 없이 여러 건을 동시에)"
          checked={parallel}
          onChange={(event) => setParallel(event.currentTarget.checked)}
        />
        <ProblemAlert error={namesOneOf(error, ['url', 'eventTypes', 'description']) ? undefined : error} />
        <Group>
          <Button type="submit" loading={create.isPending} disabled={url.trim() === '' || eventTypes.length === 0}>
            등록
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
