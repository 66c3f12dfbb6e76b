/**
 * Reachability for assets_from_source: every (chain, denom) the source asset can be turned
 * into by transfers (and, optionally, swaps), computed from the World alone. The route
 * planner answers a harder question (best path, amounts); this only asks "can it get there".
 *
 * Model. A search state is "the token of origin O, with trace T, sits on chain C", plus what
 * may happen next in the same transaction (its capabilities, decided by how it arrived):
 *
 * | arrived by          | may then (single transaction)                                      |
 * |---------------------|--------------------------------------------------------------------|
 * | being the source    | anything: the user signs here                                      |
 * | IBC, Cosmos chain   | IBC onward iff the chain runs PFM; CCTP iff it is Noble (with PFM);|
 * |                     | Axelar iff it is the Axelar hub; swap iff ibc-hooks and no swap yet|
 * | CCTP                | nothing more: the minted USDC carries no memo (a new transaction)  |
 * | Axelar              | IBC onward iff it landed on the Axelar hub                         |
 * | swap (venue chain)  | IBC / bridge onward: the entry-point contract sends the output     |
 * | another bridge      | IBC onward iff the bridge lets an IBC hop ride on its arrival (its |
 * |                     | planner's cannotContinue) and the chain runs PFM; else nothing     |
 * | anything on EVM/SVM | nothing more                                                       |
 *
 * With allow_multi_tx every state may do everything (each stop starts a new transaction) and
 * swaps may repeat. Edges: one IBC hop (ICS-20: unwinds when it goes back over the channel
 * the trace starts with, else prepends the receiving end), one CCTP transfer between USDC
 * forms, one Axelar transfer between an Axelar asset's forms, one crossing by any other
 * registered bridge (its planner edges), a swap inside one venue (any number of its pools).
 *
 * IBC forwarding is restricted to *known* forms so the search stays small and every listed
 * denom is one a wallet would recognise:
 * - from the origin chain, the one-hop copy over the preferred channel to each neighbour;
 * - any hop that lies on the path of a catalog (registry) form of the same origin;
 * - unwinding, always (that is how the source gets home).
 * Multi-hop denoms that no registry lists are not produced: a chain reachable only that way
 * does not appear (the real API does not recommend such denoms either).
 */
import type { ChannelEnd, WorldAsset, WorldChain } from '../world/types';
import { parseTrace } from '../world/denom';
import { bridgeOf } from '../bridges/registry';
import { plannerIndex, type BridgeEdge } from '../planner/graph';
import type { TransferLeg } from '../planner/types';
import type { World } from '../world/world';

// capability bits
const IBC = 1;
const CCTP = 2;
const AXL = 4;
const SWAP = 8;
/** Any other registered bridge, by its planner edges. */
const BRIDGE = 16;
const ALL = IBC | CCTP | AXL | SWAP | BRIDGE;

/** 'bridge-ibc': a bridge delivered it and an IBC hop may ride on in the same transaction (Eureka to the Hub). */
type Arrival = 'source' | 'ibc' | 'unwind' | 'cctp' | 'axelar' | 'swap' | 'bridge' | 'bridge-ibc';

interface State {
  chainId: string;
  originChainId: string;
  originDenom: string;
  trace: string;
  caps: number;
  /** A swap happened on the way (single-tx: no second swap). */
  swapped: boolean;
  arrival: Arrival;
  /** The origin's native denom, or its one-hop copy over the preferred channel. */
  canonical: boolean;
}

export interface ReachOptions {
  allowMultiTx: boolean;
  includeSwaps: boolean;
  /** Venue names allowed for swaps; undefined: every venue. */
  venues: ReadonlySet<string> | undefined;
}

/** One reachable (chain, asset) and what the recommendation filters need to know about it. */
export interface ReachedAsset {
  asset: WorldAsset;
  /** Fewest transfers that deliver it without any swap; undefined when a swap is needed. */
  transfersWithoutSwap: number | undefined;
  /** It is the origin's native denom or its one-hop copy over the preferred channel. */
  canonical: boolean;
}

// ------------------------------------------------------------------ per-World indexes

