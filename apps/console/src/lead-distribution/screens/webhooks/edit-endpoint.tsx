import { Button, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { fieldError, namesOneOf, ProblemAlert } from '../../../ui';
import { useUpdateEndpoint, type Endpoint } from '../../api/webhooks';
import type { SubscribableEventType } from '../../labels';
import { EventTypeChecks } from './event-type-checks';

/** An endpoint's enabled switch, event types and description. */
export function EditEndpoint({ partnerId, endpoint }: { partnerId: number; endpoint: Endpoint }) {
  const [enabled, setEnabled] = useState(endpoint.enabled);
  const [eventTypes, setEventTypes] = useState<SubscribableEventType[]>(endpoint.eventTypes);
  const [description, setDescription] = useState(endpoint.description ?? '');
  const update = useUpdateEndpoint(partnerId, endpoint.id);
  const { error } = update;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ enabled, eventTypes, description: description.trim() === '' ? null : description.trim() });
  };

  return (
    <Stack gap="sm" component="form" onSubmit={submit}>
      <Title order={3} size="h5">
        설정 변경
      </Title>
      <Switch
        label="사용 (끄면 새 이벤트를 받지 않습니다)"
        checked={enabled}
        onChange={(event) => setEnabled(event.currentTarget.checked)}
      />
      <EventTypeChecks value={eventTypes} onChange={setEventTypes} error={fieldError(error, 'eventTypes')} />
      <TextInput
        label="설명"
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
        error={fieldError(error, 'description')}
        maxLength={500}
      />
      <ProblemAlert error={namesOneOf(error, ['eventTypes', 'description']) ? undefined : error} />
      <Group>
        <Button type="submit" loading={update.isPending} disabled={eventTypes.length === 0}>
          저장
        </Button>
        {update.isSuccess && (
          <Text size="sm" role="status">
            저장했습니다.
          </Text>
        )}
      </Group>
    </Stack>
  );
}
