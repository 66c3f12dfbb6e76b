/**
 * GET /v2/info/chains and GET /v2/fungible/assets: the World's chains and catalog assets,
 * filtered by the query parameters openapi.yml lists.
 *
 * Defaults follow the upstream service: EVM and SVM chains (and their assets) and CW20
 * tokens are left out unless asked for; assets without metadata too. The chain-type flags
 * also apply when `chain_ids` names a chain explicitly: filters combine with AND.
 */
import type { Asset, AssetsResponse, ChainsResponse } from '../../api/schemas';
import { invalidArgument } from '../http/errors';
import type { ChainType, WorldChain } from '../world/types';
import { toWireChain, type WireChain } from '../world/wire';
import type { World } from '../world/world';
import { compareAssets, hasMetadata, wireAsset } from './common';
import { queryBool, queryList } from './query';

const INVALID_CHAIN_ID = 'Invalid chain_id';

// Chain records are frozen and World-lived: convert once per World.
const wireChains = new WeakMap<World, Map<string, WireChain>>();

function wireChain(world: World, c: WorldChain): WireChain {
  let m = wireChains.get(world);
  if (m === undefined) {
    m = new Map();
    wireChains.set(world, m);
  }
  let w = m.get(c.chainId);
  if (w === undefined) {
    w = toWireChain(c);
    m.set(c.chainId, w);
  }
  return w;
}

function typeAllowed(type: ChainType, flags: { evm: boolean; svm: boolean }): boolean {
  return type === 'cosmos' || (type === 'evm' && flags.evm) || (type === 'svm' && flags.svm);
}

/**
 * GET /v2/info/chains. Query: chain_ids, include_evm, include_svm, only_testnets.
 * Unknown chain ids are left out of the answer (no error): the upstream list is much
 * longer than the World's, and a client asking for a chain we lack should still get the rest.
 */
export function infoChains(world: World, query: URLSearchParams): ChainsResponse {
  const chainIds = queryList(query, 'chain_ids', INVALID_CHAIN_ID);
  const flags = { evm: queryBool(query, 'include_evm', false), svm: queryBool(query, 'include_svm', false) };
  // the World is mainnet only
  if (queryBool(query, 'only_testnets', false)) return { chains: [] };
  const wanted = chainIds ? new Set(chainIds) : undefined;
  const chains = world.chains
    .filter((c) => (wanted ? wanted.has(c.chainId) : true) && typeAllowed(c.chainType, flags))
    .map((c) => ({ ...structuredClone(wireChain(world, c)) }));
  return { chains };
}

/**
 * GET /v2/fungible/assets. Query: chain_ids, native_only, include_no_metadata_assets,
 * include_cw20_assets, include_evm_assets, include_svm_assets, only_testnets.
 *
 * An unknown chain id is a 400 `Invalid chain_id` (the one error openapi shows for this
 * endpoint). Chains left with no asset after filtering are omitted, except Cosmos chains
 * named in chain_ids, which answer `{ assets: [] }` so the caller can tell "none" from
 * "unknown"; a chain the type flags exclude is left out even when named.
 */
export function fungibleAssets(world: World, query: URLSearchParams): AssetsResponse {
  const chainIds = queryList(query, 'chain_ids', INVALID_CHAIN_ID);
  const nativeOnly = queryBool(query, 'native_only', false);
  const withNoMetadata = queryBool(query, 'include_no_metadata_assets', false);
  const withCw20 = queryBool(query, 'include_cw20_assets', false);
  const flags = { evm: queryBool(query, 'include_evm_assets', false), svm: queryBool(query, 'include_svm_assets', false) };
  const onlyTestnets = queryBool(query, 'only_testnets', false);
  if (chainIds) for (const id of chainIds) if (!world.chain(id)) throw invalidArgument(INVALID_CHAIN_ID);

  const map: Record<string, { assets: Asset[] }> = {};
  if (onlyTestnets) return { chain_to_assets_map: map };
  const named = chainIds ? new Set(chainIds) : undefined;
  for (const chain of world.chains) {
    if (named && !named.has(chain.chainId)) continue;
    if (!typeAllowed(chain.chainType, flags)) continue;
    const assets = world
      .assetsOn(chain.chainId)
      .filter((a) => (!nativeOnly || a.trace === '') && (withCw20 || !a.isCw20) && (withNoMetadata || hasMetadata(a)))
      .sort(compareAssets)
      .map((a) => ({ ...wireAsset(world, a) }));
    if (assets.length > 0 || named) map[chain.chainId] = { assets };
  }
  return { chain_to_assets_map: map };
}
