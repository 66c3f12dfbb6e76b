/**
 * Crossings by the registered bridges: when a crossing's source tx commits, its bridge plans
 * the steps that finish it (ServiceBridge.simulation.steps: an attestation and mint, a vote
 * and a delivery, a solver's fill, a refund) and this relay runs each when it is due, after
 * the bridge's own delay stretched by a seeded jitter (all but a period the chain enforces,
 * BridgeStep.fixedMs: OPinit's 7 days are 7 days, so one /local/clock jump of the period and a
 * margin releases a withdrawal). A bridge fault armed for the crossing
 * (FaultBook) is handed to its bridge when the steps are planned. A global or per-chain pause
 * holds the steps like packets.
 */
import type { BridgeEvent, Cancel, ChainSimulator } from '../chains';
import type { BridgeStep } from '../bridges/types';
import type { FaultBook } from '../faults';
import type { TimingTable } from '../planner/timing';
import { keyedUnit } from '../random';

interface BridgeJob {
  event: BridgeEvent;
  /** Steps not run yet, in order, with the simulated ms each is due. */
  steps: { step: BridgeStep; at: number }[];
  cancel: Cancel | undefined;
  parked: boolean;
}

/** How often a step that waits for the packets its crossing sent on looks again (simulated ms). */
const CHILDREN_POLL_MS = 5_000;

export interface BridgeRelayOptions {
  sim: ChainSimulator;
  faults: FaultBook;
  seed: number;
  timing: TimingTable;
  jitter: number;
  log: (line: string) => void;
  onRelayed: () => void;
}

export class BridgeRelay {
  private readonly jobs = new Map<string, BridgeJob>();
  /**
   * The latest time an ordered step (BridgeStep.ordered) of each lane (bridge, chain, step) is
   * due: an executor that works through its queue in order never runs a later crossing's step
   * before an earlier one's, whatever the jitter drew.
   */
  private readonly laneTail = new Map<string, number>();

  constructor(private readonly o: BridgeRelayOptions) {}

  get size(): number {
    return this.jobs.size;
  }

  get parkedCount(): number {
    let n = 0;
    for (const j of this.jobs.values()) if (j.parked) n += 1;
    return n;
  }

  enqueue(event: BridgeEvent): void {
    if (this.jobs.has(event.id)) return;
    const fault = this.o.faults.takeBridgeFault(event.bridge, event.chainId);
    const planned = this.o.sim.bridgeSteps(event.id, { timing: this.o.timing, ...(fault !== undefined ? { fault } : {}) });
    // one draw per crossing stretches all its steps alike, so they keep their order
    const u = keyedUnit(this.o.seed, `${event.id}|bridge`);
    const stretch = 1 - this.o.jitter + 2 * this.o.jitter * u;
    // an ordered step held back by its lane holds the crossing's later steps back as much
    let held = 0;
    // a step after a fixed period comes after all of it too
    let fixed = 0;
    const steps = planned.map((step) => {
      fixed = Math.max(fixed, step.fixedMs ?? 0);
      const natural = event.time + Math.round((step.afterMs - fixed) * stretch) + fixed;
      if (!step.ordered) return { step, at: natural + held };
      const lane = `${event.bridge}|${step.chainId}|${step.label}`;
      held = Math.max(held, (this.laneTail.get(lane) ?? 0) - natural);
      const at = natural + held;
      this.laneTail.set(lane, at);
      return { step, at };
    });
    if (fault !== undefined) this.o.log(`[relayer] ${event.bridge} crossing ${event.id} runs under fault ${fault}`);
    const job: BridgeJob = { event, steps, cancel: undefined, parked: false };
    this.jobs.set(event.id, job);
    this.scheduleNext(job);
  }

  resumeParked(at: number): void {
    for (const job of this.jobs.values()) {
      if (!job.parked) continue;
      job.parked = false;
      // the relayer restarts: what was due runs now, later steps keep their times
      for (const s of job.steps) if (s.at < at) s.at = at;
      this.scheduleNext(job);
    }
  }

  forget(): void {
    for (const j of this.jobs.values()) j.cancel?.();
    this.jobs.clear();
    this.laneTail.clear();
  }

  private scheduleNext(job: BridgeJob): void {
    job.cancel?.();
    const next = job.steps[0];
    if (!next) {
      this.jobs.delete(job.event.id);
      return;
    }
    const epoch = this.o.sim.epoch;
    job.cancel = this.o.sim.clock.at(next.at, () => this.run(job.event.id, epoch));
  }

  private run(id: string, epoch: number): void {
    if (epoch !== this.o.sim.epoch) return;
    const job = this.jobs.get(id);
    if (!job) return;
    job.cancel = undefined;
    const next = job.steps[0]!;
    if (this.o.faults.isChainPaused([job.event.chainId, job.event.destChainId, next.step.chainId])) {
      job.parked = true;
      return;
    }
    if (next.step.afterChildren && !this.childrenSettled(id)) {
      // what it answers for is still travelling: look again shortly, later steps wait as long
      for (const s of job.steps) s.at += CHILDREN_POLL_MS;
      this.scheduleNext(job);
      return;
    }
    job.steps.shift();
    try {
      const tx = this.o.sim.runBridgeStep(id, next.step);
      const settled = this.o.sim.bridgeTransfer(id)?.state !== 'pending';
      if (settled) {
        this.jobs.delete(id);
        if (tx?.code === 0) this.o.onRelayed();
        return;
      }
    } catch (e) {
      this.o.log(`[relayer] ${next.step.label} of ${id} failed: ${(e as Error)?.message ?? String(e)}`);
    }
    this.scheduleNext(job);
  }

  /** Whether every packet the crossing sent on has been acknowledged or refunded on its source. */
  private childrenSettled(id: string): boolean {
    const t = this.o.sim.bridgeTransfer(id);
    return (t?.childPacketIds ?? []).every((p) => {
      const state = this.o.sim.packet(p)?.state;
      return state === 'acknowledged' || state === 'refunded';
    });
  }
}
