import { isRegistrableRedirectUri } from '#contracts';
import { redirectLocation } from '../../src/auth/auth.service.js';

describe('redirect URIs', () => {
  it.each([
    ['https://planner.example.com/sso/callback', true],
    ['https://planner.example.com:8443/cb?tenant=7', true],
    ['http://localhost:5173/callback', true],
    ['http://127.0.0.1/callback', true],
    ['http://[::1]:5173/callback', true],
    ['http://planner.example.com/callback', false],
    ['https://planner.example.com/callback#token', false],
    ['https://user:pass@planner.example.com/callback', false],
    ['javascript:alert(1)', false],
    ['/relative/callback', false],
  ])('registering %s is allowed: %s', (uri, allowed) => {
    expect(isRegistrableRedirectUri(uri)).toBe(allowed);
  });

  it('refuses to register a URI over 2048 characters', () => {
    expect(isRegistrableRedirectUri(`https://planner.example.com/${'a'.repeat(2030)}`)).toBe(false);
  });

  it('appends code and state to the registered URI, keeping its own query exactly', () => {
    expect(redirectLocation('https://a.example/cb', { code: 'ac_1' })).toBe('https://a.example/cb?code=ac_1');
    expect(redirectLocation('https://a.example/cb?x=a%20b', { code: 'ac_1', state: 's 1&2' })).toBe(
      'https://a.example/cb?x=a%20b&code=ac_1&state=s+1%262',
    );
    expect(redirectLocation('https://a.example/cb?', { code: 'ac_1' })).toBe('https://a.example/cb?code=ac_1');
    expect(redirectLocation('https://a.example/cb?x=1&', { code: 'ac_1' })).toBe('https://a.example/cb?x=1&code=ac_1');
  });
});
