/**
 * The active faults of the local service, in one place: the relayer asks it about packets
 * (time this one out? answer it with an error? is its channel paused?), the HTTP interceptor
 * asks it about requests. State is small and bounded by what callers configure.
 */
import type { AssetsResponse, ChainsResponse } from '../../api/schemas';
import { invalidArgument, parseRequest } from '../http/errors';
import { reshapeAssets, reshapeChains, viewDiscovery, type DiscoveryOverride } from './discovery';
import { mulberry32 } from '../random';
import type { ErrorDetail } from '../http/errors';
import type { RewriteRule } from '../http/server';
import { productionShape } from './production-shape';
import { BRIDGES } from '../bridges/registry';
import type { BridgeId } from '../bridges/types';
import { FAULT_KINDS, faultSchemaFor, isBridgeFault, type BridgeFaultRequest, type FaultRequest, type HttpFaultMode } from './schema';
import { tamperAnswer, type TamperMode } from './tamper';

/** The two ends of a packet's channel: a fault or pause set on either end applies. */
export interface ChannelEnds {
  sourceChainId: string;
  sourceChannel: string;
  destChainId: string;
  destChannel: string;
}

export type PacketFaultKind = 'timeout' | 'error_ack';

interface PacketFault {
  id: number;
  kind: PacketFaultKind;
  chainId: string;
  channelId: string;
  remaining: number;
}

interface Pause {
  id: number;
  chainId?: string;
  channelId?: string;
}

interface HttpFault {
  id: number;
  rate: number;
  mode: HttpFaultMode;
  slowMs: number;
  paths?: string[];
  seed: number;
  remaining?: number;
  retryAfterSeconds: number;
  padBytes: number;
  rewrite?: RewriteRule[];
  injected: number;
  draw: () => number;
}

interface ProductionShape {
  id: number;
  paths?: string[];
  remaining?: number;
  reshaped: number;
}

interface TamperFault {
  id: number;
  mode: TamperMode;
  paths?: string[];
  remaining?: number;
  injected: number;
}

/** What an HTTP fault does to one request (the server's Interceptor result). */
export type HttpFaultAction =
  | { kind: 'status'; status: number; code: number; message: string; details?: ErrorDetail[]; retryAfterSeconds?: number }
  | { kind: 'delay'; ms: number }
  | { kind: 'cut' }
  | { kind: 'rewrite'; rules: RewriteRule[] }
  /** Answer normally, then reshape the successful body before sending it. */
  | { kind: 'reshape'; reshape: (body: unknown) => unknown };

/** Wire view of one active fault (GET /local/faults). */
export type FaultView =
  | ReturnType<typeof viewDiscovery>
  | { id: number; kind: PacketFaultKind; chain_id: string; channel_id: string; remaining: number }
  | { id: number; kind: 'pause'; chain_id: string | null; channel_id: string | null }
  | {
      id: number;
      kind: 'http';
      rate: number;
      mode: HttpFaultMode;
      slow_ms: number;
      paths: string[] | null;
      seed: number;
      remaining: number | null;
      injected: number;
    }
  | { id: number; kind: 'production_shape'; paths: string[] | null; remaining: number | null; reshaped: number }
  | { id: number; kind: 'tamper'; mode: TamperMode; paths: string[] | null; remaining: number | null; injected: number }
  | { id: number; kind: string; bridge_id: string; chain_id: string | null; remaining: number };

/** A bridge's fault kind armed for its next `remaining` crossings (from `chainId`, when given). */
interface BridgeFault {
  id: number;
  kind: string;
  bridgeId: BridgeId;
  chainId: string | undefined;
  remaining: number;
}

export interface FaultBookOptions {
  /** Default seed of HTTP faults that do not bring their own. */
  seed?: number;
  /**
   * Checks that a chain (and channel) named by a fault exists; returns an error message or
   * undefined. Without it any names are accepted.
   */
  checkChannel?: (chainId: string, channelId: string | undefined) => string | undefined;
}

export const DEFAULT_SLOW_MS = 3_000;
export const DEFAULT_RETRY_AFTER_SECONDS = 1;

/** HTTP faults never touch the control plane: only the API's own paths. */
export const HTTP_FAULT_SCOPE = '/v2/';

export class FaultBook {
  private nextId = 1;
  private packetFaults: PacketFault[] = [];
  private pauses: Pause[] = [];
  private httpFaults: HttpFault[] = [];
  /** At most one: a new `discovery` fault replaces the previous one. */
  private discovery: DiscoveryOverride | undefined;
  private productionShapes: ProductionShape[] = [];
  private tamperFaults: TamperFault[] = [];
  private bridgeFaults: BridgeFault[] = [];
  private readonly resumeListeners = new Set<() => void>();
  private readonly seed: number;
  private readonly checkChannel: FaultBookOptions['checkChannel'];

