/**
 * Checks a route request and turns it into the planner's options. Every problem is a 400
 * with gRPC code 3 whose message names the field, the denom or the chain.
 */
import type { RouteRequest } from '../../api/schemas';
import { invalidArgument } from '../http/errors';
import type { Venue, World } from '../world';
import { BRIDGES } from '../bridges/registry';
import { BRIDGE_IDS } from '../bridges/types';
import type { BridgeKind, PlannerIndex } from './graph';
import type { Position } from './types';

const KNOWN_BRIDGES = new Set<string>(BRIDGE_IDS);

/**
 * experimental_features production knows: each opts in to a bridge. Every bridge of this
 * World is on without them, so they are accepted and change nothing. Any other name is refused.
 */
export const EXPERIMENTAL_FEATURES = ['cctp', 'hyperlane', 'stargate', 'eureka', 'layer_zero'] as const;

/** smart_swap_options keys production knows (openapi SmartSwapOptions). */
const SMART_SWAP_OPTIONS = ['split_routes', 'evm_swaps'] as const;

/** An amount longer than this is not a real balance of anything (2^256 has 78 digits). */
const MAX_AMOUNT_DIGITS = 78;

export interface PlanRequest {
  source: Position;
  dest: Position;
  /** The denoms as the caller spelled them, echoed in the route. */
  sourceDenom: string;
  destDenom: string;
  mode: 'in' | 'out';
  amount: bigint;
  allowMultiTx: boolean;
  allowSwaps: boolean;
  allowUnsafe: boolean;
  smartRelay: boolean;
  ibc: boolean;
  bridgeKinds: ReadonlySet<BridgeKind>;
  /** A bridge the caller asked to be preferred where it can carry the route (`go_fast: true`). */
  preferred: BridgeKind | undefined;
  venues: readonly Venue[];
  affiliateBps: bigint;
}

function required(value: string | undefined, field: string): string {
  if (value === undefined || value === '') throw invalidArgument(`${field} is required`);
  return value;
}

function parseAmount(value: string, field: string): bigint {
  if (!/^[0-9]+$/.test(value) || value.length > MAX_AMOUNT_DIGITS) throw invalidArgument(`invalid ${field}`);
  const n = BigInt(value);
  if (n <= 0n) throw invalidArgument(`invalid ${field}`);
  return n;
}

function resolveEnd(ix: PlannerIndex, world: World, which: 'source' | 'destination', chainId: string, denom: string): Position {
  if (!world.chain(chainId)) throw invalidArgument(`unknown ${which} chain ${chainId}`);
  const p = ix.position(chainId, denom);
  if (!p) throw invalidArgument(`unknown ${which} asset ${denom} on ${chainId}`);
  return p;
}

