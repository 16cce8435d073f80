import { BlockedAddressError, isBlockedAddress, resolveAllowedAddress, resolveByDns } from '../../src/webhooks/webhook-address-guard.js';

describe('the webhook address guard', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'IPv6 loopback'],
    ['::ffff:127.0.0.1', 'loopback, IPv4-mapped'],
    ['::ffff:7f00:1', 'loopback, IPv4-mapped written in hex'],
    ['::127.0.0.1', 'loopback, IPv4-compatible'],
    ['::ffff:a9fe:a9fe', 'cloud metadata, IPv4-mapped written in hex'],
    ['::FFFF:7f00:1', 'loopback, IPv4-mapped in hex'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['::ffff:192.168.1.1', 'private, IPv4-mapped'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['169.254.169.254', 'link-local: cloud metadata'],
    ['::ffff:169.254.169.254', 'cloud metadata, IPv4-mapped'],
    ['fd00:ec2::254', 'unique local: AWS metadata over IPv6'],
    ['fd00::', 'unique local'],
    ['fc00::1', 'unique local'],
    ['fe80::1', 'IPv6 link-local'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'IPv6 unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'IPv6 multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.10', 'documentation'],
    ['2001:db8::1', 'IPv6 documentation'],
    ['64:ff9b::7f00:1', 'NAT64 (could reach any IPv4 address)'],
    ['not-an-address', 'not an IP at all'],
  ])('blocks %s (%s)', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each([
    ['93.184.215.14', 'public IPv4'],
    ['8.8.8.8', 'public IPv4'],
    ['172.32.0.1', 'just past 172.16/12'],
    ['100.128.0.1', 'just past 100.64/10'],
    ['::ffff:8.8.8.8', 'public, IPv4-mapped'],
    ['2606:4700:4700::1111', 'public IPv6'],
    ['2a00:1450:4001:82a::200e', 'public IPv6'],
  ])('allows %s (%s)', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });

  it('refuses a URL host that is a blocked literal, bracketed IPv6 included', async () => {
    await expect(resolveAllowedAddress('127.0.0.1', false)).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(resolveAllowedAddress('[::1]', false)).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(resolveAllowedAddress('169.254.169.254', false)).rejects.toBeInstanceOf(BlockedAddressError);
  });

  it('refuses a name that resolves to a blocked address', async () => {
    await expect(resolveAllowedAddress('localhost', false)).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(resolveAllowedAddress('hooks.LOCALHOST.', false)).rejects.toBeInstanceOf(BlockedAddressError);
  });

  it('resolves names by DNS queries, localhost and its subdomains as the loopback without asking', async () => {
    await expect(resolveByDns('localhost')).resolves.toEqual([
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ]);
    await expect(resolveByDns('nowhere.invalid')).rejects.toThrow();
  });

  it('passes a public literal through unchanged, and a blocked one only with the test switch', async () => {
    await expect(resolveAllowedAddress('93.184.215.14', false)).resolves.toEqual({ address: '93.184.215.14', family: 4 });
    await expect(resolveAllowedAddress('127.0.0.1', true)).resolves.toEqual({ address: '127.0.0.1', family: 4 });
  });
});
