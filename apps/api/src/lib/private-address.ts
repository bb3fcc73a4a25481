import { BlockList, isIPv4 } from 'node:net';

/**
 * The addresses app.ts trusts as proxies in production (`loopback, linklocal, uniquelocal`): a load
 * balancer on a private network carries many clients on its connections, so per-address connection
 * caps must not count it as one client.
 */
const privateRanges = new BlockList();
privateRanges.addSubnet('127.0.0.0', 8, 'ipv4');
privateRanges.addSubnet('10.0.0.0', 8, 'ipv4');
privateRanges.addSubnet('172.16.0.0', 12, 'ipv4');
privateRanges.addSubnet('192.168.0.0', 16, 'ipv4');
privateRanges.addSubnet('169.254.0.0', 16, 'ipv4');
privateRanges.addAddress('::1', 'ipv6');
privateRanges.addSubnet('fc00::', 7, 'ipv6');
privateRanges.addSubnet('fe80::', 10, 'ipv6');

/** An IPv4 client seen on a dual-stack socket (`::ffff:203.0.113.5`) as its IPv4 address. */
export function plainAddress(address: string): string {
  return address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
}

export function isPrivateAddress(address: string): boolean {
  const plain = plainAddress(address);
  if (!plain) return false;
  return privateRanges.check(plain, isIPv4(plain) ? 'ipv4' : 'ipv6');
}
