/** Asset lookups across the catalog and API answers (loads the catalog schema's denomKey). */
import type { Catalog } from '../../chains/catalog/catalog';
import { denomKey } from '../../chains/catalog/schema';
import { fromCatalogAsset, unknownAsset, type AssetInfo } from './assets';

export type Resolver = (chainId: string, denom: string) => AssetInfo;

/**
 * Looks an asset up in `extra` (API answers, remembered picks) and then the catalog; an asset
 * nobody knows keeps its denom, shortened, with unknown decimals.
 */
export function makeResolver(catalog: Catalog | null | undefined, extra: Iterable<AssetInfo | null | undefined> = []): Resolver {
  const known = new Map<string, AssetInfo>();
  const chainType = (chainId: string) => catalog?.chain(chainId)?.type;
  const key = (chainId: string, denom: string) => `${chainId}\n${denomKey(chainType(chainId), denom)}`;
  for (const info of extra) if (info && info.decimals !== null) known.set(key(info.chainId, info.denom), info);
  return (chainId, denom) => {
    const hit = known.get(key(chainId, denom));
    if (hit) return hit;
    const fromCatalog = catalog?.asset(chainId, denom);
    return fromCatalog ? fromCatalogAsset(fromCatalog) : unknownAsset(chainId, denom);
  };
}

