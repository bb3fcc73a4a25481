import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { createProxyTrust, parseTrustedProxies } from './trusted-proxies';

describe('TRUST_PROXY', () => {
  it('trusts the listed addresses and ranges, and nobody else', () => {
    const trusts = createProxyTrust(parseTrustedProxies(' 10.0.0.5 , 192.168.4.0/24,fd00::/8, loopback'));
    for (const address of ['10.0.0.5', '::ffff:10.0.0.5', '192.168.4.200', 'fd12::1', '127.0.0.1', '::1']) {
      expect(trusts(address), address).toBe(true);
    }
    for (const address of ['10.0.0.6', '192.168.5.1', '203.0.113.7', 'fe80::1', '', 'unix-socket']) {
      expect(trusts(address), address).toBe(false);
    }
  });

  it('refuses to start on an entry that is not an address, a range or a known name', () => {
    for (const value of [
      '10.0.0',
      '10.0.0.0/33',
      'proxy.internal',
      '10.0.0.0/8/1',
      '::1/129',
      '10.0.0.0/x',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
    }
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1' }).trustProxy).toEqual(['10.0.0.0/8', '::1']);
    expect(loadConfig({}).trustProxy).toBeUndefined();
  });
});
