import { isIPv4 } from 'node:net';

/** An IPv4 client seen on a dual-stack socket (`::ffff:203.0.113.5`) as its IPv4 address. */
export function plainAddress(address: string): string {
  return address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
}
