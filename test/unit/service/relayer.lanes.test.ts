/**
 * The bridge relay's lane rule (relayer/bridges.ts): only a step its bridge marks `ordered`
 * (an executor working through its queue by sequence: OPinit's deposit finalization) runs after
 * the same step of every earlier crossing on its lane, and holds its crossing's later steps back
 * by as much; every other step keeps the crossing's own spacing, whatever other crossings drew
 * (Go Fast's timeout, then its refund). The relay runs over a stand-in simulator that records
 * when each step ran, with jitter high enough that the draws reorder neighbouring crossings.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock, type BridgeEvent, type ChainSimulator } from '../../../src/service/chains';
import type { BridgeStep } from '../../../src/service/bridges/types';
import type { FaultBook } from '../../../src/service/faults';
import { DEFAULT_TIMING } from '../../../src/service/planner/timing';
import { BridgeRelay } from '../../../src/service/relayer/bridges';

const T0 = Date.UTC(2025, 5, 1, 12);
const JITTER = 0.4;
const SEED = 7;

type Ran = { id: string; label: string; at: number };
type StepPlan = Pick<BridgeStep, 'afterMs' | 'label' | 'ordered'>;

/** A relay over a stand-in simulator: each crossing plans `steps`, settles after the last, and every run is logged. */
function relayWith(steps: readonly StepPlan[]) {
  const clock = new ManualClock(T0);
  const ran: Ran[] = [];
  const states = new Map<string, 'pending' | 'completed'>();
  const sim = {
    clock,
    epoch: 0,
    bridgeSteps: (): BridgeStep[] => steps.map((s) => ({ ...s, chainId: 'rollup-1', run: () => undefined })),
    runBridgeStep: (id: string, step: BridgeStep) => {
      ran.push({ id, label: step.label, at: clock.now() });
      if (step.label === steps.at(-1)!.label) states.set(id, 'completed');
      return undefined;
    },
    bridgeTransfer: (id: string) => ({ state: states.get(id) ?? 'pending' }),
  } as unknown as ChainSimulator;
  const faults = { takeBridgeFault: () => undefined, isChainPaused: () => false } as unknown as FaultBook;
  const relay = new BridgeRelay({ sim, faults, seed: SEED, timing: DEFAULT_TIMING, jitter: JITTER, log: () => undefined, onRelayed: () => undefined });
  const enqueue = (id: string, time: number) => {
    clock.set(time);
    relay.enqueue({ id, time, bridge: 'OPINIT', chainId: 'initia-1', destChainId: 'rollup-1' } as unknown as BridgeEvent);
  };
  return { clock, ran, enqueue, relay };
}

const crossings = Array.from({ length: 40 }, (_, i) => ({ id: `crossing-${String(i).padStart(2, '0')}`, time: T0 + i * 250 }));

describe('bridge relay lanes', () => {
  it('an ordered step finishes in its lane’s order under jitter, and holds its crossing’s later steps back by as much', () => {
    const steps: StepPlan[] = [
      { label: 'finalize', afterMs: 15_000, ordered: true },
      { label: 'ack', afterMs: 18_000 },
    ];
    const { clock, ran, enqueue } = relayWith(steps);
    for (const c of crossings) enqueue(c.id, c.time);
    clock.advance(120_000);

    const finalized = ran.filter((r) => r.label === 'finalize');
    expect(finalized).toHaveLength(crossings.length);
    // the executor's queue order: the order the crossings entered
    expect(finalized.map((r) => r.id)).toEqual(crossings.map((c) => c.id));
    for (const c of crossings) {
      const [finalize, ack] = ['finalize', 'ack'].map((label) => ran.find((r) => r.id === c.id && r.label === label)!);
      // the later step keeps at least its own spacing after the held-back step
      expect(ack!.at - finalize!.at).toBeGreaterThanOrEqual(Math.floor(3_000 * (1 - JITTER)));
    }
    // the draws did reorder the crossings: without the lane, some would have finished out of order
    const natural = crossings.map((c) => {
      const alone = relayWith(steps);
      alone.enqueue(c.id, c.time);
      alone.clock.advance(120_000);
      return { id: c.id, at: alone.ran.find((r) => r.label === 'finalize')!.at };
    });
    expect(natural.map((n) => n.id)).not.toEqual([...natural].sort((a, b) => a.at - b.at).map((n) => n.id));
  });

  it('an unordered step keeps its crossing’s own spacing, never held behind another crossing’s step (Go Fast: timeout, then refund)', () => {
    const steps: StepPlan[] = [
      { label: 'go_fast_timeout', afterMs: 60_000 },
      { label: 'go_fast_refund', afterMs: 61_000 },
    ];
    const together = relayWith(steps);
    for (const c of crossings) together.enqueue(c.id, c.time);
    together.clock.advance(300_000);
    expect(together.ran).toHaveLength(2 * crossings.length);

    for (const c of crossings) {
      const alone = relayWith(steps);
      alone.enqueue(c.id, c.time);
      alone.clock.advance(300_000);
      const mine = together.ran.filter((r) => r.id === c.id).map(({ label, at }) => ({ label, at }));
      // exactly when it would have run had no other crossing been in flight
      expect(mine).toEqual(alone.ran.map(({ label, at }) => ({ label, at })));
      expect(mine.map((r) => r.label)).toEqual(['go_fast_timeout', 'go_fast_refund']);
    }
  });
});
