/**
 * One crossing through the real bridge relay (relayer/bridges.ts), with the service's default
 * ±10 % jitter drawn from `seed`, over a stand-in simulator on a manual clock: each step runs
 * through `run` (the bridge's own step on the test's fake chains) when the relay says it is
 * due. What a bridge test needs to pin when a step lands once the jitter has had its say.
 */
import { ManualClock, type ChainSimulator } from '../../../../src/service/chains';
import type { BridgeOutcome, BridgeStep, BridgeTransferView } from '../../../../src/service/bridges/types';
import type { FaultBook } from '../../../../src/service/faults';
import { DEFAULT_TIMING } from '../../../../src/service/planner/timing';
import { BridgeRelay } from '../../../../src/service/relayer/bridges';

/** The relayer's default jitter (relayer.ts), which the service runs with. */
export const SERVICE_JITTER = 0.1;

export interface RelayedCrossing {
  /** Each step that ran, with the simulated time it ran at. */
  ran: { label: string; at: number }[];
  /** What the relay logged: a step that threw (a chain refusing it) shows here. */
  logs: string[];
}

export function relayOnce(
  view: BridgeTransferView,
  steps: BridgeStep[],
  seed: number,
  run: (step: BridgeStep, at: number) => BridgeOutcome | undefined,
): RelayedCrossing {
  const clock = new ManualClock(view.event.time);
  const ran: RelayedCrossing['ran'] = [];
  const logs: string[] = [];
  let state: BridgeTransferView['state'] = 'pending';
  const sim = {
    clock,
    epoch: 0,
    bridgeSteps: () => steps,
    runBridgeStep: (_id: string, step: BridgeStep) => {
      ran.push({ label: step.label, at: clock.now() });
      state = run(step, clock.now())?.state ?? state;
      return undefined;
    },
    bridgeTransfer: () => ({ state, childPacketIds: [] }),
  } as unknown as ChainSimulator;
  const faults = { takeBridgeFault: () => undefined, isChainPaused: () => false } as unknown as FaultBook;
  const relay = new BridgeRelay({ sim, faults, seed, timing: DEFAULT_TIMING, jitter: SERVICE_JITTER, log: (l) => void logs.push(l), onRelayed: () => undefined });
  relay.enqueue(view.event);
  // past the last step however far the jitter could stretch it
  clock.advance(Math.max(...steps.map((s) => s.afterMs)) * (1 + 2 * SERVICE_JITTER));
  return { ran, logs };
}
