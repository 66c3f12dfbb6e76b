/**
 * The bridge relay's rule for a step that waits for what its crossing sent on
 * (BridgeStep.afterChildren): it runs only once every such packet is acknowledged or
 * refunded, looking again every few seconds, and the crossing's later steps wait as long.
 */
import { describe, expect, it } from 'vitest';
import type { BridgeStep } from '../../../src/service/bridges/types';
import type { BridgeEvent, ChainSimulator } from '../../../src/service/chains';
import { FaultBook } from '../../../src/service/faults';
import { BridgeRelay } from '../../../src/service/relayer/bridges';
import { DEFAULT_TIMING } from '../../../src/service/planner/timing';

/** A clock that runs what is due when the test moves it, and just enough simulator for the relay. */
function harness(steps: BridgeStep[]) {
  let now = 0;
  const timers: { at: number; fn: () => void; live: boolean }[] = [];
  const packets = new Map<string, { state: string }>();
  const ran: [string, number][] = [];
  const transfer = { id: 'x1', state: 'pending', childPacketIds: [] as string[] };
  const sim = {
    epoch: 1,
    clock: {
      at(at: number, fn: () => void) {
        const t = { at, fn, live: true };
        timers.push(t);
        return () => void (t.live = false);
      },
    },
    bridgeSteps: () => steps,
    bridgeTransfer: () => transfer,
    packet: (id: string) => packets.get(id),
    runBridgeStep(_id: string, step: BridgeStep) {
      ran.push([step.label, now]);
      if (step.label === 'first') transfer.childPacketIds.push('p1');
      if (step.label === 'last') transfer.state = 'completed';
      return { code: 0 };
    },
  } as unknown as ChainSimulator;
  const relay = new BridgeRelay({ sim, faults: new FaultBook(), seed: 1, timing: DEFAULT_TIMING, jitter: 0, log: () => {}, onRelayed: () => {} });
  const advanceTo = (t: number) => {
    for (;;) {
      const next = timers.filter((x) => x.live && x.at <= t).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      next.live = false;
      now = next.at;
      next.fn();
    }
    now = t;
  };
  relay.enqueue({ id: 'x1', bridge: 'EUREKA', chainId: '1', destChainId: 'cosmoshub-4', time: 0 } as unknown as BridgeEvent);
  return { ran, packets, advanceTo };
}

const step = (label: string, afterMs: number, afterChildren = false): BridgeStep => ({ label, afterMs, chainId: 'cosmoshub-4', ...(afterChildren ? { afterChildren } : {}), run: () => undefined });

describe('bridge relay: a step after the crossing\'s packets', () => {
  it('waits until every packet the crossing sent on has settled, and holds the later steps as long', () => {
    const { ran, packets, advanceTo } = harness([step('first', 1_000), step('answer', 1_000, true), step('last', 4_000)]);
    packets.set('p1', { state: 'in_flight' });
    advanceTo(60_000);
    expect(ran).toEqual([['first', 1_000]]);
    packets.set('p1', { state: 'acknowledged' });
    advanceTo(120_000);
    // looked again every 5 s from 1 s on: the first look after 60 s is at 61 s; the last step keeps its 3 s after it
    expect(ran).toEqual([['first', 1_000], ['answer', 61_000], ['last', 64_000]]);
  });

  it('runs at once when nothing was sent on, or once a packet came back refunded', () => {
    const a = harness([step('answer', 2_000, true), step('last', 3_000)]);
    a.advanceTo(10_000);
    expect(a.ran).toEqual([['answer', 2_000], ['last', 3_000]]);
    const b = harness([step('first', 1_000), step('answer', 1_000, true), step('last', 2_000)]);
    b.packets.set('p1', { state: 'refunded' });
    b.advanceTo(10_000);
    expect(b.ran).toEqual([['first', 1_000], ['answer', 1_000], ['last', 2_000]]);
  });
});
