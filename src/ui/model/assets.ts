/**
 * What the UI knows about an asset, from whichever source knows it: the catalog, an API answer
 * (assets_from_source, a fee asset), or the picker's own remembered snapshot.
 */
import type { Asset } from '../../api/schemas/common';
import type { Catalog, CatalogAsset } from '../../chains/catalog/catalog';
import { shortDenom } from '../shared/denom';
import type { AssetRef } from '../state/quote-form';

/** The same fields as the form's remembered AssetRef: either can stand for the other. */
export type AssetInfo = AssetRef;

export function fromCatalogAsset(a: CatalogAsset): AssetInfo {
  return {
    chainId: a.chainId,
    denom: a.denom,
    symbol: a.recommendedSymbol || a.symbol,
    name: a.name,
    decimals: a.decimals,
    logo: a.logo,
    // an API-only asset may come without decimals: its amounts are then in base units
    known: a.decimals !== null,
  };
}

export function fromApiAsset(a: Asset): AssetInfo {
  const symbol = a.recommended_symbol || a.symbol || shortDenom(a.denom);
  return {
    chainId: a.chain_id,
    denom: a.denom,
    symbol,
    name: a.name || symbol,
    decimals: typeof a.decimals === 'number' ? a.decimals : null,
    logo: a.logo_uri || null,
    known: Boolean(a.symbol || a.recommended_symbol) && typeof a.decimals === 'number',
  };
}

export function unknownAsset(chainId: string, denom: string): AssetInfo {
  return { chainId, denom, symbol: shortDenom(denom), name: denom, decimals: null, logo: null, known: false };
}
