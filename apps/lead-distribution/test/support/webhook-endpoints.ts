import type { WebhookEndpointCreatedDto } from '#contracts';
import { given } from './given.js';
import { startLeadDistribution, withKey, type LeadDistributionTestApp } from './lead-distribution.js';

/** Nothing listens there, and nothing is sent: the worker is off in these apps. */
export const RECEIVER = 'http://127.0.0.1:9/hooks';
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The webhook endpoint API's app: endpoints may reach loopback (the tests' receivers), as the worker tests need; the worker is off. */
export function startWebhookEndpointsApp(): Promise<LeadDistributionTestApp> {
  return startLeadDistribution({ env: { WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true', WEBHOOK_WORKER_CONCURRENCY: '0' } });
}

/** A partner with an API key, and an endpoint registered by a key; `app` is the app of the test file, once started. */
export function webhookEndpointCalls(app: () => LeadDistributionTestApp) {
  async function partner(name: string) {
    const keyed = await given(app()).partner(name).key();
    return { ...keyed, id: keyed.partner.id, as: withKey(app(), keyed.apiKey) };
  }

  async function register(apiKey: string, body: Record<string, unknown> = {}): Promise<WebhookEndpointCreatedDto> {
    const response = await withKey(app(), apiKey)
      .post('/api/v1/webhooks/endpoints')
      .send({ url: RECEIVER, eventTypes: ['lead.assigned'], ...body })
      .expect(201);
    return response.body as WebhookEndpointCreatedDto;
  }

  return { partner, register };
}

export const withinAMinuteOf = (iso: string | null, expected: number) => Math.abs(new Date(iso!).getTime() - expected) < 60_000;
