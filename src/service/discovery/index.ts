/**
 * Asset and chain discovery for the local routing service: assets_from_source,
 * ibc_origin_assets, GET /v2/info/chains and GET /v2/fungible/assets. Pure functions over
 * a World; each throws ServiceError (400, code 3) for a bad request.
 */
export { assetsFromSource, INVALID_SOURCE_DENOM } from './assets-from-source';
export { ibcOriginAssets, MUST_SUPPLY } from './origin';
export { infoChains, fungibleAssets } from './catalog';
export { infoBridges, fungibleVenues } from './info';
export { assetsBetweenChains, betweenChainsFromBody, betweenChainsFromQuery, type BetweenChainsRequest } from './between';
export { recommendAssets, NO_RECOMMENDATION } from './recommend';
