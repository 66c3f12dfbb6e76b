import { describe, expect, it, vi } from 'vitest';
import { BlockClock } from '../../../src/service/chains/blocks';
import { ManualClock, SimClock, type TimerApi } from '../../../src/service/chains/clock';

/** A wall clock and a timer API under the test's control. */
function fakeWall(start = 1_000_000) {
  let wall = start;
  const timers = new Map<number, { fn: () => void; due: number }>();
  let next = 1;
  const api: TimerApi = {
    setTimeout: (fn, ms) => {
      const id = next++;
      timers.set(id, { fn, due: wall + ms });
      return id;
    },
    clearTimeout: (h) => {
      timers.delete(h as number);
    },
  };
  return {
    api,
    now: () => wall,
    armed: () => [...timers.values()].map((t) => t.due - wall),
    /** Moves wall time and fires the timers that came due, like the event loop would. */
    tick(ms: number) {
      wall += ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.due <= wall).sort((a, b) => a[1].due - b[1].due)[0];
        if (!due) break;
        timers.delete(due[0]);
        due[1].fn();
      }
    },
  };
}

describe('SimClock', () => {
  it('runs simulated time at `speed` times the wall clock', () => {
    const w = fakeWall();
    const c = new SimClock({ start: 5_000, speed: 10, wallNow: w.now, timers: w.api });
    expect(c.now()).toBe(5_000);
    w.tick(100);
    expect(c.now()).toBe(6_000);
  });

  it('changes speed live without a jump in simulated time', () => {
    const w = fakeWall();
    const c = new SimClock({ start: 0, speed: 1, wallNow: w.now, timers: w.api });
    w.tick(1_000);
    c.setSpeed(100);
    expect(c.now()).toBe(1_000);
    w.tick(10);
    expect(c.now()).toBe(2_000);
    c.setSpeed(0);
    w.tick(10_000);
    expect(c.now()).toBe(2_000);
    expect(() => c.setSpeed(-1)).toThrow(RangeError);
  });

  it('fires callbacks in time order from one timer armed for the earliest, in wall time', () => {
    const w = fakeWall();
    const c = new SimClock({ start: 0, speed: 10, wallNow: w.now, timers: w.api });
    const fired: string[] = [];
    c.at(5_000, () => fired.push(`b@${c.now()}`));
    c.at(1_000, () => fired.push(`a@${c.now()}`));
    c.at(5_000, () => fired.push('b2'));
    expect(w.armed()).toEqual([100]); // 1,000 simulated ms at 10x
    w.tick(100);
    expect(fired).toEqual(['a@1000']);
    expect(w.armed()).toEqual([400]);
    w.tick(400);
    expect(fired).toEqual(['a@1000', 'b@5000', 'b2']);
    expect(w.armed()).toEqual([]);
  });

  it('re-arms on a speed change and stays idle while paused', () => {
    const w = fakeWall();
    const c = new SimClock({ start: 0, speed: 1, wallNow: w.now, timers: w.api });
    let fired = 0;
    c.at(10_000, () => fired++);
    expect(w.armed()).toEqual([10_000]);
    c.setSpeed(100);
    expect(w.armed()).toEqual([100]);
    c.setSpeed(0);
    expect(w.armed()).toEqual([]);
    c.setSpeed(1_000);
    w.tick(10);
    expect(fired).toBe(1);
  });

  it('cancels, advances (firing what became due), and stops', () => {
    const w = fakeWall();
    const c = new SimClock({ start: 0, speed: 1, wallNow: w.now, timers: w.api });
    const fired: number[] = [];
    const cancel = c.at(100, () => fired.push(100));
    c.at(200, () => fired.push(200));
    c.after(10_000, () => fired.push(10_000));
    cancel();
    c.advance(500);
    expect(fired).toEqual([200]);
    expect(c.now()).toBe(500);
    c.stop();
    w.tick(20_000);
    expect(fired).toEqual([200]);
    expect(w.armed()).toEqual([]);
  });

  it('keeps going when a callback throws, and lets callbacks schedule more', () => {
    const w = fakeWall();
    const errors: unknown[] = [];
    const c = new SimClock({ start: 0, speed: 1, wallNow: w.now, timers: w.api, onError: (e) => errors.push(e) });
    const fired: number[] = [];
    c.at(10, () => {
      throw new Error('boom');
    });
    c.at(20, () => {
      fired.push(20);
      c.at(25, () => fired.push(25));
    });
    w.tick(30);
    expect(errors).toHaveLength(1);
    expect(fired).toEqual([20, 25]);
  });

  it('uses real, unref’d timers by default (a pending callback does not keep the process alive)', async () => {
    const c = new SimClock({ speed: 1000 });
    // read before scheduling: at 1000x, a wall millisecond later is a simulated second later
    const start = c.now();
    const p = new Promise<number>((resolve) => c.after(2_000, () => resolve(c.now())));
    const at = await p;
    expect(at - start).toBeGreaterThanOrEqual(2_000);
    const spy = vi.spyOn(globalThis, 'setTimeout');
    try {
      c.after(10 ** 12, () => undefined); // far future: must not keep the process alive
      const timer = spy.mock.results.at(-1)?.value as NodeJS.Timeout;
      expect(timer.hasRef()).toBe(false);
    } finally {
      spy.mockRestore();
      c.stop();
    }
  });
});

