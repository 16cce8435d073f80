import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Webhook } from 'standardwebhooks';
import { BackgroundWork, messageOf, type QueuedWork } from '#platform';
import { LeadDistributionConfig } from '../config/lead-distribution.config.js';
import { WEBHOOK_DELIVERY_WORK, WebhookDeliveriesRepository, type ClaimedDelivery } from './webhook-deliveries.repository.js';
import { DeliveryStatus, WEBHOOK_TEST_EVENT_TYPE } from './webhook-event-types.js';
import { WebhookMetrics } from './webhook-metrics.js';
import { WebhookPayloadRenderer, type OutboxEvent, type WebhookPayload } from './webhook-payloads.js';
import { FAILING_DISABLES_AFTER_MS, nextStep, planClaims, type NextStep } from './webhook-schedule.js';
import { WebhookSecrets } from './webhook-secrets.js';
import { WebhookSender } from './webhook-sender.js';

/** A lease outlasts the send's timeout by this much: rendering, signing and recording fit in it. */
const LEASE_MARGIN_MS = 30_000;

/** A delivery that could not be prepared (its payload not rendered, its secret not opened) is tried again this much later, uncounted. */
const PREPARE_RETRY_MS = 60_000;

/** No partner takes more than this fraction (1/4) of a worker's senders, all its endpoints together. */
const PARTNER_SHARE_DIVISOR = 4;

/** Events rendered per poll as they are committed. */
const RENDER_BATCH = 200;

export const WEBHOOK_USER_AGENT = 'lead-distribution-webhooks/1';

/** A claimed delivery with the payload it is sent with. */
type ReadyDelivery = [ClaimedDelivery, WebhookPayload];

/**
 * Sends due webhook deliveries as queued work on the background machine, in every replica unless
 * WEBHOOK_WORKER_CONCURRENCY is 0 (that many sends in flight). Each take claims up to the free slots
 * in one short transaction (WebhookDeliveriesRepository.claimDue: SKIP LOCKED splits the work between
 * replicas, the endpoints' ordering and caps are kept there), renders the payloads not yet stored;
 * then each delivery is sent with no transaction open and its attempt recorded. It takes again when a
 * send ends (at once when the recorded attempt made the next of an ordered endpoint's queue due), when
 * a take parked a whole scan, and otherwise every WEBHOOK_POLL_MS. From SIGTERM it takes nothing new;
 * on shutdown it waits for the sends in flight (each bounded by WEBHOOK_TIMEOUT_MS).
 */
@Injectable()
export class WebhookWorker implements OnApplicationBootstrap {
  private readonly logger = new Logger(WebhookWorker.name);
  /** This worker's sends in flight per partner (ClaimLimits.perPartner). */
  private readonly partnerSending = new Map<number, number>();
  private work: QueuedWork | undefined;

