import { Alert } from '@mantine/core';
import { problemOf } from '../api/problem';

/** The API's problem `detail` (and its field errors), or nothing when there is no error. */
export function ProblemAlert({ error, title = '요청이 처리되지 않았습니다' }: { error: unknown; title?: string }) {
  if (error === undefined || error === null) return null;
  const problem = problemOf(error);
  return (
    <Alert color="red" title={title} role="alert" data-testid="problem">
      {problem.detail ?? problem.title}
      {problem.code ? ` (${problem.code})` : ''}
      {problem.errors && problem.errors.length > 0 && (
        <ul style={{ margin: '0.5rem 0 0', paddingLeft: '1.25rem' }}>
          {problem.errors.map(({ field, message }) => (
            <li key={`${field}:${message}`}>
              <strong>{field}</strong> {message}
            </li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