  constructor(options: FaultBookOptions = {}) {
    this.seed = (options.seed ?? 1) >>> 0;
    this.checkChannel = options.checkChannel;
  }

  /** Validates a POST /local/faults body (400 code 3 on a bad one) and applies it. */
  applyBody(body: unknown): { applied: FaultView | null; removed: number } {
    const kind = typeof body === 'object' && body !== null ? (body as { kind?: unknown }).kind : undefined;
    const schema = faultSchemaFor(kind);
    if (!schema) throw invalidArgument(`invalid request: kind: expected one of ${FAULT_KINDS.join(', ')}`);
    return this.apply(parseRequest(schema, body));
  }

  apply(req: FaultRequest | BridgeFaultRequest): { applied: FaultView | null; removed: number } {
    if (isBridgeFault(req)) {
      // a bridge's own fault kind fails that bridge's next crossings
      const bridge = BRIDGES.find((b) => b.faults.some((f) => f.kind === req.kind))!;
      if (req.chain_id !== undefined) this.requireChannel(req.chain_id, undefined);
      const f: BridgeFault = { id: this.nextId++, kind: req.kind, bridgeId: bridge.id, chainId: req.chain_id, remaining: req.count ?? 1 };
      this.bridgeFaults.push(f);
      return { applied: viewBridgeFault(f), removed: 0 };
    }
    switch (req.kind) {
      case 'timeout':
      case 'error_ack': {
        this.requireChannel(req.chain_id, req.channel_id);
        const f: PacketFault = { id: this.nextId++, kind: req.kind, chainId: req.chain_id, channelId: req.channel_id, remaining: req.count ?? 1 };
        this.packetFaults.push(f);
        return { applied: viewPacketFault(f), removed: 0 };
      }
      case 'pause': {
        if (req.chain_id !== undefined) this.requireChannel(req.chain_id, req.channel_id);
        const p: Pause = { id: this.nextId++, ...(req.chain_id !== undefined ? { chainId: req.chain_id } : {}), ...(req.channel_id !== undefined ? { channelId: req.channel_id } : {}) };
        this.pauses.push(p);
        return { applied: viewPause(p), removed: 0 };
      }
      case 'resume': {
        // a resume lifts every pause it covers: all of them, a chain's, or one channel's
        const before = this.pauses.length;
        this.pauses = this.pauses.filter(
          (p) => !((req.chain_id === undefined || p.chainId === req.chain_id) && (req.channel_id === undefined || p.channelId === req.channel_id)),
        );
        const removed = before - this.pauses.length;
        if (removed > 0) this.notifyResume();
        return { applied: null, removed };
      }
      case 'http': {
        const seed = (req.seed ?? (this.seed + this.nextId) >>> 0) >>> 0;
        const f: HttpFault = {
          id: this.nextId++,
          rate: req.rate,
          mode: req.mode,
          slowMs: req.slow_ms ?? DEFAULT_SLOW_MS,
          ...(req.paths ? { paths: req.paths } : {}),
          seed,
          ...(req.count !== undefined ? { remaining: req.count } : {}),
          retryAfterSeconds: req.retry_after_seconds ?? DEFAULT_RETRY_AFTER_SECONDS,
          padBytes: req.pad_bytes ?? 0,
          ...(req.rewrite ? { rewrite: req.rewrite as RewriteRule[] } : {}),
          injected: 0,
          draw: mulberry32(seed),
        };
        this.httpFaults.push(f);
        return { applied: viewHttpFault(f), removed: 0 };
      }
      case 'tamper': {
        const f: TamperFault = {
          id: this.nextId++,
          mode: req.mode,
          ...(req.paths ? { paths: [...req.paths] } : {}),
          ...(req.count !== undefined ? { remaining: req.count } : {}),
          injected: 0,
        };
        this.tamperFaults.push(f);
        return { applied: viewTamperFault(f), removed: 0 };
      }
      case 'discovery': {
        const replaced = this.discovery ? 1 : 0;
        this.discovery = {
          id: this.nextId++,
          hide: new Set(req.hide_chain_ids ?? []),
          chains: req.add_chains ?? [],
          assets: req.add_assets ?? [],
        };
        return { applied: viewDiscovery(this.discovery), removed: replaced };
      }
      case 'production_shape': {
        const f: ProductionShape = {
          id: this.nextId++,
          ...(req.paths ? { paths: req.paths } : {}),
          ...(req.count !== undefined ? { remaining: req.count } : {}),
          reshaped: 0,
        };
        this.productionShapes.push(f);
        return { applied: viewProductionShape(f), removed: 0 };
      }
      case 'clear': {
        const removed = this.size;
        this.clear();
        return { applied: null, removed };
      }
    }
  }

