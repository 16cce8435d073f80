import { isWebhookUrlShape } from '#contracts';
import { resolveAllowedAddress } from '../../src/webhooks/webhook-address-guard.js';
import { webhookUrlRefusal, type WebhookUrlPolicy } from '../../src/webhooks/webhook-url-check.js';

describe('webhook endpoint URLs', () => {
  it.each([
    'https://crm.example.com/webhooks/lead-distribution',
    'https://crm.example.com:8443/hooks?source=lead-distribution',
    'http://crm.example.com/hooks',
    'https://[2001:4860:4860::8888]/hooks',
  ])('takes the shape of %s', (url) => {
    expect(isWebhookUrlShape(url)).toBe(true);
  });

  it.each([
    ['a relative URL', '/hooks'],
    ['another scheme', 'ftp://crm.example.com/hooks'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a user name and password', 'https://user:secret@crm.example.com/hooks'],
    ['a user name', 'https://user@crm.example.com/hooks'],
    ['a fragment', 'https://crm.example.com/hooks#section'],
    ['an empty fragment', 'https://crm.example.com/hooks#'],
    ['more than 2048 characters', `https://crm.example.com/${'x'.repeat(2048)}`],
    ['not a string', 42],
  ])('refuses the shape of %s', (_what, url) => {
    expect(isWebhookUrlShape(url)).toBe(false);
  });

  const publicHost: WebhookUrlPolicy['resolve'] = async () => ({ address: '93.184.215.14', family: 4 });

  it('refuses http in production, and takes https there', async () => {
    const production = { production: true, allowPrivate: false, resolve: publicHost };
    expect(await webhookUrlRefusal('http://crm.example.com/hooks', production)).toBe('must be an https URL');
    expect(await webhookUrlRefusal('https://crm.example.com/hooks', production)).toBeNull();
    expect(await webhookUrlRefusal('http://crm.example.com/hooks', { ...production, production: false })).toBeNull();
  });

  it.each([
    'http://127.0.0.1/hooks',
    'http://10.0.0.1/hooks',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]/hooks',
    'http://localhost/hooks',
  ])('refuses %s, which is or resolves to a blocked address, unless private addresses are allowed', async (url) => {
    expect(await webhookUrlRefusal(url, { production: false, allowPrivate: false })).toMatch(/address webhooks may not reach$/);
    expect(await webhookUrlRefusal(url, { production: false, allowPrivate: true })).toBeNull();
  });

  it('refuses a host that resolves to a blocked address among public ones, without naming the address', async () => {
    const resolve: WebhookUrlPolicy['resolve'] = (hostname, allowPrivate) =>
      resolveAllowedAddress(hostname, allowPrivate, async () => [
        { address: '93.184.215.14', family: 4 },
        { address: '10.1.2.3', family: 4 },
      ]);
    const refusal = await webhookUrlRefusal('https://rebind.example.com/', { production: true, allowPrivate: false, resolve });
    expect(refusal).toBe('its host rebind.example.com must resolve to public addresses only, none an address webhooks may not reach');
  });

  it('refuses a host that does not resolve with the same answer as a blocked one', async () => {
    expect(await webhookUrlRefusal('https://nowhere.invalid/hooks', { production: false, allowPrivate: false })).toBe(
      'its host nowhere.invalid must resolve to public addresses only, none an address webhooks may not reach',
    );
  });
});
