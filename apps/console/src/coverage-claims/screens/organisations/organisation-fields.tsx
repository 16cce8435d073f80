import { Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { fieldError } from '../../../ui';

/** One redirect URI a line, blank lines left out. */
const urisOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** An organisation's name and redirect URIs as a form holds them (the URIs one a line). */
export function useOrganisationForm(initial?: { name: string; redirectUris: string[] }) {
  const [name, setName] = useState(initial?.name ?? '');
  const [uris, setUris] = useState(initial?.redirectUris.join('\n') ?? '');
  return {
    name,
    setName,
    uris,
    setUris,
    /** What the API takes. */
    body: () => ({ name: name.trim(), redirectUris: urisOf(uris) }),
    complete: name.trim() !== '' && urisOf(uris).length > 0,
    clear: () => {
      setName('');
      setUris('');
    },
  };
}

/** Whether the refusal names a field of the form (then it is said under that field, not in an alert). */
export const namesAField = (error: unknown) => fieldError(error, 'name') !== undefined || fieldError(error, 'redirectUris') !== undefined;

interface OrganisationFieldsProps {
  form: ReturnType<typeof useOrganisationForm>;
  /** The API's refusal: its message for `name` or `redirectUris` goes under that field (it names the list, not the line). */
  error: unknown;
  urisDescription: string;
  urisPlaceholder?: string;
}

/** An organisation's name and redirect URIs (one a line), as registering and editing ask for them. */
export function OrganisationFields({ form, error, urisDescription, urisPlaceholder }: OrganisationFieldsProps) {
  return (
    <>
      <TextInput
        label="조직 이름"
        value={form.name}
        onChange={(event) => form.setName(event.currentTarget.value)}
        error={fieldError(error, 'name')}
        required
      />
      <Textarea
        label="리디렉션 URI (한 줄에 하나)"
        description={urisDescription}
        placeholder={urisPlaceholder}
        value={form.uris}
        onChange={(event) => form.setUris(event.currentTarget.value)}
        error={fieldError(error, 'redirectUris')}
        autosize
        minRows={2}
        required
      />
    </>
  );
}