  /** Every fault and pause lifted (also on /local/reset). */
  clear(): void {
    const hadPauses = this.pauses.length > 0;
    this.packetFaults = [];
    this.pauses = [];
    this.httpFaults = [];
    this.discovery = undefined;
    this.productionShapes = [];
    this.tamperFaults = [];
    this.bridgeFaults = [];
    if (hadPauses) this.notifyResume();
  }

  get size(): number {
    return (
      this.packetFaults.length +
      this.pauses.length +
      this.httpFaults.length +
      (this.discovery ? 1 : 0) +
      this.productionShapes.length +
      this.tamperFaults.length +
      this.bridgeFaults.length
    );
  }

  list(): FaultView[] {
    return [
      ...this.packetFaults.map(viewPacketFault),
      ...this.pauses.map(viewPause),
      ...this.httpFaults.map(viewHttpFault),
      ...(this.discovery ? [viewDiscovery(this.discovery)] : []),
      ...this.productionShapes.map(viewProductionShape),
      ...this.tamperFaults.map(viewTamperFault),
      ...this.bridgeFaults.map(viewBridgeFault),
    ].sort((a, b) => a.id - b.id);
  }

  /** The bridge fault kind armed for a crossing of `bridgeId` leaving `chainId` (consumed), or undefined. */
  takeBridgeFault(bridgeId: BridgeId, chainId: string): string | undefined {
    const i = this.bridgeFaults.findIndex((f) => f.bridgeId === bridgeId && (f.chainId === undefined || f.chainId === chainId));
    if (i < 0) return undefined;
    const f = this.bridgeFaults[i]!;
    f.remaining -= 1;
    if (f.remaining <= 0) this.bridgeFaults.splice(i, 1);
    return f.kind;
  }

  /** `GET /v2/info/chains` with the `discovery` fault applied (unchanged without one). */
  chainsAnswer(body: ChainsResponse, query: URLSearchParams): ChainsResponse {
    return this.discovery ? reshapeChains(this.discovery, body, query) : body;
  }

  /** `GET /v2/fungible/assets` with the `discovery` fault applied (unchanged without one). */
  assetsAnswer(body: AssetsResponse, query: URLSearchParams): AssetsResponse {
    return this.discovery ? reshapeAssets(this.discovery, body, query) : body;
  }

  // ------------------------------------------------------------------ relayer side

  /**
   * Consumes the oldest packet fault set on either end of this packet's channel. Called once
   * per packet, when the relayer first sees it: "the next packet" is the next one sent.
   */
  takePacketFault(p: ChannelEnds): PacketFaultKind | undefined {
    const i = this.packetFaults.findIndex((f) => onEnd(p, f.chainId, f.channelId));
    if (i < 0) return undefined;
    const f = this.packetFaults[i]!;
    f.remaining -= 1;
    if (f.remaining <= 0) this.packetFaults.splice(i, 1);
    return f.kind;
  }

  /** Is relaying over this packet's channel paused (globally, per chain, or per channel)? */
  isPaused(p: ChannelEnds): boolean {
    for (const pause of this.pauses) {
      if (pause.chainId === undefined) return true;
      if (pause.channelId === undefined) {
        if (p.sourceChainId === pause.chainId || p.destChainId === pause.chainId) return true;
      } else if (onEnd(p, pause.chainId, pause.channelId)) return true;
    }
    return false;
  }

  /** Is the bridge leg between these chains paused? Only a global or per-chain pause applies. */
  isChainPaused(chainIds: readonly string[]): boolean {
    return this.pauses.some((p) => p.chainId === undefined || (p.channelId === undefined && chainIds.includes(p.chainId)));
  }

  /** Called after any pause is lifted; the relayer re-runs what it parked. */
  onResume(listener: () => void): () => void {
    this.resumeListeners.add(listener);
    return () => this.resumeListeners.delete(listener);
  }

  // ------------------------------------------------------------------ HTTP side

  /**
   * The injected failure for this request, if any, else the production reshaping of its answer,
   * if any. Never for paths outside /v2/.
   */
  httpFault(path: string, request: { authorization?: string | undefined } = {}): HttpFaultAction | undefined {
    if (!path.startsWith(HTTP_FAULT_SCOPE)) return undefined;
    return this.failure(path, request) ?? this.reshaping(path);
  }

  private reshaping(path: string): HttpFaultAction | undefined {
    const i = this.productionShapes.findIndex((f) => !f.paths || f.paths.some((prefix) => path.startsWith(prefix)));
    if (i < 0) return undefined;
    const f = this.productionShapes[i]!;
    f.reshaped += 1;
    if (f.remaining !== undefined) {
      f.remaining -= 1;
      if (f.remaining <= 0) this.productionShapes.splice(i, 1);
    }
    return { kind: 'reshape', reshape: (body) => productionShape(path, body) };
  }