interface Indexes {
  /** `${chain}\n${originChain}\n${originDenom}\n${trace}` -> catalog asset. */
  byTrace: Map<string, WorldAsset>;
  /**
   * Same key -> hops that continue toward a catalog form: from this (chain, trace), send
   * over `end` (an end on this chain) and the receiving chain holds a suffix of that form.
   */
  next: Map<string, ChannelEnd[]>;
  /** venue name -> denom -> denoms one pool away (same venue). */
  venuePools: Map<string, Map<string, Set<string>>>;
}

const indexCache = new WeakMap<World, Indexes>();

const formKey = (chainId: string, originChainId: string, originDenom: string, trace: string): string =>
  `${chainId}\n${originChainId}\n${originDenom}\n${trace}`;

function indexes(world: World): Indexes {
  const cached = indexCache.get(world);
  if (cached) return cached;
  const byTrace = new Map<string, WorldAsset>();
  const next = new Map<string, ChannelEnd[]>();
  for (const a of world.assets) {
    byTrace.set(formKey(a.chainId, a.originChainId, a.originDenom, a.trace), a);
    if (a.trace === '') continue;
    // Walk the form's trace back to its origin over routable channels; record, for each
    // chain on the way, the hop that moves the token one step toward this form.
    let hops;
    try {
      hops = parseTrace(a.trace);
    } catch {
      continue;
    }
    const steps: { from: string; trace: string; end: ChannelEnd }[] = [];
    let cur = a.chainId;
    let ok = true;
    for (let i = 0; i < hops.length; i += 1) {
      const hop = hops[i]!;
      const recv = world.channel(cur, hop.channel);
      if (!recv || recv.portId !== hop.port) {
        ok = false;
        break;
      }
      const sender = world.channel(recv.counterpartyChainId, recv.counterpartyChannelId);
      if (!sender) {
        ok = false;
        break;
      }
      const rest = hops
        .slice(i + 1)
        .map((h) => `${h.port}/${h.channel}`)
        .join('/');
      steps.push({ from: recv.counterpartyChainId, trace: rest, end: sender });
      cur = recv.counterpartyChainId;
    }
    if (!ok || cur !== a.originChainId) continue;
    for (const s of steps) {
      const k = formKey(s.from, a.originChainId, a.originDenom, s.trace);
      const list = next.get(k);
      if (!list) next.set(k, [s.end]);
      else if (!list.includes(s.end)) list.push(s.end);
    }
  }
  const venuePools = new Map<string, Map<string, Set<string>>>();
  for (const p of world.pools) {
    let m = venuePools.get(p.venue);
    if (!m) venuePools.set(p.venue, (m = new Map()));
    const [x, y] = p.denoms;
    if (!m.has(x)) m.set(x, new Set());
    if (!m.has(y)) m.set(y, new Set());
    m.get(x)!.add(y);
    m.get(y)!.add(x);
  }
  const built = { byTrace, next, venuePools };
  indexCache.set(world, built);
  return built;
}

// ------------------------------------------------------------------ the search

function capsOnArrival(world: World, chain: WorldChain, arrival: Arrival, swapped: boolean, multi: boolean): number {
  // the signer's own chain, or any stop when each stop may start a new transaction
  if (multi || arrival === 'source') return ALL;
  if (chain.chainType !== 'cosmos') return 0;
  const isNoble = chain.chainId === world.bridges.cctp.nobleChainId;
  const isAxelar = chain.chainId === world.bridges.axelar.axelarChainId;
  switch (arrival) {
    case 'ibc':
    case 'unwind': {
      let caps = 0;
      if (chain.pfmEnabled) caps |= IBC;
      if (isNoble && chain.pfmEnabled) caps |= CCTP;
      // Axelar takes an IBC transfer with a GMP memo and sends it on to an EVM chain
      if (isAxelar) caps |= AXL;
      if (chain.capabilities.ibcHooks && !swapped) caps |= SWAP;
      return caps;
    }
    case 'cctp':
      // as the planner has it (cctp/planner.ts cannotContinue): the minted USDC carries no memo,
      // so whatever follows on Noble is a transaction of its own
      return 0;
    case 'axelar':
      return isAxelar ? IBC : 0;
    case 'swap':
      return IBC | CCTP | AXL;
    case 'bridge':
      // the bridge's planner said nothing may ride on its arrival (with allow_multi_tx it always may)
      return 0;
    case 'bridge-ibc':
      // the planner still asks the receiving chain for PFM before a hop out of an arrival
      return chain.pfmEnabled ? IBC : 0;
  }
}

