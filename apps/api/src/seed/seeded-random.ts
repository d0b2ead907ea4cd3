// A small seeded pseudo-random generator (mulberry32) for the demo data (ADR 062): the same seed
// draws the same gifts on every machine and every run, so the demo and the tests that read it never
// depend on Math.random. Not for anything secret.

export interface SeededRandom {
  /** A number in [0, 1). */
  next(): number;
  /** An integer from `min` to `max`, both included. */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  pick<T>(list: readonly T[]): T;
}

export function seededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (list) => {
      if (list.length === 0) throw new RangeError('pick from an empty list');
      return list[Math.floor(next() * list.length)]!;
    },
  };
}
