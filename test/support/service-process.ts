import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, readlink } from 'node:fs/promises';
import { onFreePorts } from './free-ports.js';
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

/**
 * Runs a built service (spawnService) on `ports` ports picked free now, given to `env` (PORT is the
 * first, as a rule), and waits until `http://127.0.0.1:<first>/health/ready` answers 200. A port taken
 * before the service listened (it exits naming EADDRINUSE, or the answer came from another process)
 * starts it again on others (onFreePorts); a service that never became ready for another reason is
 * killed before the error is thrown.
 */
export async function startService(
  app: string,
  env: (ports: number[]) => Record<string, string>,
  options: { ports?: number; cwd?: string; uid?: number; gid?: number } = {},
): Promise<{ service: ServiceProcess; ports: number[]; base: string }> {
  const { ports: count = 1, ...spawnOptions } = options;
  return onFreePorts(count, async (ports) => {
    const service = spawnService(app, env(ports), spawnOptions);
    const base = `http://127.0.0.1:${ports[0]}`;
    try {
      await waitUntilReady(`${base}/health/ready`, service);
      // Another process that took the port first answers too (another file's service).
      if ((await listensOn(service.child.pid!, ports[0])) === false) throw new Error(`EADDRINUSE: another process answers on ${base}`);
    } catch (error) {
      service.child.kill('SIGKILL');
      await service.exited;
      throw error;
    }
    return { service, ports, base };
  });
}

/**
 * Whether process `pid` itself listens on TCP `port`: its sockets (/proc/<pid>/fd) against the
 * listening ones of its network namespace (/proc/<pid>/net/tcp, tcp6). Undefined without /proc.
 */
async function listensOn(pid: number, port: number): Promise<boolean | undefined> {
  if (!existsSync('/proc/self/fd')) return undefined;
  const sockets = new Set<string>();
  const fds = await readdir(`/proc/${pid}/fd`).catch(() => []);
  for (const fd of fds) {
    const inode = /^socket:\[(\d+)\]$/.exec(await readlink(`/proc/${pid}/fd/${fd}`).catch(() => ''))?.[1];
    if (inode) sockets.add(inode);
  }
  for (const table of ['tcp', 'tcp6']) {
    const lines = (await readFile(`/proc/${pid}/net/${table}`, 'utf8').catch(() => '')).split('\n').slice(1);
    for (const line of lines) {
      // sl, local_address (address:port in hex), rem_address, st (0A: listening), …, inode (the tenth).
      const [, local, , state, , , , , , inode] = line.trim().split(/\s+/);
      if (state === '0A' && parseInt(local.split(':')[1], 16) === port && sockets.has(inode)) return true;
    }
  }
  return false;
}
