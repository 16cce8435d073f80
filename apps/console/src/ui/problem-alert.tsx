import { Alert, Text } from '@mantine/core';
import { problemOf } from '../api/problem';
import { useProblemText } from './problem-messages';

/** What the API refused and why, in Korean (and the field errors it named); nothing when there is no error. */
export function ProblemAlert({ error, title = '요청이 처리되지 않았습니다' }: { error: unknown; title?: string }) {
  const describe = useProblemText();
  if (error === undefined || error === null) return null;
  const { message, code, requestId } = describe(error);
  const { errors = [] } = problemOf(error);
  return (
    <Alert color="red" title={title} role="alert" data-testid="problem">
      {message}
      {errors.length > 0 && (
        <ul style={{ margin: '0.5rem 0 0', paddingLeft: '1.25rem' }}>
          {errors.map(({ field, message: fieldMessage }) => (
            <li key={`${field}:${fieldMessage}`}>
              <strong>{field}</strong> {fieldMessage}
            </li>
          ))}
        </ul>
      )}
      {code && (
        <Text size="xs" mt={4}>
          {/* For support: the code and the request id find the request in the service's log. */}
          {code}
          {requestId && ` · 요청 ID ${requestId}`}
        </Text>
      )}
    </Alert>
  );
}
