/**
 * The simulated relayer. It listens to the chain simulator and moves every IBC packet one
 * step at a time on the simulated clock:
 *
 *   send (block time sentAt) ──recv delay──▶ receive on the destination (PFM and hooks run there)
 *                            ──ack delay───▶ acknowledgement on the source (an error ack refunds)
 *   or, once the destination's committed block passes the packet's timeout: a timeout tx that
 *   refunds the sender.
 *
 * Delays come from the planner's timing table (one IBC hop ≈ ibcHopSeconds, split between
 * the receive and the acknowledgement) with a jitter drawn per packet from the seed, so the
 * same seed and the same transfers give the same heights and times. Bridge legs (CCTP,
 * Axelar) are completed after their own table delays (bridges.ts).
 *
 * Faults (FaultBook): a packet marked `timeout` is never received and times out; one marked
 * `error_ack` is received with an error acknowledgement; a paused channel (or chain, or all)
 * parks every step until resumed. Only in-flight work is kept, and dropped when it settles,
 * so memory does not grow with finished transfers.
 */
import type { Cancel, ChainSimulator, PacketRecord, SimEvent } from '../chains';
import { DEFAULT_BLOCK_INTERVAL_MS } from '../chains';
import type { FaultBook, PacketFaultKind } from '../faults';
import { DEFAULT_TIMING, type TimingTable } from '../planner/timing';
import { BridgeRelay } from './bridges';
import { keyedUnit } from '../random';
import { ackReady, receiveWithErrorAck, timedOutOnDest, timeoutAtMs } from './sim-api';

export interface RelayerOptions {
  sim: ChainSimulator;
  faults: FaultBook;
  /** Seeds the per-packet jitter (the service's --seed). */
  seed?: number;
  timing?: TimingTable;
  /** Share of a hop before the receive, share after it for the ack, ± jitter (fractions). */
  recvShare?: number;
  ackShare?: number;
  jitter?: number;
  log?: (line: string) => void;
}

type Step = 'recv' | 'ack' | 'timeout';

interface Job {
  packet: PacketRecord;
  step: Step;
  fault: PacketFaultKind | undefined;
  cancel: Cancel | undefined;
  parked: boolean;
}

export interface RelayerStats {
  /** Packets not yet settled (acknowledged, refunded). */
  packets: number;
  /** Steps held by a pause. */
  parked: number;
  /** Received packets whose acknowledgement the destination has not written yet (PFM). */
  waitingAck: number;
  bridges: number;
  relayed: { recv: number; ack: number; timeout: number; bridge: number };
}

/** After a resume, parked steps run this much later (simulated ms): the relayer restarts. */
const RESUME_DELAY_MS = 1_000;

export class Relayer {
  readonly sim: ChainSimulator;
  private readonly faults: FaultBook;
  private readonly seed: number;
  private readonly hopMs: number;
  private readonly recvShare: number;
  private readonly ackShare: number;
  private readonly jitter: number;
  private readonly log: (line: string) => void;
  private readonly jobs = new Map<string, Job>();
  private readonly waitingAck = new Set<string>();
  private readonly bridges: BridgeRelay;
  private readonly counts = { recv: 0, ack: 0, timeout: 0, bridge: 0 };
  private unsubscribe: (() => void) | undefined;
  /** Block time of the latest tx the simulator committed (an 'ack' event belongs to it). */
  private lastTxTime = 0;
  private unsubscribeResume: (() => void) | undefined;

  constructor(options: RelayerOptions) {
    this.sim = options.sim;
    this.faults = options.faults;
    this.seed = (options.seed ?? 1) >>> 0;
    const timing = options.timing ?? DEFAULT_TIMING;
    this.hopMs = timing.ibcHopSeconds * 1000;
    this.recvShare = options.recvShare ?? 0.6;
    this.ackShare = options.ackShare ?? 0.2;
    this.jitter = options.jitter ?? 0.1;
    this.log = options.log ?? ((line) => console.error(line));
    this.bridges = new BridgeRelay({
      sim: this.sim,
      faults: this.faults,
      seed: this.seed,
      timing,
      jitter: this.jitter,
      log: this.log,
      onRelayed: () => {
        this.counts.bridge += 1;
      },
    });
  }

