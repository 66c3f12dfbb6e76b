/**
 * Simulated time. Every chain, relayer and bridge of the local service reads one Clock, so a
 * speed change (or a manual advance in tests) moves the whole simulation together.
 *
 * - SimClock: simulated ms = start + (wall - wallStart) × speed, rebased on every speed change
 *   so that simulated time never jumps backwards. Callbacks fire from ONE unref'd timer armed
 *   for the earliest due callback (a running service must not be kept alive by it).
 * - ManualClock: time moves only when a test calls advance()/set(); due callbacks run then,
 *   synchronously and in order.
 */

export type Cancel = () => void;

export interface Clock {
  /** Simulated time, epoch milliseconds. */
  now(): number;
  /**
   * Runs `fn` once simulated time reaches `simTime`. One already due runs at the next
   * opportunity: a SimClock's next timer tick, a ManualClock's next advance/set/flush.
   */
  at(simTime: number, fn: () => void): Cancel;
  /** Runs `fn` after `ms` of simulated time. */
  after(ms: number, fn: () => void): Cancel;
  /** Current speed factor (simulated ms per wall ms); a ManualClock reports 0. */
  readonly speed: number;
}

interface Entry {
  time: number;
  seq: number;
  fn: () => void;
  cancelled: boolean;
}

/** Min-heap of callbacks ordered by (time, insertion order), so equal times keep FIFO order. */
class Agenda {
  private heap: Entry[] = [];
  private seq = 0;

  get size(): number {
    return this.heap.length;
  }

  push(time: number, fn: () => void): Entry {
    const e: Entry = { time, seq: this.seq++, fn, cancelled: false };
    const h = this.heap;
    h.push(e);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!less(h[i]!, h[p]!)) break;
      [h[i], h[p]] = [h[p]!, h[i]!];
      i = p;
    }
    return e;
  }

  /** Earliest live entry, dropping cancelled ones on the way. */
  peek(): Entry | undefined {
    while (this.heap.length > 0 && this.heap[0]!.cancelled) this.pop();
    return this.heap[0];
  }

  pop(): Entry | undefined {
    const h = this.heap;
    const top = h[0];
    const last = h.pop();
    if (h.length > 0 && last) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && less(h[l]!, h[m]!)) m = l;
        if (r < h.length && less(h[r]!, h[m]!)) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m]!, h[i]!];
        i = m;
      }
    }
    return top;
  }

  clear(): void {
    for (const e of this.heap) e.cancelled = true;
    this.heap = [];
  }

  /**
   * Runs every callback due at or before now(), in time order; callbacks may schedule more (run
   * if due). `during(time)` is told each callback's own time before it runs, so the clock can
   * answer with it.
   */
  runDue(now: () => number, onError: (e: unknown) => void, during: (time: number | undefined) => void = () => {}): number {
    let ran = 0;
    for (;;) {
      const e = this.peek();
      if (!e || e.time > now()) return ran;
      this.pop();
      ran += 1;
      during(e.time);
      try {
        e.fn();
      } catch (err) {
        onError(err);
      } finally {
        during(undefined);
      }
    }
  }
}

function less(a: Entry, b: Entry): boolean {
  return a.time < b.time || (a.time === b.time && a.seq < b.seq);
}

function defaultOnError(e: unknown): void {
  console.error('[clock] scheduled callback failed', e);
}

/** setTimeout cannot wait longer than 2^31-1 ms; longer waits re-arm when they expire. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface TimerApi {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const nodeTimers: TimerApi = {
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    // the scheduler must never keep the process alive on its own
    (t as { unref?: () => void }).unref?.();
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export interface SimClockOptions {
  /** Simulated time at creation (epoch ms). Default: the wall clock's now. */
  start?: number;
  /** Simulated ms per wall ms; 0 pauses. Default 1. */
  speed?: number;
  /** Wall clock (epoch ms). Default Date.now. */
  wallNow?: () => number;
  timers?: TimerApi;
  onError?: (e: unknown) => void;
}

export class SimClock implements Clock {
  private base: number;
  private wallBase: number;
  private currentSpeed: number;
  private readonly wallNow: () => number;
  private readonly timers: TimerApi;
  private readonly agenda = new Agenda();
  private readonly onError: (e: unknown) => void;
  private timer: unknown = undefined;
  private armedFor = Infinity;
  private stopped = false;
  /**
   * While a scheduled callback runs, now() is that callback's time: a discrete-event clock. A
   * timer that fires late in wall time (and at 1000x, 1 ms late is a whole second) must not make
   * a relayer step happen later than it was due, e.g. after its packet's timeout.
   */
  private pinned: number | undefined;
  /** Callbacks are running: fire() arms the timer once they are done. */
  private firing = false;

  constructor(options: SimClockOptions = {}) {
    this.wallNow = options.wallNow ?? Date.now;
    this.timers = options.timers ?? nodeTimers;
    this.onError = options.onError ?? defaultOnError;
    this.wallBase = this.wallNow();
    this.base = options.start ?? this.wallBase;
    this.currentSpeed = checkSpeed(options.speed ?? 1);
  }

