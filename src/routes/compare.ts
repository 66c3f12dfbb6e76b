/**
 * Comparing routes for one transfer, shared by the popup and the bridge's `routes` method:
 * which route requests to ask in parallel (the default, Go Fast, each bridge on its own), and
 * how their answers become one list (same operations merged, "cheapest" and "fastest" labels,
 * most received first).
 *
 * Pure and zod-free (types only from the API schemas): the popup's quote runner, which ships in
 * the first paint, can load it without the wire schemas. Amounts and USD values use BigInt.
 */
import type { Route, RouteRequest } from '../api/schemas/route';
import { BRIDGE_IDS } from '../api/bridge-ids';
import { decimalToScaled } from '../chains/amounts';
import { routeFeeSummary } from './fees';
import { operationBridge, operationWrapper } from './operation';

export type RouteLabel = 'cheapest' | 'fastest';

/** One route of a comparison, in the shape the bridge's `routes` method answers. */
export interface ComparedRoute {
  route: Route;
  /**
   * `cheapest` (most received; when the amount received is fixed, least sent), `fastest`
   * (shortest estimate; ties: fewer transactions), or none.
   */
  labels: RouteLabel[];
  /** `usd_amount_out` as received, or null when the route is not priced. */
  received_usd: string | null;
  /** The route's fees in USD, each counted once (./fees.ts), or null when no fee is priced. */
  fees_usd: string | null;
  /** `estimated_route_duration_seconds`, or null when unknown. */
  duration_seconds: number | null;
  /** Distinct bridge ids of the route's operations, in order of use. */
  bridges: string[];
}

/** A route request to ask, and why (for tests and diagnostics). */
export interface RouteCandidate {
  /** `default`, `go_fast`, or `bridge:<ID>`. */
  id: string;
  body: RouteRequest;
}

/** What the caller knows about the API and the chains involved. */
export interface CandidateContext {
  /** The bridge ids `/v2/info/bridges` lists; null when unknown (then every known bridge is tried). */
  bridges: readonly string[] | null;
  /** A chain's type as the API lists it (`cosmos`, `evm`, `svm`), or null when unknown. */
  chainType(chainId: string): string | null;
}

/** The API's bridge types, tried when the API's own list is unknown. */
export const KNOWN_BRIDGES = BRIDGE_IDS;

/** Bridges production enables only through `experimental_features`; asking for one alone opts in to it. */
const EXPERIMENTAL_FEATURE: Record<string, string> = {
  CCTP: 'cctp',
  HYPERLANE: 'hyperlane',
  STARGATE: 'stargate',
  EUREKA: 'eureka',
  LAYER_ZERO: 'layer_zero',
};

/** Bridges behind a request flag: without it they never carry a route. */
const REQUEST_FLAG: Record<string, 'go_fast'> = { GO_FAST: 'go_fast' };

/**
 * The requests to ask in parallel for `base`: the default (always first), `go_fast: true`, and
 * for each bridge the API lists that could carry the transfer on its own, `bridges: [X]` (plus
 * `IBC` when an end is a Cosmos chain, whose hops IBC carries). Bridges the base request already
 * excludes are not asked; requests that would be the same are asked once.
 */
