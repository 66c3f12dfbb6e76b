/**
 * POST /v2/fungible/ibc_origin_assets: the origin asset of each {denom, chain_id}.
 *
 * Resolution order for one entry:
 * 1. a catalog asset, or an `ibc/` hash whose trace the World already knows (registry
 *    traces and every denom the World has computed), via world.resolveAsset();
 * 2. otherwise, for an `ibc/` hash, a bounded search: any catalog asset of a neighbour
 *    chain sent to this chain over any ACTIVE channel (one hop beyond the catalog, which
 *    covers e.g. ATOM on Neutron through Osmosis). A hit is registered with the World so
 *    later lookups, and the chain simulator, know it too.
 * A hash cannot be inverted, so anything further away is reported as not found.
 */
import { z } from 'zod';
import type { IbcOriginAssetsResponse, OptionalAsset } from '../../api/schemas';
import { invalidArgument } from '../http/errors';
import { isIbcDenom, joinPath, sha256HexUpper } from '../world/denom';
import type { WorldAsset } from '../world/types';
import type { World } from '../world/world';
import { outerOrigin, wireAsset } from './common';

export const MUST_SUPPLY = 'Must supply denom and chain_id';

interface Candidate {
  trace: string;
  baseDenom: string;
}

// chain id -> (`ibc/HASH` -> trace) for one hop beyond the catalog; built on first miss.
const oneHopTables = new WeakMap<World, Map<string, Map<string, Candidate>>>();

function oneHopTable(world: World, chainId: string): Map<string, Candidate> {
  let perWorld = oneHopTables.get(world);
  if (perWorld === undefined) {
    perWorld = new Map();
    oneHopTables.set(world, perWorld);
  }
  let table = perWorld.get(chainId);
  if (table !== undefined) return table;
  table = new Map();
  for (const end of world.neighbors(chainId)) {
    const prefix = `${end.portId}/${end.channelId}`;
    for (const a of world.assetsOn(end.counterpartyChainId)) {
      // bank denoms only: CW20s and EVM tokens do not travel over `transfer` channels
      if (a.isCw20 || a.isEvm || a.isSvm) continue;
      const trace = a.trace === '' ? prefix : `${prefix}/${a.trace}`;
      // Hashed here rather than through world.ibcDenom(): only the one that matches is
      // worth remembering in the World's trace store.
      const base = world.baseDenomOf(a.originChainId, a.originDenom);
      const denom = `ibc/${sha256HexUpper(joinPath(trace, base))}`;
      if (!table.has(denom)) table.set(denom, { trace, baseDenom: base });
    }
  }
  perWorld.set(chainId, table);
  return table;
}

/** The asset a denom is on a chain, catalog or derived; undefined when unknown. */
export function resolveHeld(world: World, chainId: string, denom: string): WorldAsset | undefined {
  if (!world.chain(chainId)) return undefined;
  // Register a derivable trace *before* asking resolveAsset(), which remembers misses.
  if (isIbcDenom(denom) && world.denomTrace(denom) === undefined && !world.asset(chainId, denom)) {
    const hit = oneHopTable(world, chainId).get(`ibc/${denom.slice(4).toUpperCase()}`);
    if (!hit) return undefined;
    world.ibcDenom(hit.trace, hit.baseDenom);
  }
  return world.resolveAsset(chainId, denom);
}

/**
 * The origin's own catalog asset (or what a bridge voucher standing as origin stands for); when the origin chain's asset list lacks it (a registry
 * gap), a bare one carrying the held asset's metadata, which describes the same token.
 */
function originAsset(world: World, held: WorldAsset): WorldAsset {
  // a bridge's voucher standing as origin: the token it stands for (Ethereum's WBTC for Eureka's)
  const outer = outerOrigin(world, held.originChainId, held.originDenom);
  if (outer) return outer;
  const origin = world.asset(held.originChainId, held.originDenom);
  if (origin) return origin;
  const isCw20 = held.originDenom.startsWith('cw20:');
  return {
    ...held,
    chainId: held.originChainId,
    denom: held.originDenom,
    trace: '',
    isCw20,
    isEvm: false,
    isSvm: false,
    tokenContract: isCw20 ? held.originDenom.slice('cw20:'.length) : undefined,
    typeAsset: isCw20 ? 'cw20' : 'sdk.coin',
    source: 'derived',
  };
}

const filled = z.string().trim().min(1);
/**
 * The body as this endpoint reads it. Any entry without a non-empty denom and chain_id fails the
 * whole request with the spec's one message, so the schema's own issues are not shown.
 */
const OriginQuery = z.looseObject({ assets: z.array(z.looseObject({ denom: filled, chain_id: filled })) });

/**
 * Every entry must carry both fields (else the whole request is a 400, code 3). Answers
 * keep the request's order; an unknown one is `{ asset_found: false }` with no `asset`,
 * since openapi's OptionalAsset makes it optional and a made-up Asset would have no origin.
 */
export function ibcOriginAssets(world: World, body: unknown): IbcOriginAssetsResponse {
  const parsed = OriginQuery.safeParse(body);
  if (!parsed.success) throw invalidArgument(MUST_SUPPLY);
  const wanted = parsed.data.assets.map((e) => ({ denom: e.denom, chainId: e.chain_id }));
  const origin_assets = wanted.map(({ denom, chainId }): OptionalAsset => {
    const held = resolveHeld(world, chainId, denom);
    if (!held) return { asset_found: false };
    return { asset: { ...wireAsset(world, originAsset(world, held)) }, asset_found: true };
  });
  return { origin_assets };
}
