import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache';

function deferred() {
  let resolve!: (v: string) => void;
  const promise = new Promise<string>((r) => (resolve = r));
  return { promise, resolve };
}

describe('TTL cache', () => {
  it('loads once per TTL and key, sharing one load between concurrent misses', async () => {
    // A clock like performance.now(): never 0 once the process runs.
    let clock = 5_000;
    let loads = 0;
    const cache = createTtlCache<string>(1000, 10, () => clock);
    const load = async () => `body-${++loads}`;
    expect(await Promise.all([cache.get('a', load), cache.get('a', load), cache.get('a', load)])).toEqual([
      'body-1',
      'body-1',
      'body-1',
    ]);
    expect(await cache.get('b', load)).toBe('body-2');
    clock = 5_999;
    expect(await cache.get('a', load)).toBe('body-1');
    clock = 6_001;
    expect(await cache.get('a', load)).toBe('body-3');
    expect(loads).toBe(3);
  });

  it('forgets everything on clear, and does not keep a load that started before it', async () => {
    const pending = [deferred(), deferred()];
    let call = 0;
    const cache = createTtlCache<string>(60_000);
    const load = () => pending[call++]!.promise;
    const early = cache.get('top', load);
    cache.clear();
    const late = cache.get('top', load);
    pending[0]!.resolve('stale');
    pending[1]!.resolve('fresh');
    expect(await early).toBe('stale');
    expect(await late).toBe('fresh');
    expect(await cache.get('top', load)).toBe('fresh');
    expect(call).toBe(2);
  });

  it('does not cache a failed load, keeps at most maxEntries keys, and caches nothing at TTL 0', async () => {
    let fail = true;
    const cache = createTtlCache<string>(60_000, 2);
    await expect(
      cache.get('k', async () => {
        if (fail) throw new Error('db down');
        return 'ok';
      }),
    ).rejects.toThrow('db down');
    fail = false;
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
    await cache.get('l', async () => 'l');
    await cache.get('m', async () => 'm');
    expect(await cache.get('k', async () => 'reloaded')).toBe('reloaded');

    let loads = 0;
    const off = createTtlCache<number>(0);
    await off.get('x', async () => ++loads);
    await off.get('x', async () => ++loads);
    expect(loads).toBe(2);
  });
});