  now(): number {
    return this.pinned ?? this.running();
  }

  /** Simulated time as the wall clock has carried it, ignoring any callback in progress. */
  private running(): number {
    return Math.floor(this.base + (this.wallNow() - this.wallBase) * this.currentSpeed);
  }

  get speed(): number {
    return this.currentSpeed;
  }

  /** Changes the speed from now on; simulated time continues from its current value. */
  setSpeed(speed: number): void {
    const s = checkSpeed(speed);
    this.rebase();
    this.currentSpeed = s;
    this.rearm(true);
  }

  /** Jumps simulated time forward (never back) and fires what became due. */
  advance(ms: number): void {
    if (!(ms >= 0) || !Number.isFinite(ms)) throw new RangeError(`cannot advance by ${ms} ms`);
    this.rebase();
    this.base += ms;
    this.fire();
  }

  at(simTime: number, fn: () => void): Cancel {
    if (this.stopped) return () => undefined;
    const e = this.agenda.push(simTime, fn);
    if (!this.firing && simTime < this.armedFor) this.rearm(true);
    return () => {
      e.cancelled = true;
    };
  }

  after(ms: number, fn: () => void): Cancel {
    return this.at(this.now() + Math.max(0, ms), fn);
  }

  /** Number of callbacks still waiting (cancelled ones may be counted until they surface). */
  get pending(): number {
    return this.agenda.size;
  }

  /** Drops every pending callback and the timer; the clock still tells time. */
  stop(): void {
    this.stopped = true;
    this.agenda.clear();
    this.disarm();
  }

  private rebase(): void {
    const wall = this.wallNow();
    this.base = this.base + (wall - this.wallBase) * this.currentSpeed;
    this.wallBase = wall;
  }

  private disarm(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.armedFor = Infinity;
  }

  /**
   * Runs every callback due by the running time, those they schedule included when due too (so
   * one advance() carries a whole chain of events), then arms the timer for what is left.
   */
  private fire(): void {
    this.disarm();
    const outer = this.firing;
    this.firing = true;
    try {
      this.agenda.runDue(() => this.running(), this.onError, (time) => (this.pinned = time));
    } finally {
      this.firing = outer;
    }
    this.rearm(false);
  }

  private rearm(force: boolean): void {
    if (this.stopped) return;
    const next = this.agenda.peek();
    if (!next) {
      this.disarm();
      return;
    }
    if (!force && this.timer !== undefined && this.armedFor <= next.time) return;
    this.disarm();
    if (this.currentSpeed === 0) return; // paused: nothing becomes due until the speed changes
    // from the running time, not a callback's pinned one: after a jump that is far later
    const simWait = next.time - this.running();
    const wallWait = simWait <= 0 ? 0 : Math.min(MAX_TIMER_MS, Math.ceil(simWait / this.currentSpeed));
    this.armedFor = next.time;
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      this.armedFor = Infinity;
      this.fire();
    }, wallWait);
  }
}

function checkSpeed(speed: number): number {
  if (!Number.isFinite(speed) || speed < 0) throw new RangeError(`invalid clock speed ${speed}`);
  return speed;
}

/** A clock for tests: time stands still until advance() or set(). */
export class ManualClock implements Clock {
  private t: number;
  private readonly agenda = new Agenda();
  private readonly onError: (e: unknown) => void;
  readonly speed = 0;

  constructor(start = Date.UTC(2025, 0, 1), onError: (e: unknown) => void = (e) => {
    throw e;
  }) {
    this.t = start;
    this.onError = onError;
  }

  now(): number {
    return this.t;
  }

  at(simTime: number, fn: () => void): Cancel {
    const e = this.agenda.push(simTime, fn);
    return () => {
      e.cancelled = true;
    };
  }

  after(ms: number, fn: () => void): Cancel {
    return this.at(this.t + Math.max(0, ms), fn);
  }

  /**
   * Moves time forward by `ms`, stopping at each due callback so that a callback sees
   * now() equal to the time it was scheduled for.
   */
  advance(ms: number): void {
    if (!(ms >= 0) || !Number.isFinite(ms)) throw new RangeError(`cannot advance by ${ms} ms`);
    this.set(this.t + ms);
  }

  set(time: number): void {
    if (time < this.t) throw new RangeError('a ManualClock cannot go back in time');
    for (;;) {
      const e = this.agenda.peek();
      if (!e || e.time > time) break;
      this.t = Math.max(this.t, e.time);
      this.agenda.runDue(() => this.t, this.onError);
    }
    this.t = time;
  }

  /** Runs callbacks already due (scheduled at or before now). */
  flush(): void {
    this.agenda.runDue(() => this.t, this.onError);
  }

  get pending(): number {
    return this.agenda.size;
  }
}
