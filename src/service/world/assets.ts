/**
 * Registry assets of the World's Cosmos chains, each with its origin.
 *
 * An asset whose last registry trace is `ibc` (or `ibc-cw20`, or an `ibc-bridge` ending in an
 * `ibc/` denom) is IBC-derived: its denom is
 * recomputed from the trace path and must equal the registry's `base`; a mismatch is a
 * registry quirk and the asset is skipped. Its origin is found by walking the path's hops
 * over the channel index, the first hop cross-checked with the trace's counterparty.
 */
import { logoOf } from './chains';
import { traceKey, type TraceIndexEntry } from './channels';
import { hopsToTrace, ibcDenomOfFullPath, isIbcDenom, parseFullPath } from './denom';
import type { RegAsset, RegTrace } from './registry';
import type { Quirk, WorldAsset } from './types';

/** Registry asset types the simulated Cosmos chains model (bank denoms and CW20s). */
export const MODELLED_COSMOS_TYPES: ReadonlySet<string> = new Set(['sdk.coin', 'ics20', 'cw20']);

// ibc-bridge: IBC from a bridge chain (Eureka, Picasso); the hash is checked like any other
const IBC_TRACE_TYPES: ReadonlySet<string> = new Set(['ibc', 'ibc-cw20', 'ibc-bridge']);

/** Suffix that tells a bridged variant apart, by the bridge that minted the origin asset. */
const BRIDGE_SUFFIX: Readonly<Record<string, string>> = {
  Axelar: 'axl',
  Wormhole: 'wh',
  'Gravity Bridge': 'grv',
};

export function decimalsOf(a: RegAsset): number | undefined {
  const units = a.denomUnits ?? [];
  const display = units.find((u) => u.denom === a.display);
  if (display) return display.exponent;
  let max: number | undefined;
  for (const u of units) if (max === undefined || u.exponent > max) max = u.exponent;
  return max;
}

/** `USDC` minted by Axelar -> `USDC.axl`; anything else keeps its symbol. */
export function recommendedSymbolFor(symbol: string | undefined, originTraces: readonly RegTrace[] | undefined): string | undefined {
  if (symbol === undefined) return undefined;
  const bridge = originTraces?.find((t) => t.type === 'bridge' && t.provider !== undefined && BRIDGE_SUFFIX[t.provider]);
  const suffix = bridge?.provider !== undefined ? BRIDGE_SUFFIX[bridge.provider] : undefined;
  if (suffix === undefined) return symbol;
  if (symbol.endsWith(`.${suffix}`)) return symbol;
  const bare = suffix === 'axl' && /^axl[A-Z]/.test(symbol) ? symbol.slice(3) : symbol;
  return `${bare}.${suffix}`;
}

export interface RegistryAssetContext {
  chainName: string;
  chainId: string;
  /** World chain name -> chain id. */
  worldIds: ReadonlyMap<string, string>;
  traceIndex: ReadonlyMap<string, TraceIndexEntry>;
  /** Records `ibc/HASH` -> (trace, base) for later lookups. */
  registerTrace: (denom: string, trace: string, baseDenom: string) => void;
}

export type RegistryAssetResult =
  | { kind: 'asset'; asset: WorldAsset; traces: readonly RegTrace[] }
  | { kind: 'skipped-type'; typeAsset: string }
  | { kind: 'quirk'; quirk: Quirk; hash: HashCheck }
  | { kind: 'orphan'; hash: 'match'; beyond?: BeyondGraph };

/**
 * An orphan whose trace leaves the channel graph on a World chain (Eureka's copies: the last
 * hop is the Hub's Ethereum light client, 08-wasm-1369). Once the bridges' assets are in, the
 * World adopts it when `rest`/`baseDenom` is a bridge voucher listed on `chainName` (the
 * voucher stands as the origin), with the registry entry's own fields in `asset`.
 */
export interface BeyondGraph {
  chainName: string;
  rest: string;
  baseDenom: string;
  asset: Omit<WorldAsset, 'originChainId' | 'originDenom'>;
  traces: readonly RegTrace[];
}

/** Outcome of recomputing an IBC asset's denom: not an IBC asset, equal to base, different. */
export type HashCheck = 'none' | 'match' | 'mismatch';

function metadataOf(a: RegAsset): Pick<WorldAsset, 'symbol' | 'name' | 'logoUri' | 'decimals' | 'description' | 'coingeckoId'> {
  return {
    symbol: a.symbol,
    name: a.name,
    logoUri: logoOf(a) ?? undefined,
    decimals: decimalsOf(a),
    description: a.description,
    coingeckoId: a.coingeckoId,
  };
}