  /** Starts listening; picks up packets and bridge events already waiting in the simulator. */
  start(): this {
    if (this.unsubscribe) return this;
    this.unsubscribe = this.sim.subscribe((e) => this.onEvent(e));
    this.unsubscribeResume = this.faults.onResume(() => this.resumeParked());
    this.drain();
    return this;
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribeResume?.();
    this.unsubscribe = undefined;
    this.unsubscribeResume = undefined;
    this.forget();
  }

  stats(): RelayerStats {
    let parked = 0;
    for (const j of this.jobs.values()) if (j.parked) parked += 1;
    return {
      packets: this.jobs.size,
      parked: parked + this.bridges.parkedCount,
      waitingAck: this.waitingAck.size,
      bridges: this.bridges.size,
      relayed: { ...this.counts },
    };
  }

  /** Simulated ms from send to receive for a packet (deterministic per seed and packet id). */
  recvDelayMs(packetId: string): number {
    return this.jittered(this.hopMs * this.recvShare, `${packetId}|recv`);
  }

  ackDelayMs(packetId: string): number {
    return this.jittered(this.hopMs * this.ackShare, `${packetId}|ack`);
  }

  /** After a packet's timeout, the relayer needs about as long as an ack to prove and submit it. */
  timeoutDelayMs(packetId: string): number {
    return this.jittered(this.hopMs * this.ackShare, `${packetId}|timeout`);
  }

  private jittered(base: number, key: string): number {
    const u = keyedUnit(this.seed, key);
    return Math.max(0, Math.round(base * (1 - this.jitter + 2 * this.jitter * u)));
  }

  // ------------------------------------------------------------------ events

  private onEvent(e: SimEvent): void {
    switch (e.type) {
      case 'packet':
      case 'bridge':
        this.drain();
        return;
      case 'tx':
        this.lastTxTime = e.tx.time;
        return;
      case 'ack':
        // a deferred acknowledgement was written (PFM answering the packet it forwarded)
        if (this.waitingAck.has(e.packetId)) this.ackWritten(e.packetId);
        return;
      case 'reset':
        this.forget();
        return;
      default:
        return;
    }
  }

  private drain(): void {
    for (const p of this.sim.takePackets()) this.enqueue(p);
    for (const b of this.sim.takeBridgeEvents()) this.bridges.enqueue(b);
  }

  private enqueue(packet: PacketRecord): void {
    if (this.jobs.has(packet.id)) return;
    const job: Job = { packet, step: 'recv', fault: this.faults.takePacketFault(packet), cancel: undefined, parked: false };
    this.jobs.set(packet.id, job);
    this.schedule(job, packet.sentAt + this.recvDelayMs(packet.id));
  }

  private schedule(job: Job, at: number): void {
    job.cancel?.();
    const epoch = this.sim.epoch;
    job.cancel = this.sim.clock.at(at, () => this.run(job.packet.id, epoch));
  }

  private done(id: string): void {
    const job = this.jobs.get(id);
    job?.cancel?.();
    this.jobs.delete(id);
    this.waitingAck.delete(id);
  }

  private forget(): void {
    for (const j of this.jobs.values()) j.cancel?.();
    this.jobs.clear();
    this.waitingAck.clear();
    this.bridges.forget();
  }

  private resumeParked(): void {
    const now = this.sim.clock.now();
    for (const job of this.jobs.values()) {
      if (!job.parked) continue;
      job.parked = false;
      this.schedule(job, now + RESUME_DELAY_MS);
    }
    this.bridges.resumeParked(now + RESUME_DELAY_MS);
  }

  private ackWritten(id: string): void {
    const job = this.jobs.get(id);
    const entry = this.sim.packet(id);
    if (!job || !entry) {
      this.done(id);
      return;
    }
    if (!ackReady(entry)) return;
    this.waitingAck.delete(id);
    job.step = 'ack';
    // the ack is in the tx being committed now: relay it an ack delay after that tx's block
    this.schedule(job, Math.max(this.lastTxTime, this.sim.clock.now()) + this.ackDelayMs(id));
  }

