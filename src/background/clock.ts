/**
 * Time and randomness, injectable: the tracker's schedule is a function of "now", and the unit
 * tests drive it with a fake clock instead of waiting for real alarms.
 */
export interface Clock {
  /** Milliseconds since the epoch, like Date.now(). */
  now(): number;
  /** Uniform in [0, 1), like Math.random(). */
  random(): number;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  random: () => Math.random(),
};

/** A clock for tests and simulations: time moves only when told to. */
export function manualClock(start = 1_700_000_000_000, random: () => number = () => 0.5): Clock & {
  set(ms: number): void;
  advance(ms: number): void;
} {
  let now = start;
  return {
    now: () => now,
    random,
    set: (ms) => {
      now = ms;
    },
    advance: (ms) => {
      now += ms;
    },
  };
}
