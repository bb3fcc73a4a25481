/**
 * A fast seeded generator (mulberry32): the same factor gives the same market on every run, and each
 * table family draws from its own stream so that changing one table does not reshuffle the others.
 */
export class Prng {
  private state: number;

  constructor(seed: string) {
    let hash = 0x811c9dc5;
    for (let i = 0; i < seed.length; i++) hash = Math.imul(hash ^ seed.charCodeAt(i), 0x01000193);
    this.state = hash >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** Log-normal around `median` (spread: sigma of the log), for amounts and financials. */
  logNormal(median: number, spread: number): number {
    const u = Math.max(this.next(), 1e-12);
    const v = this.next();
    const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    return median * Math.exp(spread * normal);
  }

  /** Index in [0, n) skewed to the front (power law): a few listings draw most of the attention. */
  skewed(n: number, power = 2): number {
    return Math.min(n - 1, Math.floor(n * this.next() ** power));
  }
}

/**
 * Splits `total` into `parts` counts that add up exactly, each around the mean but varied: pairs of
 * neighbours trade a random amount, so per-row counts look organic while table totals are exact.
 */
export function* spread(total: number, parts: number, random: Prng): Generator<number> {
  if (parts <= 0) return;
  const base = Math.floor(total / parts);
  let remainder = total - base * parts;
  for (let i = 0; i < parts; i += 2) {
    const extraA = remainder-- > 0 ? 1 : 0;
    if (i + 1 >= parts) {
      yield base + extraA;
      break;
    }
    const extraB = remainder-- > 0 ? 1 : 0;
    const shift = base > 0 ? random.int(0, base - 1 + 0) : 0;
    yield base + extraA + shift;
    yield base + extraB - shift;
  }
}
