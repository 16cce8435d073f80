import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';

/** When the outage starts: as a connection sends a statement, or as PostgreSQL answers its COMMIT. */
export type OutageTrigger = { beforeStatement: string } | { afterCommitOf: string };

/**
 * A TCP proxy between a service and PostgreSQL that the test can cut: `cut()` destroys every
 * connection (the service sees "Connection terminated unexpectedly", as when the server restarts)
 * and refuses new ones until `restore()`. `cutWhen` starts the outage at a chosen moment of one
 * connection: before a statement reaches the server (nothing of it runs), or as the server's
 * `COMMIT` answer comes back on the connection that sent the statement (the transaction committed,
 * the service never learns it).
 */
export class PgProxy {
  private readonly sockets = new Set<Socket>();
  private down = false;
  private trigger: OutageTrigger | null = null;
  private triggered: (() => void) | null = null;

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(target: { host: string; port: number }): Promise<PgProxy> {
    let proxy: PgProxy | null = null;
    const server = createServer((client) => proxy!.accept(client, target));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    proxy = new PgProxy(server, (server.address() as AddressInfo).port);
    return proxy;
  }

  /** `databaseUrl` with its host and port replaced by the proxy's. */
  urlFor(databaseUrl: string): string {
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  /** Starts the outage at the trigger; resolves when it has started. */
  cutWhen(trigger: OutageTrigger): Promise<void> {
    this.trigger = trigger;
    return new Promise((resolve) => (this.triggered = resolve));
  }

  cut(): void {
    this.down = true;
    this.trigger = null;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    this.triggered?.();
    this.triggered = null;
  }

  restore(): void {
    this.down = false;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private accept(client: Socket, target: { host: string; port: number }): void {
    if (this.down) {
      client.destroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    this.sockets.add(client).add(upstream);
    let sentStatement = false;
    client.on('data', (chunk: Buffer) => {
      const trigger = this.trigger;
      if (trigger && chunk.includes(Buffer.from('beforeStatement' in trigger ? trigger.beforeStatement : trigger.afterCommitOf))) {
        if ('beforeStatement' in trigger) return this.cut();
        sentStatement = true;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      // CommandComplete carries the tag `COMMIT` (NUL-terminated) once the commit is done.
      if (sentStatement && this.trigger && chunk.includes(Buffer.from('COMMIT\0'))) return this.cut();
      client.write(chunk);
    });
    for (const [socket, other] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      socket.on('error', () => other.destroy());
      socket.on('close', () => {
        this.sockets.delete(socket);
        other.destroy();
      });
    }
  }
}
