import { useCallback, useEffect, useState } from 'react';

export interface ApiQuery<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  /** Loads again (after a change the page made). */
  reload: () => void;
}

interface Settled<T> {
  key: string;
  data?: T;
  error?: unknown;
}

/**
 * Loads `load()` when the component mounts and whenever `deps` (plain values) change; only the
 * answer to the latest deps is kept (typing in a search box never shows an older answer last). The
 * previous data stays in view while the next loads.
 */
export function useApiQuery<T>(load: () => Promise<T>, deps: readonly unknown[]): ApiQuery<T> {
  const [generation, setGeneration] = useState(0);
  const key = JSON.stringify([...deps, generation]);
  const [settled, setSettled] = useState<Settled<T>>({ key: '' });
  const reload = useCallback(() => setGeneration((value) => value + 1), []);

  useEffect(() => {
    let current = true;
    load().then(
      (data) => current && setSettled({ key, data }),
      (error: unknown) => current && setSettled((previous) => ({ key, data: previous.data, error })),
    );
    return () => {
      current = false;
    };
    // `key` stands for deps and generation; `load` is a new closure on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return { data: settled.data, error: settled.key === key ? settled.error : undefined, loading: settled.key !== key, reload };
}