  // ------------------------------------------------------------------ steps

  private run(id: string, epoch: number): void {
    if (epoch !== this.sim.epoch) return;
    const job = this.jobs.get(id);
    if (!job) return;
    job.cancel = undefined;
    if (this.faults.isPaused(job.packet)) {
      job.parked = true;
      return;
    }
    try {
      if (job.step === 'recv') this.receive(job);
      else if (job.step === 'ack') this.acknowledge(job);
      else this.timeout(job);
    } catch (e) {
      // a simulator refusal must not wedge the relayer: drop the packet and say why
      this.log(`[relayer] ${job.step} of ${id} failed: ${(e as Error)?.message ?? String(e)}`);
      this.done(id);
    }
  }

  private receive(job: Job): void {
    const { packet } = job;
    const entry = this.sim.packet(packet.id);
    if (!entry || entry.state !== 'in_flight') {
      // already handled (e.g. by a test driving the simulator directly)
      if (entry && ackReady(entry)) this.afterReceive(job, this.sim.clock.now());
      else this.done(packet.id);
      return;
    }
    if (job.fault === 'timeout' || this.sim.isTimedOut(packet)) {
      this.toTimeout(job);
      return;
    }
    const r = job.fault === 'error_ack' ? receiveWithErrorAck(this.sim, packet.id) : this.sim.receivePacket(packet.id);
    if (r.result === 'timeout' || !r.tx || r.tx.code !== 0) {
      // not received: a timeout is the only way this packet can settle now
      if (r.tx && r.tx.code !== 0) this.log(`[relayer] receive of ${packet.id} failed on ${packet.destChainId}: ${r.tx.log}`);
      this.toTimeout(job);
      return;
    }
    this.counts.recv += 1;
    this.afterReceive(job, r.tx.time);
  }

  private afterReceive(job: Job, receivedAt: number): void {
    job.step = 'ack';
    const entry = this.sim.packet(job.packet.id);
    if (entry && ackReady(entry)) this.schedule(job, receivedAt + this.ackDelayMs(job.packet.id));
    else this.waitingAck.add(job.packet.id);
  }

  private acknowledge(job: Job): void {
    const id = job.packet.id;
    const entry = this.sim.packet(id);
    if (!entry || entry.state === 'acknowledged' || entry.state === 'refunded') {
      this.done(id);
      return;
    }
    if (!ackReady(entry)) {
      this.waitingAck.add(id);
      return;
    }
    const out = this.sim.acknowledgePacket(id);
    if (out.tx.code !== 0) this.log(`[relayer] acknowledgement of ${id} failed on ${job.packet.sourceChainId}: ${out.tx.log}`);
    else this.counts.ack += 1;
    this.done(id);
  }

  private toTimeout(job: Job): void {
    job.step = 'timeout';
    const t = timeoutAtMs(job.packet);
    const now = this.sim.clock.now();
    // height-only timeouts are polled once a block
    this.schedule(job, t !== undefined ? Math.max(now, t + this.timeoutDelayMs(job.packet.id)) : now + DEFAULT_BLOCK_INTERVAL_MS);
  }

  private timeout(job: Job): void {
    const { packet } = job;
    const entry = this.sim.packet(packet.id);
    if (!entry || entry.state !== 'in_flight') {
      this.done(packet.id);
      return;
    }
    if (!timedOutOnDest(this.sim.latestBlock(packet.destChainId), packet)) {
      // the destination has not committed a block past the timeout yet: look again next block
      this.schedule(job, this.sim.clock.now() + DEFAULT_BLOCK_INTERVAL_MS);
      return;
    }
    const out = this.sim.timeoutPacket(packet.id);
    if (out.tx.code !== 0) this.log(`[relayer] timeout of ${packet.id} failed on ${packet.sourceChainId}: ${out.tx.log}`);
    else this.counts.timeout += 1;
    this.done(packet.id);
  }
}
