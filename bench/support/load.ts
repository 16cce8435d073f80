import { request, Agent } from 'node:http';
import type pg from 'pg';

/** One measured operation: resolves when done; rejects on failure. */
export type Operation = () => Promise<void>;

export interface Throughput {
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
}

export interface FixedRate {
  rate: number;
  requests: number;
  errors: number;
  p50: number;
  p99: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Closed loop: `concurrency` workers issue operations back to back for `seconds`. */
export async function maxThroughput(operation: Operation, concurrency: number, seconds: number): Promise<Throughput> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const begin = performance.now();
        try {
          await operation();
          latencies.push(performance.now() - begin);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    seconds: elapsed,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/**
 * Open loop at a fixed rate: operations start on schedule whether or not earlier ones finished, and
 * latency counts from the scheduled start, so a stall is not hidden (no coordinated omission).
 */
export async function fixedRate(operation: Operation, rate: number, seconds: number): Promise<FixedRate> {
  const latencies: number[] = [];
  let errors = 0;
  const total = Math.max(1, Math.round(rate * seconds));
  const interval = 1000 / rate;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const scheduled = started + i * interval;
    const wait = scheduled - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      operation().then(
        () => {
          latencies.push(performance.now() - scheduled);
        },
        () => {
          errors += 1;
        },
      ),
    );
  }
  await Promise.all(inFlight);
  latencies.sort((a, b) => a - b);
  return { rate, requests: latencies.length, errors, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/** GET `path` on a keep-alive agent; rejects unless 200. */
export function httpGetter(base: string, headers: Record<string, string>, maxSockets: number): (path: string) => Operation {
  const url = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets });
  return (path) => () =>
    new Promise<void>((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, path, headers, agent }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`))));
      });
      req.on('error', reject);
      req.end();
    });
}

/** Runs the page and count statements in parallel, as the service does for one request. */
export function sqlRunner(pool: pg.Pool, statements: Array<{ sql: string; params: unknown[] }>): Operation {
  return async () => {
    await Promise.all(statements.map((statement) => pool.query(statement.sql, statement.params)));
  };
}
