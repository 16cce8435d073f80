import { isWebhookUrlShape, normalizeWebhookUrl } from '#contracts';
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
    ['a leading space', ' https://crm.example.com/hooks'],
    ['a trailing newline', 'https://crm.example.com/hooks\n'],
    ['a tab inside', 'https://crm.exam\tple.com/hooks'],
    ['a newline inside', 'https://crm.example.com/ho\noks'],
    ['a DEL character', 'https://crm.example.com/hooks\u007f'],
    ['one slash after the scheme', 'https:/crm.example.com/hooks'],
    ['no slash after the scheme', 'https:crm.example.com/hooks'],
    ['three slashes', 'https:///crm.example.com/hooks'],
    ['backslashes', 'https:\\\\crm.example.com\\hooks'],
    ['an empty user part', 'https://@crm.example.com/hooks'],
    ['an empty user and password', 'https://:@crm.example.com/hooks'],
  ])('refuses the shape of %s', (_what, url) => {
    expect(isWebhookUrlShape(url)).toBe(false);
  });

  it.each([
    ['HTTPS://CRM.Example.COM:443/a/./b/../hooks', 'https://crm.example.com/a/hooks'],
    ['https://crm.example.com', 'https://crm.example.com/'],
    ['https://crm.example.com/훅?q=값', 'https://crm.example.com/%ED%9B%85?q=%EA%B0%92'],
    ['https://[2001:4860:4860:0::8888]:8443/h', 'https://[2001:4860:4860::8888]:8443/h'],
  ])('normalises %s to %s, the URL stored and delivered to', (sent, stored) => {
    expect(isWebhookUrlShape(sent)).toBe(true);
    expect(normalizeWebhookUrl(sent)).toBe(stored);
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
