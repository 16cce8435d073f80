import { uuidv7 } from '#platform';
import { WebhookSecrets } from '../../src/webhooks/webhook-secrets.js';
import type { LeadDistributionTestApp } from './lead-distribution.js';

/**
 * Writes an endpoint row straight into the test app's database (what the endpoint API stores),
 * for tests of the outbox and the worker that do not exercise the API; returns its id and secret.
 */
export async function insertEndpoint(
  app: LeadDistributionTestApp,
  partnerId: number,
  url: string,
  { eventTypes = ['lead.assigned'], parallelDelivery = false }: { eventTypes?: string[]; parallelDelivery?: boolean } = {},
): Promise<{ id: string; secret: string }> {
  const secrets = app.app.get(WebhookSecrets);
  const secret = secrets.generate();
  const sealed = secrets.seal(secret);
  const id = uuidv7();
  await app.dataSource.query(
    `INSERT INTO webhook_endpoints (id, partner_id, url, event_types, parallel_delivery, secret_ciphertext, secret_key_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [id, partnerId, url, eventTypes, parallelDelivery, sealed.ciphertext, sealed.keyId],
  );
  return { id, secret };
}
