import { LRUCache } from 'lru-cache';

/**
 * Small in-memory caches for answers every visitor asks for: the home page's top list (one key) and
 * search totals (one key per set of conditions). Entries live `ttlMs`; concurrent misses of a key
 * share one load; `clear()` drops everything at once, and a load that began before a clear answers
 * its callers but is not kept (lru-cache's `ignoreFetchAbort`: the slot it would fill is gone). At
 * most `maxEntries` keys are kept (least recently used go first). With several server processes each
 * keeps its own, so a change is visible everywhere within the TTL.
 */
export interface TtlCache<V> {
  get(key: string, load: () => Promise<V>): Promise<V>;
  clear(): void;
  /** 0 turns caching off (every get loads); the benchmark uses it to measure the uncached path. */
  ttlMs: number;
}

export function createTtlCache<V extends NonNullable<unknown>>(
  ttlMs: number,
  maxEntries = 1000,
  now: () => number = () => performance.now(),
): TtlCache<V> {
  const entries = new LRUCache<string, V, () => Promise<V>>({
    max: maxEntries,
    ttl: Math.max(1, ttlMs),
    ttlResolution: 0,
    perf: { now },
    ignoreFetchAbort: true,
    fetchMethod: (_key, _stale, { context }) => context(),
  });
  const cache: TtlCache<V> = {
    ttlMs,
    async get(key, load) {
      if (cache.ttlMs <= 0) return load();
      const value = await entries.fetch(key, { context: load, ttl: cache.ttlMs });
      // fetchMethod only answers what `load` gave, which is never undefined (V excludes it).
      return value!;
    },
    clear() {
      entries.clear();
    },
  };
  return cache;
}
