import { Resolver } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may never reach: loopback, private, carrier-grade NAT, link-local (cloud
 * metadata services answer at 169.254.169.254 and fd00:ec2::254), unspecified, multicast, reserved
 * and documentation ranges, and their IPv4-mapped IPv6 forms.
 */
const BLOCKED = new BlockList();
// Apart: BlockList matches an IPv4 address against IPv6 rules through its mapped form (::ffff:0:0/96).
const BLOCKED_V6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  // IPv4-compatible (deprecated) and IPv4-mapped addresses not written dotted (::ffff:7f00:1): the
  // dotted mapped form is checked as the IPv4 address it carries (isBlockedAddress).
  ['::', 96],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  // 6to4 and Teredo carry an IPv4 address the relay would reach.
  ['2002::', 16],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED_V6.addSubnet(network, prefix, 'ipv6');
}

/** True when `address` (an IP literal) is one a webhook may not be sent to. */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return BLOCKED.check(mapped[1]!, 'ipv4');
  return BLOCKED_V6.check(address, 'ipv6');
}

/**
 * A host refused at send time. The message names the host but not the address: it becomes the
 * attempt's `error`, which the partner reads in the delivery log, and an address would map the
 * service's own network (internal names and what they resolve to) for the partner. `address` stays on
 * the error for the service's own use.
 */
export class BlockedAddressError extends Error {
  constructor(
    readonly hostname: string,
    readonly address: string,
  ) {
    super(`${hostname} resolves to an address webhooks may not reach`);
    this.name = 'BlockedAddressError';
  }
}

/**
 * Resolves `hostname` (or takes an IP literal) and returns the address to connect to, refusing it when
 * any address it resolves to is blocked (a name answering both a public and a private address is
 * refused: the connection could otherwise land on either). The caller connects to exactly the address
 * returned, so a second resolution (DNS rebinding) cannot move it. `allowPrivate` (tests only) accepts
 * every address. `resolveAll` is resolveByDns; tests give their own answers.
 */
export async function resolveAllowedAddress(
  hostname: string,
  allowPrivate: boolean,
  resolveAll: (hostname: string) => Promise<Array<{ address: string; family: number }>> = resolveByDns,
): Promise<{ address: string; family: 4 | 6 }> {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  const literal = isIP(bare);
  const addresses = literal !== 0 ? [{ address: bare, family: literal }] : await resolveAll(bare);
  if (addresses.length === 0) throw new Error(`${hostname} does not resolve`);
  if (!allowPrivate) {
    const blocked = addresses.find((entry) => isBlockedAddress(entry.address));
    if (blocked) throw new BlockedAddressError(hostname, blocked.address);
  }
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** Each query's wait and tries: a partner's name server that never answers costs at most about 4 s. */
const RESOLVER = new Resolver({ timeout: 2000, tries: 2 });

/**
 * A partner's host name, resolved by DNS queries on the event loop (c-ares), A and AAAA together:
 * not getaddrinfo, whose calls hold one of libuv's four pool threads until they end, so that a name
 * server that never answers could stall every other lookup (and file access) of the process.
 * `localhost` and `*.localhost` are the loopback without asking (RFC 6761), as getaddrinfo would
 * answer them from /etc/hosts.
 */
export async function resolveByDns(hostname: string): Promise<Array<{ address: string; family: number }>> {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) {
    return [
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ];
  }
  const [v4, v6] = await Promise.allSettled([RESOLVER.resolve4(name), RESOLVER.resolve6(name)]);
  const addresses = [
    ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 })) : []),
    ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 })) : []),
  ];
  if (addresses.length === 0) throw v4.status === 'rejected' ? v4.reason : new Error(`${hostname} does not resolve`);
  return addresses;
}
