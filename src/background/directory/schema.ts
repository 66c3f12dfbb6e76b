/**
 * The API's chains and assets as the background caches them and hands them to the popup
 * (`courier:directory:get|refresh`): normalised from `/v2/info/chains` and
 * `/v2/fungible/assets` (normalise.ts), one record per base URL in storage.local.
 */
import { z } from 'zod';
import type { ApiDirectoryAsset, ApiDirectoryChain } from '../../chains/catalog/merge';

const text = (max: number) => z.string().max(max);
const optionalText = (max: number) => text(max).nullable();

export const DirectoryChain = z.object({
  id: z.string().min(1).max(128),
  name: optionalText(200),
  registryName: optionalText(200),
  type: text(32),
  bech32Prefix: optionalText(90),
  logo: optionalText(1024),
  feeDenoms: z.array(text(256)).max(50),
  gasPrices: z.record(text(256), z.string().regex(/^[0-9]{1,30}(\.[0-9]{1,30})?$/)).optional(),
}) satisfies z.ZodType<ApiDirectoryChain>;

export const DirectoryAsset = z.object({
  chainId: z.string().min(1).max(128),
  denom: z.string().min(1).max(256),
  symbol: optionalText(64),
  name: optionalText(200),
  decimals: z.int().min(0).max(36).nullable(),
  logo: optionalText(1024),
  originChainId: optionalText(128),
  originDenom: optionalText(256),
  trace: text(2000),
  coingeckoId: optionalText(200),
  recommendedSymbol: optionalText(64),
  isCw20: z.boolean(),
  isEvm: z.boolean(),
  isSvm: z.boolean(),
}) satisfies z.ZodType<ApiDirectoryAsset>;

/** Bounds a cached list: a runaway answer must not fill storage.local. */
export const MAX_DIRECTORY_CHAINS = 2_000;
export const MAX_DIRECTORY_ASSETS = 30_000;

export const Directory = z.object({
  chains: z.array(DirectoryChain).max(MAX_DIRECTORY_CHAINS),
  assets: z.array(DirectoryAsset).max(MAX_DIRECTORY_ASSETS),
  /**
   * The bridge ids `/v2/info/bridges` lists (route comparison asks each); null when that list
   * could not be had. Absent in records cached before it was kept: such a record is revalidated.
   */
  bridges: z.array(z.string().min(1).max(64)).max(64).nullable().optional(),
});
export type Directory = z.infer<typeof Directory>;

export const DIRECTORY_VERSION = 1;

/** One base URL's cached lists: key `courier:directory:<baseUrl>`. */
export const DirectoryRecord = z.object({
  version: z.literal(DIRECTORY_VERSION),
  baseUrl: z.string().min(1).max(2048),
  fetchedAt: z.number().int().nonnegative(),
  directory: Directory,
});
export type DirectoryRecord = z.infer<typeof DirectoryRecord>;

/** Which base URLs have a record, most recently used first: key `courier:directory:index`. */
export const DirectoryIndex = z.object({
  version: z.literal(DIRECTORY_VERSION),
  entries: z
    .array(
      z.object({
        baseUrl: z.string().min(1).max(2048),
        usedAt: z.number().int().nonnegative(),
        /** What the record takes in storage (storage/budget.ts storedBytes); absent in indexes written before it was kept. */
        bytes: z.number().int().nonnegative().optional(),
      }),
    )
    .max(50),
});
export type DirectoryIndex = z.infer<typeof DirectoryIndex>;

/** What the popup gets: the lists for the current API (or none yet) and how old they are. */
export const DirectorySnapshot = z.object({
  baseUrl: z.string(),
  /** null: nothing cached for this API yet. */
  directory: Directory.nullable(),
  fetchedAt: z.number().int().nonnegative().nullable(),
  /** Younger than the time-to-live. */
  fresh: z.boolean(),
  /** A fetch is under way (`courier:directory:refresh` waits for it). */
  revalidating: z.boolean(),
  /** Why the last revalidation failed, when the cached lists are kept despite it. */
  error: z.string().nullable(),
});
export type DirectorySnapshot = z.infer<typeof DirectorySnapshot>;