export function parsePlanRequest(ix: PlannerIndex, req: RouteRequest): PlanRequest {
  const world = ix.world;
  const sourceDenom = required(req.source_asset_denom, 'source_asset_denom');
  const sourceChain = required(req.source_asset_chain_id, 'source_asset_chain_id');
  const destDenom = required(req.dest_asset_denom, 'dest_asset_denom');
  const destChain = required(req.dest_asset_chain_id, 'dest_asset_chain_id');

  const hasIn = req.amount_in !== undefined && req.amount_in !== '';
  const hasOut = req.amount_out !== undefined && req.amount_out !== '';
  if (hasIn && hasOut) throw invalidArgument('give only one of amount_in and amount_out');
  if (!hasIn && !hasOut) throw invalidArgument('amount_in or amount_out is required');
  const mode = hasIn ? 'in' : 'out';
  const amount = hasIn ? parseAmount(req.amount_in!, 'amount_in') : parseAmount(req.amount_out!, 'amount_out');

  const source = resolveEnd(ix, world, 'source', sourceChain, sourceDenom);
  const dest = resolveEnd(ix, world, 'destination', destChain, destDenom);
  if (source.chainId === dest.chainId && source.denom === dest.denom) {
    throw invalidArgument(`source and destination are the same asset: ${source.denom} on ${source.chainId}`);
  }

  let affiliateBps = 0n;
  const bps = req.cumulative_affiliate_fee_bps;
  if (bps !== undefined && bps !== null && bps !== '') {
    if (!/^[0-9]{1,5}$/.test(bps) || BigInt(bps) >= 10_000n) throw invalidArgument('invalid cumulative_affiliate_fee_bps');
    affiliateBps = BigInt(bps);
  }

  let ibc = true;
  // a bridge behind a request flag (Go Fast: go_fast) carries routes only when the flag is on, or when `bridges` names it
  const flags = req as unknown as Record<string, unknown>;
  const flagged = BRIDGES.filter((b) => b.requestFlag !== undefined && flags[b.requestFlag] === true);
  const kinds = new Set<BridgeKind>(BRIDGES.filter((b) => b.requestFlag === undefined || flagged.includes(b)).map((b) => b.id));
  if (req.bridges !== undefined) {
    for (const b of req.bridges) if (!KNOWN_BRIDGES.has(b)) throw invalidArgument(`unknown bridge type ${b}`);
    const asked = new Set<string>(req.bridges);
    ibc = asked.has('IBC');
    for (const k of [...kinds]) if (!asked.has(k)) kinds.delete(k);
    for (const b of BRIDGES) if (asked.has(b.id)) kinds.add(b.id);
  }
  const preferred = flagged.find((b) => kinds.has(b.id))?.id;

  checkExperimentalFeatures(req.experimental_features);
  checkSmartSwapOptions(req.smart_swap_options);

  let venues: readonly Venue[] = world.venues;
  // an empty list means no preference, like an absent one
  if (req.swap_venues !== undefined && req.swap_venues.length > 0) {
    const picked: Venue[] = [];
    for (const v of req.swap_venues) {
      const venue = world.venue(v.name);
      if (!venue) throw invalidArgument(`unknown swap venue ${v.name}`);
      if (v.chain_id !== undefined && v.chain_id !== '' && v.chain_id !== venue.chainId) {
        throw invalidArgument(`swap venue ${v.name} is on ${venue.chainId}, not ${v.chain_id}`);
      }
      if (!picked.includes(venue)) picked.push(venue);
    }
    venues = picked;
  }

  return {
    source,
    dest,
    sourceDenom,
    destDenom,
    mode,
    amount,
    allowMultiTx: req.allow_multi_tx === true,
    allowSwaps: req.allow_swaps !== false,
    allowUnsafe: req.allow_unsafe === true,
    // the spec: smart relay is on unless the caller turns it off
    smartRelay: req.smart_relay !== false,
    ibc,
    bridgeKinds: kinds,
    preferred,
    venues,
    affiliateBps,
  };
}

function checkExperimentalFeatures(features: readonly string[] | undefined): void {
  for (const f of features ?? []) {
    if (!(EXPERIMENTAL_FEATURES as readonly string[]).includes(f)) {
      throw invalidArgument(`invalid experimental_features: unknown feature "${f}" (known: ${EXPERIMENTAL_FEATURES.join(', ')})`);
    }
  }
}

/**
 * Both options only permit something: split_routes lets a swap be split over several pool
 * routes, evm_swaps lets a route swap on an EVM chain. The World has no EVM venue, and the
 * planner quotes one pool route per swap, so with either on the answer is the one production
 * gives when neither a split nor an EVM swap pays. Unknown keys and non-booleans are refused.
 */
function checkSmartSwapOptions(options: unknown): void {
  if (options === undefined || options === null) return;
  if (typeof options !== 'object' || Array.isArray(options)) throw invalidArgument('invalid smart_swap_options: expected an object');
  for (const [key, value] of Object.entries(options)) {
    if (!(SMART_SWAP_OPTIONS as readonly string[]).includes(key)) {
      throw invalidArgument(`invalid smart_swap_options.${key}: unknown option (known: ${SMART_SWAP_OPTIONS.join(', ')})`);
    }
    if (typeof value !== 'boolean') throw invalidArgument(`invalid smart_swap_options.${key}: expected true or false`);
  }
}
