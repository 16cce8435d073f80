import { useCallback, useState } from 'react';

export interface Action {
  /** Runs `action`: busy meanwhile, the previous refusal cleared, a new one kept. True when it succeeded. */
  run: (action: () => Promise<unknown>) => Promise<boolean>;
  busy: boolean;
  /** What the last run threw (an ApiProblem for a refusal of the API), until the next run. */
  error: unknown;
}

/** The state of a form's submit or a button's action: whether it runs, and what the API refused. */
export function useAction(): Action {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const run = useCallback(async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
      return true;
    } catch (thrown) {
      setError(thrown);
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return { run, busy, error };
}
