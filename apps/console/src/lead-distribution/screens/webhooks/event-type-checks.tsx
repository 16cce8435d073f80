import { Checkbox, Group } from '@mantine/core';
import { DELIVERY_EVENT_TYPES, SUBSCRIBABLE_EVENT_TYPES, type SubscribableEventType } from '../../labels';

/** The event types an endpoint receives, one checkbox each (every type the API offers a subscription to). */
export function EventTypeChecks({
  value,
  onChange,
  error,
}: {
  value: SubscribableEventType[];
  onChange: (value: SubscribableEventType[]) => void;
  error?: string;
}) {
  return (
    <Checkbox.Group
      label="받을 이벤트"
      value={value}
      onChange={(next) => onChange(next as SubscribableEventType[])}
      error={error}
      withAsterisk
    >
      <Group mt={6} gap="md">
        {SUBSCRIBABLE_EVENT_TYPES.map((type) => (
          <Checkbox key={type} value={type} label={DELIVERY_EVENT_TYPES.terms[type].label} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
