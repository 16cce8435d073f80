import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * How long a hostile request may take, or hold the event loop, before it counts as a stall. Sound
 * answers take tens of milliseconds; before the pipeline refused such requests early they took 2–8 s.
 * The margin is for a machine shared with other test runs.
 */
export const STALL_MS = 1000;

/** Runs `action` and reports how long it took and the longest the event loop (the app's and the test's) stalled meanwhile. */
export async function measured<T>(action: () => PromiseLike<T>): Promise<{ result: T; elapsedMs: number; maxEventLoopDelayMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  try {
    const result = await action();
    return { result, elapsedMs: performance.now() - started, maxEventLoopDelayMs: delay.max / 1e6 };
  } finally {
    delay.disable();
  }
}