/** Runs the search. Deterministic: states are expanded in a fixed order from sorted inputs. */
export function reach(world: World, source: WorldAsset, opts: ReachOptions): ReachedAsset[] {
  const idx = indexes(world);
  const multi = opts.allowMultiTx;

  // 0-1 BFS on transfers (a swap costs no transfer): dist per state key.
  const dist = new Map<string, number>();
  const states = new Map<string, State>();
  const deque: { key: string; d: number }[] = [];
  let head = 0;
  const front: { key: string; d: number }[] = [];

  const stateKey = (s: State): string =>
    `${formKey(s.chainId, s.originChainId, s.originDenom, s.trace)}\n${s.caps}\n${s.swapped ? 1 : 0}\n${s.arrival === 'unwind' ? 'u' : ''}`;

  const push = (s: State, d: number, zeroCost: boolean): void => {
    const k = stateKey(s);
    const known = dist.get(k);
    if (known !== undefined && known <= d) return;
    dist.set(k, d);
    states.set(k, s);
    if (zeroCost) front.push({ key: k, d });
    else deque.push({ key: k, d });
  };

  const arrive = (
    chainId: string,
    form: Pick<State, 'originChainId' | 'originDenom' | 'trace'>,
    arrival: Arrival,
    swapped: boolean,
    d: number,
  ): void => {
    const chain = world.chain(chainId);
    if (!chain) return;
    const caps = capsOnArrival(world, chain, arrival, swapped, multi);
    const canonical = isCanonical(world, chainId, form);
    push({ chainId, ...form, caps, swapped, arrival, canonical }, d, arrival === 'swap');
  };

  const srcChain = world.chain(source.chainId)!;
  push(
    {
      chainId: source.chainId,
      originChainId: source.originChainId,
      originDenom: source.originDenom,
      trace: source.trace,
      caps: capsOnArrival(world, srcChain, 'source', false, multi),
      swapped: false,
      arrival: 'source',
      canonical: isCanonical(world, source.chainId, source),
    },
    0,
    false,
  );

  while (front.length > 0 || head < deque.length) {
    const item = front.length > 0 ? front.pop()! : deque[head++]!;
    if (dist.get(item.key) !== item.d) continue;
    const s = states.get(item.key)!;
    const d = item.d;
    const chain = world.chain(s.chainId)!;
    const held = heldAsset(idx, s);

    // ---- IBC: bank denoms over `transfer` channels
    // a CW20 needs its own ics20 contract port, which the simulated chains do not route
    const cw20 = s.trace === '' && (held?.isCw20 ?? s.originDenom.startsWith('cw20:'));
    if (s.caps & IBC && chain.chainType === 'cosmos' && !cw20) {
      const first = firstHop(s.trace);
      if (first) {
        const back = world.channel(s.chainId, first.channel);
        if (back && back.portId === first.port) {
          const form = { originChainId: s.originChainId, originDenom: s.originDenom, trace: first.rest };
          arrive(back.counterpartyChainId, form, 'unwind', s.swapped, d + 1);
        }
      }
      // the origin's own form: its native denom, or a bridge's voucher standing as the origin
      // (Eureka's WBTC on the Hub, trace transfer/08-wasm-1369), whose copies extend its trace
      const atOrigin = s.chainId === s.originChainId && s.trace === originTrace(world, s);
      const forward = (end: ChannelEnd): void => {
        if (first && end.channelId === first.channel) return; // that would be the unwind above
        const recv = `${end.counterpartyPortId}/${end.counterpartyChannelId}`;
        const trace = s.trace === '' ? recv : `${recv}/${s.trace}`;
        const form = { originChainId: s.originChainId, originDenom: s.originDenom, trace };
        arrive(end.counterpartyChainId, form, 'ibc', s.swapped, d + 1);
      };
      if (atOrigin) {
        for (const end of world.neighbors(s.chainId)) if (end.preferred) forward(end);
      }
      for (const end of idx.next.get(formKey(s.chainId, s.originChainId, s.originDenom, s.trace)) ?? []) forward(end);
    }

    // ---- bridges: only the native form on the chain where the bridge holds it
    if (held && s.trace === '') {
      if (s.caps & CCTP) {
        const cctp = world.cctpChain(s.chainId);
        if (cctp && world.asset(s.chainId, cctp.usdcDenom) === held) {
          for (const other of world.bridges.cctp.chains) {
            if (other.chainId === s.chainId) continue;
            const usdc = world.asset(other.chainId, other.usdcDenom);
            if (usdc) arrive(other.chainId, originForm(usdc), 'cctp', s.swapped, d + 1);
          }
        }
      }
      if (s.caps & AXL) {
        const ax = world.axelarAssetFor(s.chainId, held.denom);
        if (ax) {
          const hub = world.bridges.axelar.axelarChainId;
          const targets: { chainId: string; denom: string }[] = [
            { chainId: hub, denom: ax.asset.axelarDenom },
            ...ax.asset.tokens,
          ];
          for (const t of targets) {
            if (t.chainId === s.chainId) continue;
            const a = world.asset(t.chainId, t.denom);
            if (a) arrive(t.chainId, originForm(a), 'axelar', s.swapped, d + 1);
          }
        }
      }
    }

    // ---- the other registered bridges (CCTP and Axelar are above), from where their crossings start
    if (held && s.caps & BRIDGE) {
      const ix = plannerIndex(world);
      const at = ix.position(s.chainId, held.denom);
      for (const e of at ? ix.bridgesFrom(at.originKey) : []) {
        if (e.kind === 'CCTP' || e.kind === 'AXELAR' || e.leg.from.chainId !== s.chainId || e.leg.from.denom !== at!.denom) continue;
        arrive(e.leg.to.chainId, originForm(e.leg.to.asset), ibcMayFollow(world, e) ? 'bridge-ibc' : 'bridge', s.swapped, d + 1);
      }
    }

    // ---- swaps on a venue of this chain
    if (opts.includeSwaps && s.caps & SWAP && held && (multi || !s.swapped)) {
      for (const venue of world.venuesOn(s.chainId)) {
        if (opts.venues && !opts.venues.has(venue.name)) continue;
        const graph = idx.venuePools.get(venue.name);
        if (!graph?.has(held.denom)) continue;
        // every denom connected through the venue's pools: a multi-pool swap is one operation
        const seen = new Set<string>([held.denom]);
        const queue = [held.denom];
        while (queue.length > 0) {
          for (const n of graph.get(queue.shift()!) ?? []) {
            if (seen.has(n)) continue;
            seen.add(n);
            queue.push(n);
          }
        }
        for (const denom of [...seen].sort()) {
          if (denom === held.denom) continue;
          const out = world.asset(s.chainId, denom);
          if (out) arrive(s.chainId, originForm(out), 'swap', true, d);
        }
      }
    }
  }

  return collect(world, idx, source, states, dist);
}