describe('ManualClock', () => {
  it('moves only when told, running callbacks at their own time, FIFO for equal times', () => {
    const c = new ManualClock(0);
    const seen: string[] = [];
    c.at(300, () => seen.push(`c@${c.now()}`));
    c.at(100, () => seen.push(`a@${c.now()}`));
    c.at(100, () => seen.push(`a2@${c.now()}`));
    c.after(200, () => {
      seen.push(`b@${c.now()}`);
      c.after(50, () => seen.push(`nested@${c.now()}`));
    });
    c.advance(99);
    expect(seen).toEqual([]);
    c.advance(1_000);
    expect(seen).toEqual(['a@100', 'a2@100', 'b@200', 'nested@250', 'c@300']);
    expect(c.now()).toBe(1_099);
    expect(() => c.set(0)).toThrow(RangeError);
  });
});

describe('BlockClock', () => {
  it('puts a tx in the first block after now; block times are genesis − phase + k × interval', () => {
    const b = new BlockClock('osmosis-1', 1_000_000, 6_000);
    expect(b.phase).toBeGreaterThanOrEqual(0);
    expect(b.phase).toBeLessThan(6_000);
    const g = b.latestBlock(1_000_000);
    expect(g.height).toBe(1);
    expect(g.time).toBeLessThanOrEqual(1_000_000);
    const n = b.nextBlock(1_000_000);
    expect(n).toEqual({ height: 2, time: g.time + 6_000 });
    expect(n.time).toBeGreaterThan(1_000_000);
    // exactly at a block time: that block is committed, the tx goes into the next one
    expect(b.nextBlock(n.time)).toEqual({ height: 3, time: n.time + 6_000 });
    expect(b.latestBlock(n.time)).toEqual(n);
    expect(b.latestBlock(n.time + 5_999)).toEqual(n);
    // chains tick at different phases
    expect(new BlockClock('cosmoshub-4', 1_000_000, 6_000).phase).not.toBe(b.phase);
  });
});

describe('SimClock runs each callback at its own time', () => {
  it('a timer that fires late in wall time does not make a callback see a later time', () => {
    let wall = 1_000_000;
    const fired: (() => void)[] = [];
    const clock = new SimClock({
      start: 0,
      speed: 1000,
      wallNow: () => wall,
      timers: { setTimeout: (fn) => fired.push(fn), clearTimeout: () => undefined },
    });
    const seen: number[] = [];
    clock.at(18_000, () => {
      seen.push(clock.now());
      clock.after(6_000, () => seen.push(clock.now()));
    });
    // The timer was due after 18 ms of wall time but fires after 50 ms: 32 simulated seconds late.
    wall += 50;
    fired.shift()!();
    expect(seen).toEqual([18_000, 24_000]);
    // Outside callbacks, time is the wall clock's again.
    expect(clock.now()).toBe(50_000);
  });
});

describe('SimClock.advance is a discrete-event jump', () => {
  it('runs, within one jump, callbacks scheduled by callbacks of the jump, each at its own time; later ones wait', () => {
    const w = fakeWall();
    const c = new SimClock({ start: 0, speed: 300, wallNow: w.now, timers: w.api });
    const seen: [string, number][] = [];
    // a withdrawal's chain of events: the output an hour later, then the claim a week after it
    c.at(1_000, () => {
      seen.push(['included', c.now()]);
      c.after(3_600_000, () => {
        seen.push(['output', c.now()]);
        c.after(604_800_000, () => seen.push(['claim', c.now()]));
        c.after(700_000_000, () => seen.push(['beyond the jump', c.now()]));
      });
    });
    c.advance(612_000_000);
    expect(seen).toEqual([
      ['included', 1_000],
      ['output', 3_601_000],
      ['claim', 608_401_000],
    ]);
    expect(c.now()).toBe(612_000_000);
    // what lies beyond the jump is armed for its own time, at the clock's speed
    expect(Math.min(...w.armed())).toBe(Math.ceil((703_601_000 - 612_000_000) / 300));
    w.tick(Math.ceil((703_601_000 - 612_000_000) / 300));
    expect(seen.at(-1)).toEqual(['beyond the jump', 703_601_000]);
  });
});

describe('SimClock after a jump', () => {
  it('fires what a callback of the jump scheduled beyond it at its own time, not as late as the callback’s time would say', () => {
    const w = fakeWall();
    const c = new SimClock({ start: 0, speed: 300, wallNow: w.now, timers: w.api });
    const seen: number[] = [];
    c.at(1_000, () => c.at(700_000_000, () => seen.push(c.now())));
    c.advance(612_000_000);
    // 88 000 simulated seconds remain: 293 334 ms of wall time at 300x
    const wait = Math.ceil((700_000_000 - 612_000_000) / 300);
    w.tick(wait - 1);
    expect(seen).toEqual([]);
    w.tick(1);
    expect(seen).toEqual([700_000_000]);
  });
});
