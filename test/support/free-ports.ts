import { freePort } from '#platform';

/** Starts in all, the first included. */
const ATTEMPTS = 5;

/**
 * Starts something on `count` ports the OS says are free now, for code that must be told its port
 * before it listens (a URL built from PORT, a process, nginx). Another socket may take a port between
 * the pick and the listen (an outgoing connection's ephemeral port on a busy runner): then `start`
 * fails naming EADDRINUSE and it is started again on other ports, up to five times in all. `start`
 * cleans up after itself when it fails. Code that can listen on port 0 and be asked its port does that
 * instead.
 */
export async function onFreePorts<T>(count: number, start: (ports: number[]) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const ports = new Set<number>();
    while (ports.size < count) ports.add(await freePort());
    try {
      return await start([...ports]);
    } catch (error) {
      if (!portTaken(error) || attempt === ATTEMPTS) throw error;
    }
  }
}

/**
 * Whether `error` says a port was taken: Node's EADDRINUSE, or the output of a process that could not
 * bind (Node's `listen EADDRINUSE`, PostgreSQL's and nginx's `Address already in use`) in its message.
 */
function portTaken(error: unknown): boolean {
  if ((error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE') return true;
  return error instanceof Error && /EADDRINUSE|Address already in use/.test(error.message);
}