export function planRouteCandidates(base: RouteRequest, context: CandidateContext): RouteCandidate[] {
  const allowed = base.bridges && base.bridges.length > 0 ? new Set<string>(base.bridges) : null;
  const listed = (context.bridges ?? KNOWN_BRIDGES).filter((b) => allowed === null || allowed.has(b));
  const types = [base.source_asset_chain_id, base.dest_asset_chain_id].map((id) => (id ? context.chainType(id) : null));
  // An unknown chain may be a Cosmos chain: IBC is then allowed rather than left out.
  const cosmosEnds = types.filter((t) => t === null || t === 'cosmos').length;
  const ibcAllowed = allowed === null || allowed.has('IBC');

  const candidates: RouteCandidate[] = [{ id: 'default', body: base }];
  if (listed.includes('GO_FAST') && base.go_fast !== true) candidates.push({ id: 'go_fast', body: { ...base, go_fast: true } });
  for (const bridge of listed) {
    let bridges: string[];
    if (bridge === 'IBC') {
      if (cosmosEnds < 2) continue; // IBC alone moves only between Cosmos chains
      bridges = ['IBC'];
    } else {
      bridges = cosmosEnds > 0 && ibcAllowed && listed.includes('IBC') ? [bridge, 'IBC'] : [bridge];
    }
    const body: RouteRequest = { ...base, bridges: bridges as RouteRequest['bridges'] };
    const feature = EXPERIMENTAL_FEATURE[bridge];
    if (feature && !(base.experimental_features ?? []).includes(feature)) {
      body.experimental_features = [...(base.experimental_features ?? []), feature];
    }
    const flag = REQUEST_FLAG[bridge];
    if (flag) body[flag] = true;
    candidates.push({ id: `bridge:${bridge}`, body });
  }
  const seen = new Set<string>();
  return candidates.filter((c) => {
    const key = canonicalJson(c.body);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// ─────────────────────────────── comparing answers ───────────────────────────────

/** Distinct bridge ids of the route's operations, in order of use (swaps name none). */
export function routeBridges(route: Pick<Route, 'operations'>): string[] {
  const found: string[] = [];
  for (const op of route.operations) {
    const w = operationWrapper(op);
    if (!w) continue;
    const id = operationBridge(w.kind, w.body);
    if (id && !found.includes(id)) found.push(id);
  }
  return found;
}

/**
 * What makes two answers the same route: their operations without the amounts beside them
 * (two requests that find the same path may quote it a little differently).
 */
export function routeIdentity(route: Pick<Route, 'operations' | 'source_asset_chain_id' | 'dest_asset_chain_id' | 'dest_asset_denom'>): string {
  const ops = route.operations.map((op) => {
    const w = operationWrapper(op);
    return w ? { [w.kind]: w.body } : op;
  });
  return canonicalJson([route.source_asset_chain_id, route.dest_asset_chain_id, route.dest_asset_denom, ops]);
}

/** USD values are compared at this many decimals (far below a cent). */
const USD_SCALE = 12;

function usd(value: unknown): bigint | null {
  if (typeof value !== 'string' || value === '') return null;
  try {
    return decimalToScaled(value, USD_SCALE, 'floor');
  } catch {
    return null;
  }
}

function units(value: unknown): bigint | null {
  return typeof value === 'string' && /^[0-9]+$/.test(value) ? BigInt(value) : null;
}

/**
 * The route's priced fees in USD, each counted once (an operation's own fee fields and the
 * `estimated_fees` entry describing the same fee are one fee: ./fees.ts); null when none is priced.
 */
export function routeFeesUsd(route: Partial<Pick<Route, 'operations' | 'estimated_fees'>>): string | null {
  return routeFeeSummary(route).totalUsd;
}

const sameAsset = (a: Route, b: Route) => a.dest_asset_chain_id === b.dest_asset_chain_id && a.dest_asset_denom === b.dest_asset_denom;

/** Which amount the request fixed: `in` (amount_in given: compare what arrives) or `out` (amount_out: compare what it costs). */
export type FixedAmount = 'in' | 'out';

/** The amount a route request fixes: `out` when it gives amount_out and no amount_in. */
export function fixedAmountOf(body: Pick<RouteRequest, 'amount_in' | 'amount_out'> | undefined): FixedAmount {
  return body && body.amount_out !== undefined && body.amount_in === undefined ? 'out' : 'in';
}

const sign = (x: bigint) => (x > 0n ? 1 : x < 0n ? -1 : 0);
const sameSource = (a: Route, b: Route) => a.source_asset_chain_id === b.source_asset_chain_id && a.source_asset_denom === b.source_asset_denom;

/**
 * > 0 when `a` costs the user less than `b` for what arrives (the amount received fixed): less
 * sent (in USD when `inUsd`, else in tokens of one source asset), then more received.
 */
function compareCost(a: Route, b: Route, inUsd: boolean): number {
  if (inUsd) {
    const sent = sign(usd(b.usd_amount_in)! - usd(a.usd_amount_in)!);
    if (sent !== 0) return sent;
  }
  if (sameSource(a, b)) {
    const sent = sign((units(b.amount_in) ?? 0n) - (units(a.amount_in) ?? 0n));
    if (sent !== 0) return sent;
  }
  if (sameAsset(a, b)) {
    const out = sign((units(a.amount_out) ?? 0n) - (units(b.amount_out) ?? 0n));
    if (out !== 0) return out;
  }
  const [outA, outB] = [usd(a.usd_amount_out), usd(b.usd_amount_out)];
  return inUsd && outA !== null && outB !== null ? sign(outA - outB) : 0;
}

/** > 0 when `a` leaves the user better off than `b`: more received, then less sent. */
function compareValue(a: Route, b: Route, inUsd: boolean): number {
  if (inUsd) {
    const out = sign(usd(a.usd_amount_out)! - usd(b.usd_amount_out)!);
    if (out !== 0) return out;
  }
  if (sameAsset(a, b)) {
    const out = sign((units(a.amount_out) ?? 0n) - (units(b.amount_out) ?? 0n));
    if (out !== 0) return out;
  }
  if (sameSource(a, b)) {
    const sent = sign((units(b.amount_in) ?? 0n) - (units(a.amount_in) ?? 0n));
    if (sent !== 0) return sent;
  }
  const [inA, inB] = [usd(a.usd_amount_in), usd(b.usd_amount_in)];
  return inUsd && inA !== null && inB !== null ? sign(inB - inA) : 0;
}

const txs = (r: Route) => (typeof r.txs_required === 'number' ? r.txs_required : Number.MAX_SAFE_INTEGER);
const duration = (r: Route) => (typeof r.estimated_route_duration_seconds === 'number' ? r.estimated_route_duration_seconds : null);

/** < 0 when `a` is faster: shorter estimate (unknown last), then fewer transactions. */
function compareSpeed(a: Route, b: Route): number {
  const da = duration(a);
  const db = duration(b);
  if (da !== db) {
    if (da === null) return 1;
    if (db === null) return -1;
    return da - db;
  }
  return txs(a) - txs(b);
}

/**
 * The answers (first: the default request's, if it answered) as one comparison: answers with
 * the same operations merged (the better one is kept; on a tie the earlier), sorted best first,
 * `cheapest` on the first, `fastest` on the shortest known estimate (ties: fewer transactions,
 * then the better). Best, when the request fixed the amount sent (`fixed: 'in'`, the default):
 * most received, in USD when every route is priced, else in tokens of the destination asset
 * (ties: less sent, faster, earlier answer). When it fixed the amount received (`out`): least
 * sent, in USD when every route's amount sent is priced, else in tokens of the source asset
 * (ties: more received, faster, earlier answer).
 */
export function compareRoutes(answers: readonly Route[], options: { fixed?: FixedAmount } = {}): ComparedRoute[] {
  const cost = options.fixed === 'out';
  const better = cost ? compareCost : compareValue;
  const byIdentity = new Map<string, { route: Route; order: number }>();
  const allPriced = answers.every((r) => usd(cost ? r.usd_amount_in : r.usd_amount_out) !== null);
  answers.forEach((route, order) => {
    const id = routeIdentity(route);
    const kept = byIdentity.get(id);
    if (!kept) byIdentity.set(id, { route, order });
    else if (better(route, kept.route, allPriced) > 0) byIdentity.set(id, { route, order: kept.order });
  });
  const merged = [...byIdentity.values()];
  // Comparable throughout only in USD, or in tokens of one asset (received, or sent when that is what differs).
  const comparable = allPriced || merged.every((m) => (cost ? sameSource : sameAsset)(m.route, merged[0]!.route));
  const sorted = comparable
    ? merged.sort((a, b) => better(b.route, a.route, allPriced) || compareSpeed(a.route, b.route) || a.order - b.order)
    : merged.sort((a, b) => a.order - b.order);
  const timed = sorted.filter((m) => duration(m.route) !== null);
  const fastest = timed.length > 0 ? timed.reduce((best, m) => (compareSpeed(m.route, best.route) < 0 ? m : best)) : null;

  return sorted.map((m, index) => {
    const labels: RouteLabel[] = [];
    if (comparable && index === 0) labels.push('cheapest');
    if (m === fastest) labels.push('fastest');
    return {
      route: m.route,
      labels,
      received_usd: usd(m.route.usd_amount_out) !== null ? (m.route.usd_amount_out as string) : null,
      fees_usd: routeFeesUsd(m.route),
      duration_seconds: duration(m.route),
      bridges: routeBridges(m.route),
    };
  });
}

/** JSON with object keys sorted, so equal values give equal strings. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
    const sorted: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) sorted[k] = (v as Record<string, unknown>)[k];
    return sorted;
  });
}

// ─────────────────────────────── asking ───────────────────────────────

/** The part of the background's cached directory the planning reads (chain types, bridge ids). */
export interface DirectoryLike {
  chains: readonly { id: string; type: string }[];
  bridges?: readonly string[] | null;
}

export function candidateContext(directory: DirectoryLike | null, bridges: readonly string[] | null = directory?.bridges ?? null): CandidateContext {
  const types = new Map((directory?.chains ?? []).map((c) => [c.id, c.type] as const));
  return { bridges, chainType: (id) => types.get(id) ?? null };
}

/**
 * Asks every candidate at once and compares the answers. A candidate that fails is left out
 * (a bridge that cannot carry the transfer answers 404); when none answers, the default
 * request's failure is thrown, as `route` would have.
 */
export async function askRouteCandidates(
  candidates: readonly RouteCandidate[],
  ask: (body: RouteRequest) => Promise<Route>,
): Promise<ComparedRoute[]> {
  const settled = await Promise.allSettled(candidates.map((c) => ask(c.body)));
  const routes = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  if (routes.length === 0) throw (settled[0] as PromiseRejectedResult | undefined)?.reason ?? new Error('no route candidates');
  return compareRoutes(routes, { fixed: fixedAmountOf(candidates[0]?.body) });
}
