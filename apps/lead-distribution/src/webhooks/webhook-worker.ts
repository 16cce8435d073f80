import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Webhook } from 'standardwebhooks';
import { LeadDistributionConfig } from '../config/lead-distribution.config.js';
import { WebhookDeliveriesRepository, type ClaimedDelivery } from './webhook-deliveries.repository.js';
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

/**
 * Sends due webhook deliveries, in every replica unless WEBHOOK_WORKER_CONCURRENCY is 0. Each poll
 * claims up to the free slots in one short transaction (WebhookDeliveriesRepository.claimDue: SKIP
 * LOCKED splits the work between replicas, the endpoints' ordering and caps are kept there), renders
 * the payloads not yet stored, then sends each delivery with no transaction open and records its
 * attempt. It polls again at once while it finds work, otherwise every WEBHOOK_POLL_MS, and at once
 * when a recorded attempt made another delivery due (the next of an ordered endpoint's queue).
 * On shutdown it stops claiming and waits for the sends in flight (each bounded by WEBHOOK_TIMEOUT_MS).
 */
@Injectable()
export class WebhookWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(WebhookWorker.name);
  private readonly sending = new Set<Promise<void>>();
  /** This worker's sends in flight per partner (ClaimLimits.perPartner). */
  private readonly partnerSending = new Map<number, number>();
  private loop: Promise<void> | undefined;
  private stopping = false;
  private wakeUp: (() => void) | undefined;
  private kicked = false;
  private restingForSlot = false;

  constructor(
    private readonly config: LeadDistributionConfig,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly sender: WebhookSender,
    private readonly secrets: WebhookSecrets,
    private readonly renderer: WebhookPayloadRenderer,
    private readonly metrics: WebhookMetrics,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.WEBHOOK_WORKER_CONCURRENCY === 0) return;
    this.loop = this.run();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    this.wakeUp?.();
    await this.loop;
    await Promise.allSettled([...this.sending]);
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      const slots = this.config.WEBHOOK_WORKER_CONCURRENCY - this.sending.size;
      if (slots <= 0) {
        this.restingForSlot = true;
        await this.rest();
        this.restingForSlot = false;
        continue;
      }
      this.kicked = false;
      let found = false;
      try {
        found = await this.poll(slots);
      } catch (error) {
        this.logger.error({ error: messageOf(error) }, 'Claiming webhook deliveries failed');
      }
      if (!found && !this.kicked && !this.stopping) await this.rest(this.config.WEBHOOK_POLL_MS);
    }
  }

  /** Waits `ms` (unref'd: it keeps no process alive), or until kicked; without `ms`, until kicked. */
  private rest(ms?: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        resolve();
      };
      const timer = ms === undefined ? undefined : setTimeout(done, ms);
      timer?.unref();
      this.wakeUp = done;
    });
  }

  private kick(): void {
    this.kicked = true;
    this.wakeUp?.();
  }

  /**
   * Claims and starts what is due; true when there may be more to do at once: it sent something, or
   * it parked a whole scan (more due deliveries may wait behind those). Parking fewer means it saw
   * every due delivery: the worker rests.
   */
  private async poll(slots: number): Promise<boolean> {
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
    if (claimed.length === 0) return parked >= scan;
    for (const [delivery, payload] of await this.payloads(claimed)) {
      const partnerId = delivery.event.partnerId;
      this.partnerSending.set(partnerId, (this.partnerSending.get(partnerId) ?? 0) + 1);
      const sent: Promise<void> = this.deliver(delivery, payload)
        .catch((error: unknown) => {
          this.logger.error({ deliveryId: delivery.id, error: messageOf(error) }, 'Delivering a webhook failed');
          return false;
        })
        .then((woke) => {
          this.sending.delete(sent);
          const left = (this.partnerSending.get(partnerId) ?? 1) - 1;
          if (left > 0) this.partnerSending.set(partnerId, left);
          else this.partnerSending.delete(partnerId);
          if (woke || this.restingForSlot) this.kick();
        });
      this.sending.add(sent);
    }
    return true;
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
  private async payloads(claimed: ClaimedDelivery[]): Promise<Array<[ClaimedDelivery, WebhookPayload]>> {
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
    const ready: Array<[ClaimedDelivery, WebhookPayload]> = [];
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

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
