import { monitorEventLoopDelay } from 'node:perf_hooks';

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