/** First port/channel of a trace and what is left after it; traces are always pairs. */
function firstHop(trace: string): { port: string; channel: string; rest: string } | undefined {
  if (trace === '') return undefined;
  const a = trace.indexOf('/');
  const b = trace.indexOf('/', a + 1);
  return b < 0
    ? { port: trace.slice(0, a), channel: trace.slice(a + 1), rest: '' }
    : { port: trace.slice(0, a), channel: trace.slice(a + 1, b), rest: trace.slice(b + 1) };
}

function originForm(a: WorldAsset): Pick<State, 'originChainId' | 'originDenom' | 'trace'> {
  return { originChainId: a.originChainId, originDenom: a.originDenom, trace: a.trace };
}

/** The catalog asset a state holds, if the catalog lists that form. */
function heldAsset(idx: Indexes, s: State): WorldAsset | undefined {
  return idx.byTrace.get(formKey(s.chainId, s.originChainId, s.originDenom, s.trace));
}

function collect(world: World, idx: Indexes, source: WorldAsset, states: Map<string, State>, dist: Map<string, number>): ReachedAsset[] {
  interface Agg {
    state: State;
    listed: boolean;
    catalog: WorldAsset | undefined;
    canonical: boolean;
    transfersWithoutSwap: number | undefined;
  }
  const byForm = new Map<string, Agg>();
  for (const [k, s] of states) {
    if (s.arrival === 'source') continue;
    const fk = formKey(s.chainId, s.originChainId, s.originDenom, s.trace);
    let agg = byForm.get(fk);
    if (!agg) {
      agg = { state: s, listed: false, catalog: idx.byTrace.get(fk), canonical: s.canonical, transfersWithoutSwap: undefined };
      byForm.set(fk, agg);
    }
    // listed: the catalog knows it, it is the canonical one-hop copy, or the source's own way home
    if (agg.catalog || s.canonical || s.arrival === 'unwind') agg.listed = true;
    agg.canonical ||= s.canonical;
    if (!s.swapped) {
      const d = dist.get(k)!;
      if (agg.transfersWithoutSwap === undefined || d < agg.transfersWithoutSwap) agg.transfersWithoutSwap = d;
    }
  }

  // Prefer the catalog: on a chain where a catalog form of an origin is reachable, a
  // derived form of the same origin is noise (two "ATOM"s, one unknown to every wallet).
  const hasCatalog = new Set<string>();
  for (const agg of byForm.values()) {
    if (agg.listed && agg.catalog) hasCatalog.add(`${agg.state.chainId}\n${agg.state.originChainId}\n${agg.state.originDenom}`);
  }

  const out: ReachedAsset[] = [];
  for (const agg of byForm.values()) {
    if (!agg.listed) continue;
    const s = agg.state;
    let asset = agg.catalog;
    if (!asset) {
      if (hasCatalog.has(`${s.chainId}\n${s.originChainId}\n${s.originDenom}`)) continue;
      asset = world.resolveAsset(s.chainId, world.ibcDenom(s.trace, world.baseDenomOf(s.originChainId, s.originDenom)));
      if (!asset) continue;
    }
    if (asset.chainId === source.chainId && asset.denom === source.denom) continue;
    out.push({ asset, transfersWithoutSwap: agg.transfersWithoutSwap, canonical: agg.canonical });
  }
  return out;
}

