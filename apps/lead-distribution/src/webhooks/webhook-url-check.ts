import { resolveAllowedAddress } from './webhook-address-guard.js';

/** How long registration waits for the endpoint's host to resolve. */
const RESOLVE_TIMEOUT_MS = 3000;

export interface WebhookUrlPolicy {
  /** NODE_ENV=production: only https. */
  production: boolean;
  /** WEBHOOK_ALLOW_PRIVATE_ADDRESSES (tests only). */
  allowPrivate: boolean;
  /** The resolver (tests replace it); the send-time guard's by default. */
  resolve?: typeof resolveAllowedAddress;
}

/**
 * Why an endpoint URL of the right shape (the DTO's check) may not be registered, or null: http in
 * production, a host that is or resolves to an address webhooks may not reach, or one that does not
 * resolve. The worker checks the resolved address again at every delivery (DNS may change since).
 */
export async function webhookUrlRefusal(url: string, policy: WebhookUrlPolicy): Promise<string | null> {
  const { protocol, hostname } = new URL(url);
  if (policy.production && protocol !== 'https:') return 'must be an https URL';
  const resolve = policy.resolve ?? resolveAllowedAddress;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      resolve(hostname, policy.allowPrivate),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), RESOLVE_TIMEOUT_MS);
      }),
    ]);
    return null;
  } catch {
    // One answer for a blocked address and a name that does not resolve, without the address: the
    // answer must not map the service's own network (internal names, their addresses) for a caller.
    return `its host ${hostname} must resolve to public addresses only, none an address webhooks may not reach`;
  } finally {
    clearTimeout(timer);
  }
}
