import { given } from './support/given.js';
import { startLeadDistribution, withKey, type LeadDistributionTestApp } from './support/lead-distribution.js';
import { WebhookReceiver } from './support/webhook-receiver.js';

/**
 * What a partner's own call makes due goes at once, not at the worker's next poll: a test event, a
 * resend and a recovery wake the worker of the replica that took the call, as a claim's resend does.
 * The poll is set to its longest (60 s), so only the wake can send within the few seconds waited.
 */
describe('webhooks: a call that makes a delivery due wakes the worker', () => {
  let app: LeadDistributionTestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    app = await startLeadDistribution({
      env: { WEBHOOK_WORKER_CONCURRENCY: '4', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true', WEBHOOK_POLL_MS: '60000' },
    });
    receiver = await WebhookReceiver.start();
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });

  it('a test event, its resend and a recovery of a failed one each arrive within seconds', async () => {
    const keyed = await given(app).partner('깨우기 대리점').key();
    const api = withKey(app, keyed.apiKey);
    const path = `/hooks/${keyed.partner.id}`;
    const created = await api
      .post('/api/v1/webhooks/endpoints')
      .send({ url: receiver.url(path), eventTypes: ['lead.assigned'] })
      .expect(201);
    receiver.secrets.push(created.body.secret as string);
    const endpointId = created.body.id as string;
    const arrived = (count: number) => receiver.waitFor((all) => all.filter((delivery) => delivery.path === path).length >= count, 5_000);

    const sent = (await api.post(`/api/v1/webhooks/endpoints/${endpointId}/test`).expect(202)).body as { deliveryId: string };
    await arrived(1);

    const delivered = async (deliveryId: string) => {
      for (let tries = 0; tries < 50; tries += 1) {
        const detail = (await api.get(`/api/v1/webhooks/deliveries/${deliveryId}`).expect(200)).body as { status: string };
        if (detail.status !== 'PENDING') return detail.status;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return 'PENDING';
    };
    expect(await delivered(sent.deliveryId)).toBe('DELIVERED');
    await api.post(`/api/v1/webhooks/deliveries/${sent.deliveryId}/resend`).expect(202);
    await arrived(2);

    // A test event the endpoint refuses is FAILED at once (a probe is not retried); recovering it sends it again.
    receiver.script(500);
    const refused = (await api.post(`/api/v1/webhooks/endpoints/${endpointId}/test`).expect(202)).body as { deliveryId: string };
    await arrived(3);
    expect(await delivered(refused.deliveryId)).toBe('FAILED');
    const since = new Date(Date.now() - 60_000).toISOString();
    const recovered = await api.post(`/api/v1/webhooks/endpoints/${endpointId}/recover`).send({ since }).expect(202);
    expect(recovered.body.count).toBe(1);
    await arrived(4);
    expect(await delivered(refused.deliveryId)).toBe('DELIVERED');
  });
});
