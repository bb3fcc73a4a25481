import { BlockList, isIP } from 'node:net';
import { plainAddress } from './private-address';

/**
 * Which peers may tell the server the client's address in X-Forwarded-For (TRUST_PROXY). A load
 * balancer carries many clients on its connections, so the server takes the client's address from
 * the header it appends, and only from a peer listed here: anyone else's header is ignored, whatever
 * it says. Entries are addresses, CIDR ranges or the names below (proxy-addr's, as Fastify knows them).
 */
const NAMED_RANGES: Record<string, [string, number][]> = {
  loopback: [
    ['127.0.0.0', 8],
    ['::1', 128],
  ],
  linklocal: [
    ['169.254.0.0', 16],
    ['fe80::', 10],
  ],
  uniquelocal: [
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['fc00::', 7],
  ],
};

/** Without TRUST_PROXY, production trusts a balancer on a private network; elsewhere nobody. */
export const PRODUCTION_PROXIES = ['loopback', 'linklocal', 'uniquelocal'];

/** The configured proxies (TRUST_PROXY), else the environment's default. */
export function proxyTrustOf(config: {
  trustProxy: readonly string[] | undefined;
  isProduction: boolean;
}): (address: string) => boolean {
  return createProxyTrust(config.trustProxy ?? (config.isProduction ? PRODUCTION_PROXIES : []));
}

export class TrustProxyError extends Error {}

/** `10.0.0.5, 192.168.0.0/16, loopback` as a list; throws naming the first entry that is none of these. */
export function parseTrustedProxies(text: string): string[] {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) subnetsOf(entry);
  return entries;
}

function subnetsOf(entry: string): [string, number][] {
  const named = NAMED_RANGES[entry];
  if (named) return named;
  const [address = '', prefixText, ...rest] = entry.split('/');
  const family = isIP(address);
  const bits = family === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (!family || rest.length || !/^\d{1,3}$/.test(prefixText ?? String(bits)) || prefix > bits) {
    throw new TrustProxyError(
      `not an address, a CIDR range or one of ${Object.keys(NAMED_RANGES).join(', ')}: ${entry}`,
    );
  }
  return [[address, prefix]];
}

/** A test of a peer address against the entries (an IPv4 peer on a dual-stack socket matches its IPv4 form). */
export function createProxyTrust(entries: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    for (const [address, prefix] of subnetsOf(entry)) {
      list.addSubnet(address, prefix, isIP(address) === 4 ? 'ipv4' : 'ipv6');
    }
  }
  return (address) => {
    const plain = plainAddress(address);
    const family = isIP(plain);
    return family !== 0 && list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
  };
}
