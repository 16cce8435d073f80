import { useRef, useState } from 'react';
import type { LeadRow } from './fields';
import { planChunks, sendChunk, type Chunk, type RowResult } from './run';

/** An import under way: its calls, the next to send, each row's result so far, and whether it goes on. */
export interface Run {
  chunks: Chunk[];
  /** The next chunk to send. */
  next: number;
  results: Array<RowResult | undefined>;
  state: 'running' | 'paused' | 'stopped' | 'done';
  error?: unknown;
}

/**
 * The import's calls, sent one after another (each row's result recorded as it comes), stopped on
 * demand between two calls, paused by a call not answered, and resumed from the call that was next.
 */
export function useImportRun(productId: string | null, rows: readonly LeadRow[]) {
  const [run, setRun] = useState<Run>();
  const stopRequested = useRef(false);

  const drive = async (from: Run) => {
    stopRequested.current = false;
    let current: Run = { ...from, state: 'running', error: undefined };
    setRun(current);
    for (let index = current.next; index < current.chunks.length; index++) {
      if (stopRequested.current) {
        setRun({ ...current, state: 'stopped' });
        return;
      }
      const chunk = current.chunks[index]!;
      try {
        const answered = await sendChunk(productId!, rows, chunk);
        const results = current.results.slice();
        answered.forEach((result, offset) => (results[chunk.start + offset] = result));
        current = { ...current, next: index + 1, results };
        setRun(current);
      } catch (error) {
        setRun({ ...current, state: 'paused', error });
        return;
      }
    }
    setRun({ ...current, state: 'done' });
  };

  return {
    run,
    start: () => void drive({ chunks: planChunks(rows), next: 0, results: [], state: 'running' }),
    stop: () => {
      stopRequested.current = true;
    },
    resume: () => {
      if (run) void drive(run);
    },
  };
}
