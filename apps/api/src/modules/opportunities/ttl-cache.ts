/**
 * Small in-memory caches for answers every visitor asks for: the home page's top list (one key) and
 * search totals (one key per set of conditions). Entries live `ttlMs`; concurrent misses of a key
 * share one load; `clear()` drops everything at once, and a load that began before a clear answers
 * its callers but is not kept. At most `maxEntries` keys are kept (the oldest go first). With several
 * server processes each keeps its own, so a change is visible everywhere within the TTL.
 */
export interface TtlCache<V> {
  get(key: string, load: () => Promise<V>): Promise<V>;
  clear(): void;
  /** 0 turns caching off (every get loads); the benchmark uses it to measure the uncached path. */
  ttlMs: number;
}

export function createTtlCache<V>(ttlMs: number, maxEntries = 1000, now = Date.now): TtlCache<V> {
  const entries = new Map<string, { value: V; at: number }>();
  const inflight = new Map<string, Promise<V>>();
  let generation = 0;

  const cache: TtlCache<V> = {
    ttlMs,
    get(key, load) {
      const hit = entries.get(key);
      if (hit && now() - hit.at < cache.ttlMs) return Promise.resolve(hit.value);
      const pending = inflight.get(key);
      if (pending) return pending;
      const started = generation;
      const attempt = load().then(
        (value) => {
          if (started === generation && cache.ttlMs > 0) {
            entries.delete(key);
            entries.set(key, { value, at: now() });
            if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
          }
          if (inflight.get(key) === attempt) inflight.delete(key);
          return value;
        },
        (error: unknown) => {
          if (inflight.get(key) === attempt) inflight.delete(key);
          throw error;
        },
      );
      inflight.set(key, attempt);
      return attempt;
    },
    clear() {
      generation += 1;
      entries.clear();
      inflight.clear();
    },
  };
  return cache;
}
