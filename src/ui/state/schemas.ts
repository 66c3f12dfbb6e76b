/**
 * Schemas of the UI's persisted state loaded after the first render; each field falls back to
 * its default on its own. (The quote form and the address book are in quote-form.ts, zod-free.)
 */
import '../../config/zod';
import { z } from 'zod';
import type { AssetRef as AssetRefType } from './quote-form';

export type { AddressBook, NavState, QuoteForm } from './quote-form';
export { DEFAULT_SLIPPAGE, defaultQuoteForm, SLIPPAGE_PRESETS } from './quote-form';

/** An asset as the user picked it: enough to show it and to read amounts without the catalog. */
export const AssetRef: z.ZodType<AssetRefType> = z.object({
  chainId: z.string().min(1).max(128),
  denom: z.string().min(1).max(256),
  symbol: z.string().max(64),
  name: z.string().max(200).catch(''),
  decimals: z.number().int().min(0).max(36).nullable(),
  logo: z.string().max(1024).nullable().catch(null),
  known: z.boolean().catch(true),
});
export type AssetRef = AssetRefType;

export const QuotedAssets = z.object({ assets: z.array(AssetRef).max(24).catch([]) });
export type QuotedAssets = z.infer<typeof QuotedAssets>;

export const BalanceRow = z.object({
  chainId: z.string().max(128),
  address: z.string().max(256),
  denoms: z.array(z.string().min(1).max(256)).max(50),
});
export type BalanceRow = z.infer<typeof BalanceRow>;

export const BalancesForm = z.object({
  /** null: follow the defaults (remembered addresses × quoted assets). */
  rows: z.array(BalanceRow).max(20).nullable().catch(null),
});
export type BalancesForm = z.infer<typeof BalancesForm>;

export const AssetsForm = z.object({
  source: AssetRef.nullable().catch(null),
  includeSwaps: z.boolean().catch(false),
  filter: z.string().max(100).catch(''),
  resolveChain: z.string().max(128).catch(''),
  resolveDenom: z.string().max(300).catch(''),
});
export type AssetsForm = z.infer<typeof AssetsForm>;

export const SubmitForm = z.object({
  mode: z.enum(['submit', 'track']).catch('submit'),
  tx: z.string().max(2_000_000).catch(''),
  txChain: z.string().max(128).catch(''),
  hash: z.string().max(300).catch(''),
  hashChain: z.string().max(128).catch(''),
});
export type SubmitForm = z.infer<typeof SubmitForm>;
