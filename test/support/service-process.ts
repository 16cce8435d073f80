import { spawn, type ChildProcess } from 'node:child_process';
import { LIMITS_OUT_OF_THE_WAY } from './rate-limits.js';

export { freePort } from '#platform';

export interface ServiceProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * What moves this process's clock, for a child given an environment of its own: libfaketime's
 * LD_PRELOAD and FAKETIME* variables when the suite runs with the clock moved (.ci/run), so that the
 * child reads the clock the test and the database read. Empty otherwise.
 */
export function clockEnvironment(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => /^(LD_PRELOAD|FAKETIME\w*)$/.test(entry[0]) && !!entry[1]),
  );
}

/**
 * Runs a built service (`dist/apps/<app>/src/main.js`, relative to `cwd`, default this checkout) as its
 * own process, as `npm start` does; `uid`/`gid` run it as another user (an image's).
 */
export function spawnService(
  app: string,
  env: Record<string, string>,
  options: { cwd?: string; uid?: number; gid?: number } = {},
): ServiceProcess {
  const child = spawn(process.execPath, [`dist/apps/${app}/src/main.js`], {
    ...options,
    // METRICS_PORT 0 unless given: processes of parallel test files must not compete for 9464/9465.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...clockEnvironment(),
      METRICS_PORT: '0',
      ...LIMITS_OUT_OF_THE_WAY,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Polls `url` until it answers 200 or the process exits. */
export async function waitUntilReady(url: string, service: ServiceProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void service.exited.then(() => (exited = true));
  while (Date.now() < deadline && !exited) {
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not become ready:\n${service.output()}`);
}
