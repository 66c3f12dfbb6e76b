/**
 * Bridge legs (CCTP, Axelar): each outbound bridge event is completed on the destination after
 * the timing table's delay for its source chain (the same numbers the planner quotes), with a
 * seeded jitter. A global or per-chain pause holds them like packets.
 */
import type { BridgeEvent, Cancel, ChainSimulator } from '../chains';
import type { FaultBook } from '../faults';
import { DEFAULT_TIMING, axelarSeconds, cctpSeconds, type TimingTable } from '../planner/timing';
import { keyedUnit } from '../random';
import { bridgeRoute, completeBridgeEvent } from './bridge-api';

interface BridgeJob {
  event: BridgeEvent;
  chains: string[];
  cancel: Cancel | undefined;
  /** Axelar's confirmation on its hub, half way (gateway calls from an EVM chain). */
  cancelConfirm?: Cancel | undefined;
  parked: boolean;
}

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

  constructor(private readonly o: BridgeRelayOptions) {}

  get size(): number {
    return this.jobs.size;
  }

  get parkedCount(): number {
    let n = 0;
    for (const j of this.jobs.values()) if (j.parked) n += 1;
    return n;
  }

  /** Simulated ms from the bridge event's block to its completion on the destination. */
  delayMs(event: BridgeEvent): number {
    // the event carries the timing table's figure for its bridge and source; a custom table wins
    const route = bridgeRoute(this.o.sim.world, event);
    const ms =
      this.o.timing === DEFAULT_TIMING
        ? event.expectedDelayMs
        : 1000 * (route.bridge === 'axelar' ? axelarSeconds(route.from, this.o.timing) : cctpSeconds(route.from, event.bridge === 'cctp' ? event.smartRelay : true, this.o.timing));
    const u = keyedUnit(this.o.seed, `${event.id}|bridge`);
    return Math.round(ms * (1 - this.o.jitter + 2 * this.o.jitter * u));
  }

  enqueue(event: BridgeEvent): void {
    if (this.jobs.has(event.id)) return;
    const route = bridgeRoute(this.o.sim.world, event);
    const job: BridgeJob = { event, chains: [route.from, route.to], cancel: undefined, parked: false };
    this.jobs.set(event.id, job);
    const delay = this.delayMs(event);
    if (route.bridge === 'axelar' && this.o.sim.world.chain(event.chainId)?.chainType === 'evm') {
      const epoch = this.o.sim.epoch;
      job.cancelConfirm = this.o.sim.clock.at(event.time + Math.floor(delay / 2), () => this.confirm(event.id, epoch));
    }
    this.schedule(job, event.time + delay);
  }

  /** Axelar's vote on the hub; a paused chain just skips it (the delivery still waits for the resume). */
  private confirm(id: string, epoch: number): void {
    const job = this.jobs.get(id);
    if (epoch !== this.o.sim.epoch || !job) return;
    job.cancelConfirm = undefined;
    if (this.o.faults.isChainPaused([...job.chains, this.o.sim.world.bridges.axelar.axelarChainId])) return;
    try {
      this.o.sim.confirmBridge(id);
    } catch (e) {
      this.o.log(`[relayer] axelar confirmation of ${id} failed: ${(e as Error)?.message ?? String(e)}`);
    }
  }

  resumeParked(at: number): void {
    for (const job of this.jobs.values()) {
      if (!job.parked) continue;
      job.parked = false;
      this.schedule(job, at);
    }
  }

  forget(): void {
    for (const j of this.jobs.values()) {
      j.cancel?.();
      j.cancelConfirm?.();
    }
    this.jobs.clear();
  }

  private schedule(job: BridgeJob, at: number): void {
    job.cancel?.();
    const epoch = this.o.sim.epoch;
    job.cancel = this.o.sim.clock.at(at, () => this.run(job.event.id, epoch));
  }

  private run(id: string, epoch: number): void {
    if (epoch !== this.o.sim.epoch) return;
    const job = this.jobs.get(id);
    if (!job) return;
    job.cancel = undefined;
    if (this.o.faults.isChainPaused(job.chains)) {
      job.parked = true;
      return;
    }
    this.jobs.delete(id);
    try {
      if (completeBridgeEvent(this.o.sim, job.event)) this.o.onRelayed();
    } catch (e) {
      this.o.log(`[relayer] bridge completion of ${id} failed: ${(e as Error)?.message ?? String(e)}`);
    }
  }
}
