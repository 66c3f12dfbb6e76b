/** Helpers shared by the discovery endpoints: wire conversion, ordering, small predicates. */
import type { Asset } from '../../api/schemas';
import { toWireAsset } from '../world/wire';
import type { WorldAsset } from '../world/types';
import type { World } from '../world/world';
import { plannerIndex } from '../planner/graph';

// World assets are frozen and live as long as their World: convert each once per World.
const wireCache = new WeakMap<World, WeakMap<WorldAsset, Asset>>();

/**
 * The asset a bridge's voucher stands for, when the World keeps the voucher as an origin of its
 * own (Eureka's WBTC on the Hub, `transfer/08-wasm-1369`, for Ethereum's WBTC): the native
 * asset at the far end of one of the voucher's bridge crossings whose denom is the voucher's
 * base. undefined for any other origin.
 */
export function outerOrigin(world: World, originChainId: string, originDenom: string): WorldAsset | undefined {
  const voucher = world.asset(originChainId, originDenom);
  if (!voucher || voucher.trace === '') return undefined;
  const base = world.baseDenomOf(originChainId, originDenom).toLowerCase();
  const ix = plannerIndex(world);
  const at = ix.position(originChainId, voucher.denom);
  if (!at) return undefined;
  for (const e of ix.bridgesFrom(at.originKey)) {
    const to = e.leg.to.asset;
    if (to.trace === '' && to.chainId === to.originChainId && to.denom.toLowerCase() === base) return to;
  }
  return undefined;
}

/**
 * The wire Asset of a World asset, frozen and shared: callers copy before editing. Its origin
 * fields name where the token really comes from (spec: "the original denom it represents"),
 * so a copy of a bridge voucher names the bridged token (Ethereum's WBTC), as its trace does.
 */
export function wireAsset(world: World, a: WorldAsset): Asset {
  let m = wireCache.get(world);
  if (m === undefined) wireCache.set(world, (m = new WeakMap()));
  let w = m.get(a);
  if (w === undefined) {
    const outer = outerOrigin(world, a.originChainId, a.originDenom);
    const wire = toWireAsset(a);
    if (outer) Object.assign(wire, { origin_chain_id: outer.chainId, origin_denom: outer.denom });
    w = Object.freeze(wire) as Asset;
    m.set(a, w);
  }
  return w;
}

export function traceHops(trace: string): number {
  return trace === '' ? 0 : trace.split('/').length / 2;
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * One order for every asset list: natives first, then by trace length (a canonical
 * one-hop copy before multi-hop ones), then by denom in code-unit order. Locale-free,
 * so the same World always answers byte for byte the same.
 */
export function compareAssets(a: WorldAsset, b: WorldAsset): number {
  return traceHops(a.trace) - traceHops(b.trace) || cmp(a.denom, b.denom) || cmp(a.chainId, b.chainId);
}

export function compareIds(a: string, b: string): number {
  return cmp(a, b);
}

/**
 * "Metadata" for include_no_metadata_assets: what a wallet needs to show an amount, a
 * symbol and decimals. A name or logo alone does not make an asset displayable.
 */
export function hasMetadata(a: WorldAsset): boolean {
  return a.symbol !== undefined && a.symbol !== '' && a.decimals !== undefined;
}