  constructor(
    private readonly config: LeadDistributionConfig,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly sender: WebhookSender,
    private readonly secrets: WebhookSecrets,
    private readonly renderer: WebhookPayloadRenderer,
    private readonly metrics: WebhookMetrics,
    private readonly background: BackgroundWork,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.WEBHOOK_WORKER_CONCURRENCY === 0) return;
    this.work = this.background.queue<ReadyDelivery>({
      name: WEBHOOK_DELIVERY_WORK,
      slots: this.config.WEBHOOK_WORKER_CONCURRENCY,
      pollMs: this.config.WEBHOOK_POLL_MS,
      // A take renders and plans: a send's end takes again only when it freed the last slot or made
      // the next of its endpoint's queue due.
      takeAfterEachItem: false,
      logger: this.logger,
      take: (free) => this.take(free),
      // The next of an ordered endpoint's queue is due at once: take again now.
      handle: ([delivery, payload]) =>
        this.deliver(delivery, payload)
          .then((woke) => (woke ? 0 : undefined))
          .finally(() => this.sent(delivery)),
      release: ([delivery]) => this.deliveries.release([delivery], 0).finally(() => this.sent(delivery)),
      describe: ([delivery]) => ({ deliveryId: delivery.id }),
      unrecorded: 'Delivering a webhook failed',
    });
  }

  /** Looks for due deliveries now (this process made some due: a resend, a test event). */
  wake(): void {
    this.work?.wake();
  }

  /**
   * Claims what is due for the free slots, with its payloads. A take that parked a whole scan looks
   * again at once (more due deliveries may wait behind those); one that parked fewer saw every due
   * delivery.
   */
  private async take(slots: number): Promise<ReadyDelivery[]> {
    await this.renderCommitted();
    const scan = Math.min(Math.max(slots * 4, 32), 256);
    const { claimed, parked } = await this.deliveries.claimDue(
      scan,
      {
        slots,
        maxInFlight: this.config.WEBHOOK_ENDPOINT_MAX_IN_FLIGHT,
        ratePerSecond: this.config.WEBHOOK_ENDPOINT_RATE_PER_SECOND,
        perPartner: Math.max(1, Math.floor(this.config.WEBHOOK_WORKER_CONCURRENCY / PARTNER_SHARE_DIVISOR)),
        partnerSending: this.partnerSending,
      },
      this.config.WEBHOOK_TIMEOUT_MS + LEASE_MARGIN_MS,
      planClaims,
    );
    if (claimed.length === 0) {
      if (parked >= scan) this.work?.wake();
      return [];
    }
    const ready = await this.payloads(claimed);
    for (const [delivery] of ready) {
      const partnerId = delivery.event.partnerId;
      this.partnerSending.set(partnerId, (this.partnerSending.get(partnerId) ?? 0) + 1);
    }
    // It claimed something: there may be more to do at once.
    this.work?.wake();
    return ready;
  }

  /** A send (or its release) ended: its partner has one fewer in flight. */
  private sent(delivery: ClaimedDelivery): void {
    const partnerId = delivery.event.partnerId;
    const left = (this.partnerSending.get(partnerId) ?? 1) - 1;
    if (left > 0) this.partnerSending.set(partnerId, left);
    else this.partnerSending.delete(partnerId);
  }

  /**
   * Renders the events committed since the last poll (oldest first, RENDER_BATCH at a time), so that
   * each payload shows its subject as it was then, even when its deliveries wait behind a retrying
   * delivery or a disabled endpoint. Two workers may render one event at once: the first stored wins.
   */
  private async renderCommitted(): Promise<void> {
    try {
      const events = await this.deliveries.unrenderedEvents(RENDER_BATCH);
      if (events.length === 0) return;
      const rendered = await this.renderer.render(events);
      await this.deliveries.storePayloads(rendered);
      await this.deliveries.failUnrenderable(events.filter((event) => !rendered.has(event.id)).map((event) => event.id));
    } catch (error) {
      // A database error: the claim below renders what it needs, or the next poll tries again.
      this.logger.error({ error: messageOf(error) }, 'Rendering webhook payloads failed');
    }
  }

  /**
   * The payload of each claimed delivery: stored, or rendered now and stored (first writer wins, so
   * what is sent is what is stored). Deliveries whose event cannot be rendered fail for good; those
   * whose rendering failed (the database) are given back.
   */
  private async payloads(claimed: ClaimedDelivery[]): Promise<ReadyDelivery[]> {
    const missing = new Map<string, OutboxEvent>();
    for (const delivery of claimed) if (delivery.payload === null) missing.set(delivery.event.id, delivery.event);
    let stored = new Map<string, WebhookPayload>();
    let failed = false;
    if (missing.size > 0) {
      try {
        stored = await this.deliveries.storePayloads(await this.renderer.render([...missing.values()]));
      } catch (error) {
        failed = true;
        this.logger.error({ error: messageOf(error), events: [...missing.keys()] }, 'Rendering webhook payloads failed');
      }
    }
    const ready: ReadyDelivery[] = [];
    const unready: ClaimedDelivery[] = [];
    for (const delivery of claimed) {
      const payload = delivery.payload ?? stored.get(delivery.event.id);
      if (payload) ready.push([delivery, payload]);
      else unready.push(delivery);
    }
    if (unready.length > 0) {
      if (failed) {
        await this.deliveries.release(unready, PREPARE_RETRY_MS);
      } else {
        this.logger.error(
          { events: unready.map((delivery) => delivery.event.id) },
          'No webhook payload could be rendered for these events',
        );
        await this.deliveries.failUnrenderable(unready.map((delivery) => delivery.event.id));
      }
    }
    return ready;
  }

  /** Sends one delivery and records the attempt; true when that made another delivery of its endpoint due. */
  private async deliver(delivery: ClaimedDelivery, payload: WebhookPayload): Promise<boolean> {
    const attemptedAt = new Date();
    const body = JSON.stringify(payload);
    let signature: string;
    try {
      signature = this.secrets
        .signingSecrets(delivery.endpoint, attemptedAt)
        .map((secret) => new Webhook(secret).sign(delivery.event.id, attemptedAt, body))
        .join(' ');
    } catch (error) {
      // Nothing was sent: given back uncounted, so that a key missing from this replica costs no attempt.
      this.logger.error({ deliveryId: delivery.id, error: messageOf(error) }, 'Signing a webhook failed');
      await this.deliveries.release([delivery], PREPARE_RETRY_MS).catch(() => undefined);
      return false;
    }
    if (delivery.leaseUntil.getTime() - Date.now() < this.config.WEBHOOK_TIMEOUT_MS + 1000) {
      // Too little of the lease is left for a whole exchange: another worker could take it over mid-send.
      await this.deliveries.release([delivery], 0).catch(() => undefined);
      return false;
    }

    const response = await this.sender.send({
      url: delivery.endpoint.url,
      headers: {
        'content-type': 'application/json',
        'user-agent': WEBHOOK_USER_AGENT,
        'webhook-id': delivery.event.id,
        'webhook-timestamp': String(Math.floor(attemptedAt.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body,
      timeoutMs: this.config.WEBHOOK_TIMEOUT_MS,
      allowPrivateAddresses: this.config.WEBHOOK_ALLOW_PRIVATE_ADDRESSES,
    });
    this.metrics.attempted(response.outcome);
    const answeredAt = new Date();
    const scheduled = nextStep(response, delivery.attemptNumber, answeredAt);
    // A test event is one probe: it is not retried, so it never holds an ordered queue for days.
    const step: NextStep =
      delivery.event.type === WEBHOOK_TEST_EVENT_TYPE && scheduled.status === DeliveryStatus.Pending
        ? { status: DeliveryStatus.Failed, gone: false }
        : scheduled;
    try {
      const recorded = await this.deliveries.recordAttempt(
        delivery,
        {
          attemptedAt,
          outcome: response.outcome,
          statusCode: response.statusCode,
          latencyMs: response.latencyMs,
          responseExcerpt: response.excerpt,
          error: response.error,
        },
        {
          status: step.status,
          nextAttemptAt: step.status === DeliveryStatus.Pending ? new Date(answeredAt.getTime() + step.delayMs) : null,
          gone: step.status === DeliveryStatus.Failed && step.gone,
          goneReason: 'The endpoint answered 410 Gone',
          failingReason: `Every delivery failed for ${FAILING_DISABLES_AFTER_MS / 86_400_000} days; last error: ${response.error ?? response.outcome}`,
          failingDisablesAfterMs: FAILING_DISABLES_AFTER_MS,
        },
        this.config.WEBHOOK_ENDPOINT_MAX_IN_FLIGHT,
      );
      if (step.status === DeliveryStatus.Delivered && recorded.applied) this.metrics.delivered(delivery.event.occurredAt, answeredAt);
      if (recorded.disabled) {
        this.logger.warn({ endpointId: delivery.endpoint.id, error: response.error }, 'Webhook endpoint disabled by a failed delivery');
      }
      return recorded.woke;
    } catch (error) {
      // Sent but not recorded: the lease runs out and the delivery goes again (the partner de-duplicates on webhook-id).
      this.logger.error({ deliveryId: delivery.id, error: messageOf(error) }, 'Recording a webhook attempt failed');
      return false;
    }
  }
}
