import { Select } from '@mantine/core';
import { optionsOf, type Vocabulary } from './vocabulary';

interface VocabularySelectProps<V extends string> {
  label: string;
  of: Vocabulary<V>;
  /** The value chosen; null: every value (전체). */
  value: V | null;
  onChange: (value: V | null) => void;
  w: number;
}

/** A list's filter by one vocabulary (a status, an event type): one of its values, or every one. */
export function VocabularySelect<V extends string>({ label, of, value, onChange, w }: VocabularySelectProps<V>) {
  return (
    <Select
      label={label}
      placeholder="전체"
      clearable
      w={w}
      data={optionsOf(of)}
      value={value}
      // The options are the vocabulary's values: what Select answers is one of them.
      onChange={(next) => onChange(next as V | null)}
    />
  );
}
