import { Textarea, TextInput } from '@mantine/core';
import { fieldError } from '../../../ui';

/** One redirect URI a line, blank lines left out. */
export const urisOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** Whether the refusal names a field of the form (then it is said under that field, not in an alert). */
export const namesAField = (error: unknown) => fieldError(error, 'name') !== undefined || fieldError(error, 'redirectUris') !== undefined;

interface OrganisationFieldsProps {
  name: string;
  onName: (name: string) => void;
  uris: string;
  onUris: (uris: string) => void;
  /** The API's refusal: its message for `name` or `redirectUris` goes under that field (it names the list, not the line). */
  error: unknown;
  urisDescription: string;
  urisPlaceholder?: string;
}

/** An organisation's name and redirect URIs (one a line), as registering and editing ask for them. */
export function OrganisationFields({ name, onName, uris, onUris, error, urisDescription, urisPlaceholder }: OrganisationFieldsProps) {
  return (
    <>
      <TextInput
        label="조직 이름"
        value={name}
        onChange={(event) => onName(event.currentTarget.value)}
        error={fieldError(error, 'name')}
        required
      />
      <Textarea
        label="리디렉션 URI (한 줄에 하나)"
        description={urisDescription}
        placeholder={urisPlaceholder}
        value={uris}
        onChange={(event) => onUris(event.currentTarget.value)}
        error={fieldError(error, 'redirectUris')}
        autosize
        minRows={2}
        required
      />
    </>
  );
}
