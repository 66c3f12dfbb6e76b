/** Helpers shared by the discovery endpoints: wire conversion, ordering, small predicates. */
import type { Asset } from '../../api/schemas';
import { toWireAsset } from '../world/wire';
import type { WorldAsset } from '../world/types';

// World assets are frozen and live as long as their World: convert each once.
const wireCache = new WeakMap<WorldAsset, Asset>();

/** The wire Asset of a World asset, frozen and shared: callers copy before editing. */
export function wireAsset(a: WorldAsset): Asset {
  let w = wireCache.get(a);
  if (w === undefined) {
    w = Object.freeze(toWireAsset(a)) as Asset;
    wireCache.set(a, w);
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
