import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request the receiver took, with what verifying it found. */
export interface ReceivedDelivery {
  at: Date;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The parsed payload when some secret of the receiver verified the signature, else undefined. */
  payload: { id: string; type: string; timestamp: string; data: Record<string, unknown> } | undefined;
  /** The secrets (by index in `secrets`) whose verification succeeded. */
  verifiedWith: number[];
  /** The status the receiver answered. */
  status: number;
}

/** What the receiver answers to one request: a status, headers, a body, and how long to wait first. */
export interface ScriptedAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  delayMs?: number;
}

/**
 * A partner's endpoint for tests: a local HTTP server that verifies every delivery with the
 * `standardwebhooks` package (independently of the service's signing code) against each secret it is
 * given, records it, and answers from a script (then 200 once the script is used up).
 *
 *   const receiver = await WebhookReceiver.start();
 *   receiver.secrets.push(created.secret);
 *   receiver.script(503, 503);            // the first two deliveries fail
 *   await receiver.waitFor((all) => all.length === 3);
 */
export class WebhookReceiver {
  readonly deliveries: ReceivedDelivery[] = [];
  readonly secrets: string[] = [];
  private readonly answers: ScriptedAnswer[] = [];
  private readonly waiters = new Set<() => void>();

  private constructor(private readonly server: Server) {}

  static async start(): Promise<WebhookReceiver> {
    const server = createServer();
    const receiver = new WebhookReceiver(server);
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const answer = receiver.answers.shift() ?? { status: 200 };
        const verifiedWith: number[] = [];
        let payload: ReceivedDelivery['payload'];
        receiver.secrets.forEach((secret, index) => {
          try {
            payload = new Webhook(secret).verify(body, req.headers as Record<string, string>) as ReceivedDelivery['payload'];
            verifiedWith.push(index);
          } catch {
            // not this secret
          }
        });
        const respond = () => {
          if (res.destroyed) return;
          res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
          res.end(answer.body ?? 'ok');
          receiver.deliveries.push({
            at: new Date(),
            path: req.url ?? '/',
            headers: req.headers,
            body,
            payload,
            verifiedWith,
            status: answer.status,
          });
          for (const wake of receiver.waiters) wake();
        };
        if (answer.delayMs) setTimeout(respond, answer.delayMs).unref();
        else respond();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  /** `http://127.0.0.1:<port><path>` */
  url(path = '/hooks'): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  /** Queues answers for the next requests, in order: a status or a full answer each. */
  script(...answers: Array<number | ScriptedAnswer>): void {
    this.answers.push(...answers.map((answer) => (typeof answer === 'number' ? { status: answer } : answer)));
  }

  /** Deliveries that verified and carry `type` (and, when given, whose payload passes `match`). */
  verified(type?: string, match?: (payload: NonNullable<ReceivedDelivery['payload']>) => boolean): ReceivedDelivery[] {
    return this.deliveries.filter(
      (delivery) =>
        delivery.payload !== undefined && (type === undefined || delivery.payload.type === type) && (!match || match(delivery.payload)),
    );
  }

  /** Resolves once `done(deliveries)` holds; rejects after `timeoutMs`. */
  waitFor(done: (deliveries: ReceivedDelivery[]) => boolean, timeoutMs = 10_000): Promise<ReceivedDelivery[]> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!done(this.deliveries)) return;
        cleanup();
        resolve(this.deliveries);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`webhook receiver: condition not met within ${timeoutMs} ms (${this.deliveries.length} received)`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
      check();
    });
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
