/**
 * Chain & asset catalog for the extension (DESIGN.md, `src/chains/`). Generated at build time
 * from the same World the local service runs on; fetched lazily. Import from here.
 */
export { assetAllowed, Catalog, chainAllowed, createCatalog, shortDenom, type CatalogAsset, type CatalogChain, type CatalogContent, type KindFilter, type SearchOptions } from './catalog';
export { CATALOG_PATH, loadCatalog, peekCatalog, setCatalogSource, type CatalogSource } from './load';
export { CATALOG_FORMAT, CatalogError, denomKey, parseCatalogFile, type CatalogFile, type ChainType } from './schema';
export { mergeApiDirectory, type ApiDirectory, type ApiDirectoryAsset, type ApiDirectoryChain } from './merge';