export function assetFromRegistry(a: RegAsset, ctx: RegistryAssetContext): RegistryAssetResult {
  const typeAsset = a.typeAsset ?? 'unknown';
  if (!MODELLED_COSMOS_TYPES.has(typeAsset)) return { kind: 'skipped-type', typeAsset };
  const traces = a.traces ?? [];
  const last = traces[traces.length - 1];
  const quirk = (reason: string, hash: HashCheck): RegistryAssetResult => ({
    kind: 'quirk',
    quirk: { chainId: ctx.chainId, denom: a.base, reason },
    hash,
  });

  // A bridge that speaks IBC but mints a local token (Union's CW20s on Babylon) makes a
  // token native to this chain, like any other bridge-minted asset.
  if (last === undefined || !IBC_TRACE_TYPES.has(last.type) || (last.type === 'ibc-bridge' && !isIbcDenom(a.base))) {
    if (isIbcDenom(a.base)) return quirk('ibc/ denom without an ibc trace', 'none');
    const isCw20 = typeAsset === 'cw20';
    const asset: WorldAsset = {
      chainId: ctx.chainId,
      denom: a.base,
      originChainId: ctx.chainId,
      originDenom: a.base,
      trace: '',
      isCw20,
      isEvm: false,
      isSvm: false,
      ...metadataOf(a),
      tokenContract: isCw20 ? (a.address ?? a.base.replace(/^cw20:/, '')) : undefined,
      typeAsset,
      source: 'registry',
    };
    return { kind: 'asset', asset, traces };
  }

  const path = last.chain?.path;
  if (path === undefined || path === '') return quirk(`${last.type} trace without a path`, 'none');
  const computed = ibcDenomOfFullPath(path);
  if (computed !== a.base) return quirk(`computed ${computed} from "${path}" differs from registry base`, 'mismatch');
  const { hops, trace, baseDenom } = parseFullPath(path);
  if (hops.length === 0) return quirk(`trace path "${path}" has no port/channel hop`, 'match');
  // the hash is a fact even when the entry is inconsistent or its origin is outside the World
  ctx.registerTrace(computed, trace, baseDenom);
  const claimedChannel = last.chain?.channelId;
  if (claimedChannel !== undefined && claimedChannel !== hops[0]!.channel) {
    return quirk(`trace says channel ${claimedChannel} but its path starts with ${hops[0]!.channel}`, 'match');
  }

  // Walk the hops back to the origin chain.
  let cur = ctx.chainName;
  for (let i = 0; i < hops.length; i += 1) {
    const hop = hops[i]!;
    const entry = ctx.traceIndex.get(traceKey(cur, hop.port, hop.channel));
    let next = entry?.counterpartyChainName;
    if (i === 0) {
      const claimed = last.counterparty;
      if (entry !== undefined && entry.counterpartyChainName !== claimed.chainName) {
        return quirk(`trace names ${claimed.chainName} but ${cur}/${hop.channel} leads to ${entry.counterpartyChainName}`, 'match');
      }
      if (entry !== undefined && claimed.channelId !== undefined && entry.counterpartyChannelId !== claimed.channelId) {
        return quirk(`trace names ${claimed.chainName}/${claimed.channelId} but ibc-data pairs ${cur}/${hop.channel} with ${entry.counterpartyChannelId}`, 'match');
      }
      next = claimed.chainName;
    }
    if (next === undefined) {
      const asset = { chainId: ctx.chainId, denom: computed, trace, isCw20: false, isEvm: false, isSvm: false, ...metadataOf(a), typeAsset, source: 'registry' as const };
      return { kind: 'orphan', hash: 'match', beyond: { chainName: cur, rest: hopsToTrace(hops.slice(i)), baseDenom, asset, traces } };
    }
    cur = next;
  }
  const originChainId = ctx.worldIds.get(cur);
  if (originChainId === undefined) return { kind: 'orphan', hash: 'match' };

  const asset: WorldAsset = {
    chainId: ctx.chainId,
    denom: computed, // equal to the registry's base, but computed, never copied
    originChainId,
    originDenom: baseDenom,
    trace,
    isCw20: false,
    isEvm: false,
    isSvm: false,
    ...metadataOf(a),
    typeAsset,
    source: 'registry',
  };
  return { kind: 'asset', asset, traces };
}
