// A small seeded random generator, so every benchmark run seeds the same data
// set (same titles, same distributions) and runs stay comparable.

/** Deterministic pseudo-random numbers (mulberry32) with the helpers the seed needs. */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max] (both included). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of `items`. */
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** `n` distinct elements of `items` (all of them when n ≥ length). */
  sample<T>(items: readonly T[], n: number): T[] {
    if (n >= items.length) return [...items];
    const chosen = new Set<number>();
    while (chosen.size < n) chosen.add(Math.floor(this.next() * items.length));
    return [...chosen].map((i) => items[i]);
  }

  /** An index of `weights`, chosen with probability proportional to its weight. */
  weighted(weights: readonly number[]): number {
    const total = weights.reduce((a, b) => a + b, 0);
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i];
      if (r < 0) return i;
    }
    return weights.length - 1;
  }
}