  private failure(path: string, request: { authorization?: string | undefined }): HttpFaultAction | undefined {
    if (this.httpFaults.length === 0) return undefined;
    for (let i = 0; i < this.httpFaults.length; i++) {
      const f = this.httpFaults[i]!;
      if (f.paths && !f.paths.some((prefix) => path.startsWith(prefix))) continue;
      // rate 1 always fires and rate 0 never does, whatever the draw
      if (f.rate < 1 && !(f.draw() < f.rate)) continue;
      f.injected += 1;
      if (f.remaining !== undefined) {
        f.remaining -= 1;
        if (f.remaining <= 0) this.httpFaults.splice(i, 1);
      }
      return httpAction(f, request.authorization);
    }
    return undefined;
  }

  /**
   * Lets the oldest tamper fault for this path alter a msgs / msgs_direct answer (in place).
   * A fault that finds nothing to alter in this answer is not used up.
   */
  tamper(path: string, answer: unknown): void {
    for (let i = 0; i < this.tamperFaults.length; i++) {
      const f = this.tamperFaults[i]!;
      if (f.paths && !f.paths.includes(path)) continue;
      if (!tamperAnswer(answer, f.mode)) continue;
      f.injected += 1;
      if (f.remaining !== undefined) {
        f.remaining -= 1;
        if (f.remaining <= 0) this.tamperFaults.splice(i, 1);
      }
      return;
    }
  }

  private requireChannel(chainId: string, channelId: string | undefined): void {
    const problem = this.checkChannel?.(chainId, channelId);
    if (problem) throw invalidArgument(problem);
  }

  private notifyResume(): void {
    for (const l of this.resumeListeners) {
      try {
        l();
      } catch (e) {
        console.error('[faults] resume listener failed', e);
      }
    }
  }
}

function onEnd(p: ChannelEnds, chainId: string, channelId: string): boolean {
  return (p.sourceChainId === chainId && p.sourceChannel === channelId) || (p.destChainId === chainId && p.destChannel === channelId);
}

function httpAction(f: HttpFault, authorization: string | undefined): HttpFaultAction {
  switch (f.mode) {
    case '429':
      return padded(f, { kind: 'status', status: 429, code: 8, message: 'rate limit exceeded (injected fault)', retryAfterSeconds: f.retryAfterSeconds });
    case '500':
      return padded(f, { kind: 'status', status: 500, code: 2, message: 'internal server error' });
    case '401':
      // What a careless gateway says: the header as it arrived.
      return padded(f, { kind: 'status', status: 401, code: 16, message: `invalid api key: ${authorization ?? '(none)'}` });
    case 'slow':
      return { kind: 'delay', ms: f.slowMs };
    case 'cut':
      return { kind: 'cut' };
    case 'rewrite':
      return { kind: 'rewrite', rules: f.rewrite ?? [] };
  }
}

function padded(f: HttpFault, action: Extract<HttpFaultAction, { kind: 'status' }>): HttpFaultAction {
  if (f.padBytes === 0) return action;
  const pad = 'x'.repeat(f.padBytes);
  return {
    ...action,
    message: `${action.message} ${pad}`,
    details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'INJECTED_PADDING', domain: 'local', metadata: { padding: pad } }],
  };
}

function viewProductionShape(f: ProductionShape): FaultView {
  return { id: f.id, kind: 'production_shape', paths: f.paths ?? null, remaining: f.remaining ?? null, reshaped: f.reshaped };
}

function viewPacketFault(f: PacketFault): FaultView {
  return { id: f.id, kind: f.kind, chain_id: f.chainId, channel_id: f.channelId, remaining: f.remaining };
}

function viewPause(p: Pause): FaultView {
  return { id: p.id, kind: 'pause', chain_id: p.chainId ?? null, channel_id: p.channelId ?? null };
}

function viewHttpFault(f: HttpFault): FaultView {
  return {
    id: f.id,
    kind: 'http',
    rate: f.rate,
    mode: f.mode,
    slow_ms: f.slowMs,
    paths: f.paths ?? null,
    seed: f.seed,
    remaining: f.remaining ?? null,
    injected: f.injected,
  };
}

function viewBridgeFault(f: BridgeFault): FaultView {
  return { id: f.id, kind: f.kind, bridge_id: f.bridgeId, chain_id: f.chainId ?? null, remaining: f.remaining };
}

function viewTamperFault(f: TamperFault): FaultView {
  return { id: f.id, kind: 'tamper', mode: f.mode, paths: f.paths ?? null, remaining: f.remaining ?? null, injected: f.injected };
}