/** The trace of the origin's own form: '' for a native denom, a bridge voucher's own trace otherwise. */
function originTrace(world: World, form: Pick<State, 'originChainId' | 'originDenom'>): string {
  return world.asset(form.originChainId, form.originDenom)?.trace ?? '';
}

/**
 * Whether the bridge lets an IBC hop onward from where it lands ride in the same transaction,
 * as its planner decides for a route (cannotContinue), asked with a real hop over one of the
 * receiving chain's channels.
 */
function ibcMayFollow(world: World, e: BridgeEdge): boolean {
  const to = e.leg.to;
  if (world.chain(to.chainId)?.chainType !== 'cosmos') return false;
  const end = world.neighbors(to.chainId).find((n) => n.preferred);
  if (!end || world.denomTrace(to.denom) === undefined) return false;
  const hop = world.denomAfterHop(to.denom, to.chainId, end.channelId);
  const next: TransferLeg = { kind: 'transfer', fromChainId: to.chainId, toChainId: hop.chainId, end, denomIn: to.denom, denomOut: hop.denom };
  return bridgeOf(e.kind).planner.cannotContinue(world, e.leg, next) === undefined;
}

/** The origin's own form on its origin chain, or the one-hop copy of it over the preferred channel from there. */
function isCanonical(world: World, chainId: string, form: Pick<State, 'originChainId' | 'originDenom' | 'trace'>): boolean {
  const own = originTrace(world, form);
  if (form.trace === own) return chainId === form.originChainId;
  const hop = firstHop(form.trace);
  if (!hop || hop.rest !== own) return false;
  const end = world.channelBetween(chainId, form.originChainId);
  return end !== undefined && end.portId === hop.port && end.channelId === hop.channel;
}
