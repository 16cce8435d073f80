import { spawn } from 'node:child_process';
import { until } from './api.js';
import { freePort, ROOT } from './service.js';

/** One delivery the receiver verified: its webhook-id, type, and whether it had handled that id before. */
export interface Verified {
  id: string;
  type: string;
  again: boolean;
}

/**
 * A partner's endpoint: the receiver of the docs (docs/examples/webhook-receiver.mjs, which verifies
 * with the standardwebhooks package, answers 204 and says each event once), run as its own process
 * on a port known before the endpoint is registered, and started once the secret is shown.
 */
export class WebhookReceiver {
  private output = '';
  private stopProcess: () => Promise<void> = async () => undefined;

  private constructor(readonly port: number) {}

  static async reserve(): Promise<WebhookReceiver> {
    return new WebhookReceiver(await freePort());
  }

  url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  /** Starts the receiver with the endpoint's signing secret; resolves once it listens. */
  async start(secret: string): Promise<void> {
    const child = spawn(process.execPath, ['docs/examples/webhook-receiver.mjs'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', WEBHOOK_SECRET: secret, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    this.stopProcess = async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    };
    await until('the webhook receiver listening', async () => this.output.includes('listening'));
  }

  /** The deliveries it verified, in order (`verified <id> <type> <data>`, `again (already handled) <id> <type> <data>`). */
  verified(): Verified[] {
    return [...this.output.matchAll(/^(verified|again \(already handled\)) (\S+) (\S+) /gm)].map(([, said, id, type]) => ({
      id: id!,
      type: type!,
      again: said !== 'verified',
    }));
  }

  /** What it printed: a refused signature says `refused: …`. */
  log(): string {
    return this.output;
  }

  stop(): Promise<void> {
    return this.stopProcess();
  }
}
