/**
 * submit, track and status over the chain simulator:
 *
 *   POST /v2/tx/submit {tx, chain_id}          broadcast, then registered for status
 *   POST /local/chains/:chain_id/broadcast {tx} broadcast WITHOUT registering (a wallet that
 *                                               broadcasts itself; status 404s until track)
 *   POST /v2/tx/track {tx_hash, chain_id}      register: code 5 unknown chain, code 3 malformed
 *                                               hash or a tx the chain refused
 *   GET  /v2/tx/status?tx_hash&chain_id        registered txs only, else 404 code 5 `tx not found`
 */
import { fromBase64 } from '@cosmjs/encoding';
import { SubmitRequest, TrackRequest } from '../../api/schemas';
import { chainNotSupported, txHashOf, type ChainSimulator, type TxRecord } from '../chains';
import { GrpcCode, ServiceError, describeIssues, invalidArgument, notFound, parseRequest } from '../http/errors';
import type { ServiceResponse } from '../http/server';
import { deriveStatus, isoSeconds, type StatusJson, type StatusSource } from './derive';
import { normaliseTxHash, TxRegistry } from './registry';
import { simStatusSource } from './source';
import { z } from 'zod';

/** Default abandonment window: a hash not seen on chain for 10 simulated minutes is given up. */
export const DEFAULT_ABANDON_AFTER_MS = 10 * 60 * 1000;

export interface TxTrackingOptions {
  sim: ChainSimulator;
  registry?: TxRegistry;
  /** Simulated ms; default 10 minutes. */
  abandonAfterMs?: number;
  /** Status reads through this (tests substitute records); default: the simulator. */
  source?: StatusSource;
}

const BroadcastRequest = z.looseObject({ tx: z.string().min(1) });

/** The status query: both parameters required, nothing else looked at. */
const StatusQuery = z.object({ tx_hash: z.string().min(1), chain_id: z.string().min(1) });

export class TxTracking {
  readonly sim: ChainSimulator;
  readonly registry: TxRegistry;
  abandonAfterMs: number;
  private readonly source: StatusSource;
  private readonly unsubscribe: () => void;

  constructor(options: TxTrackingOptions) {
    this.sim = options.sim;
    this.registry = options.registry ?? new TxRegistry();
    this.abandonAfterMs = options.abandonAfterMs ?? DEFAULT_ABANDON_AFTER_MS;
    this.source = options.source ?? simStatusSource(this.sim);
    // a reset restores genesis: nothing tracked survives it
    this.unsubscribe = this.sim.subscribe((e) => {
      if (e.type === 'reset') this.registry.clear();
    });
  }

  stop(): void {
    this.unsubscribe();
  }

  /** Broadcasts; a tx the chain refuses at CheckTx is remembered so that track can say so. */
  private broadcastRemembering(chainId: string, tx: string): TxRecord {
    try {
      return this.sim.broadcast(chainId, tx);
    } catch (e) {
      if (e instanceof ServiceError && e.code === GrpcCode.invalidArgument) {
        const hash = hashOfBase64(tx);
        if (hash) this.registry.markRejected(chainId, hash);
      }
      throw e;
    }
  }

  submit(body: unknown): ServiceResponse {
    const req = parseRequest(SubmitRequest, body);
    const rec = this.broadcastRemembering(req.chain_id, req.tx);
    this.registry.register(req.chain_id, rec.hash, this.sim.clock.now());
    return { body: accepted(this.sim, req.chain_id, rec.hash) };
  }

  /** A local broadcast: the chain's own answer, not registered for status. */
  broadcast(chainId: string, body: unknown): ServiceResponse {
    const req = parseRequest(BroadcastRequest, body);
    const rec = this.broadcastRemembering(chainId, req.tx);
    return {
      body: {
        ...accepted(this.sim, chainId, rec.hash),
        code: rec.code,
        codespace: rec.codespace,
        log: rec.log,
        height: String(rec.height),
        on_chain_at: isoSeconds(rec.time),
      },
    };
  }

  track(body: unknown): ServiceResponse {
    const req = parseRequest(TrackRequest, body);
    // every World chain has a ledger: Cosmos chains, and the EVM/SVM ends of the bridges
    const chain = this.sim.world.chain(req.chain_id);
    if (!chain) throw chainNotSupported();
    const checked = normaliseTxHash(req.tx_hash, chain.chainType);
    if (!checked.ok) throw invalidArgument(`invalid tx_hash: ${checked.reason}`);
    // refused at CheckTx and never in a block since (the same bytes may land later, e.g. once
    // an earlier sequence filled the gap)
    if (this.registry.isRejected(req.chain_id, checked.hash) && !this.sim.tx(req.chain_id, checked.hash)) {
      throw invalidArgument('tx is invalid on chain');
    }
    this.registry.register(req.chain_id, checked.hash, this.sim.clock.now());
    return { body: accepted(this.sim, req.chain_id, checked.hash) };
  }

  /** GET /v2/tx/status. */
  status(query: URLSearchParams): ServiceResponse {
    const parsed = StatusQuery.safeParse({ tx_hash: query.get('tx_hash') ?? undefined, chain_id: query.get('chain_id') ?? undefined });
    if (!parsed.success) throw invalidArgument(describeIssues(parsed.error.issues));
    return { body: this.statusOf(parsed.data.chain_id, parsed.data.tx_hash) };
  }

  /** The status of a registered tx; 404 code 5 `tx not found` for anything else. */
  statusOf(chainId: string, txHash: string): StatusJson {
    const chain = this.sim.world.chain(chainId);
    const checked = normaliseTxHash(txHash, chain?.chainType);
    const registeredAt = checked.ok ? this.registry.registeredAt(chainId, checked.hash) : undefined;
    if (!checked.ok || registeredAt === undefined) throw notFound('tx not found');
    return deriveStatus({ chainId, hash: checked.hash, registeredAt }, this.source, { abandonAfterMs: this.abandonAfterMs });
  }
}

function accepted(sim: ChainSimulator, chainId: string, hash: string): { tx_hash: string; explorer_link?: string } {
  const link = sim.explorerLink(chainId, hash);
  // explorer_link is left out for the few chains whose registry entry has no explorer
  return link === undefined ? { tx_hash: hash } : { tx_hash: hash, explorer_link: link };
}

function hashOfBase64(tx: string): string | undefined {
  try {
    return txHashOf(fromBase64(tx));
  } catch {
    return undefined;
  }
}
