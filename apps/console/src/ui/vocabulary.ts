/** How the console shows one value of an API vocabulary (a status, an event type): its words and its colour. */
export interface Term {
  label: string;
  /** A Mantine colour for its badge. */
  color: string;
}

/**
 * A vocabulary of the API as the console shows it: every value of the generated client's enum
 * (`orderStatusValues`, openapi-typescript --enum-values), in the document's order, with its Term.
 * Typed by the generated union, so a value the API adds fails the type-check until it is given words.
 */
export interface Vocabulary<V extends string> {
  values: readonly V[];
  terms: Readonly<Record<V, Term>>;
}

/** A vocabulary's values as a select's options. */
export function optionsOf<V extends string>({ values, terms }: Vocabulary<V>): Array<{ value: V; label: string }> {
  return values.map((value) => ({ value, label: terms[value].label }));
}

/** A Term per value: its label (the contracts' words, or the console's) and its colour. */
export function termsOf<V extends string>(labels: Readonly<Record<V, string>>, colors: Readonly<Record<V, string>>): Record<V, Term> {
  const terms = {} as Record<V, Term>;
  for (const value of Object.keys(colors) as V[]) terms[value] = { label: labels[value], color: colors[value] };
  return terms;
}
