/**
 * The quote form's state, its decoder and the address book, without zod: the Quote view's first
 * render must not wait for zod and the API schemas (~50 ms to evaluate), so these are checked by
 * hand. Every field falls back to its default on its own, like the zod `.catch()` schemas of
 * the other stores.
 */

export interface AssetRef {
  chainId: string;
  denom: string;
  symbol: string;
  name: string;
  /** null when unknown: amounts are then not typed in display units. */
  decimals: number | null;
  logo: string | null;
  /** False when nothing but the denom is known. */
  known: boolean;
}

/** The form's asset-kind options, as the catalog's KindFilter (chains/catalog/catalog.ts). */
export function formKinds(form: Pick<QuoteForm, 'includeEvm' | 'includeSvm' | 'includeCw20'>): { evm: boolean; svm: boolean; cw20: boolean } {
  return { evm: form.includeEvm, svm: form.includeSvm, cw20: form.includeCw20 };
}

export const SLIPPAGE_PRESETS = ['0.5', '1', '3'] as const;
export const DEFAULT_SLIPPAGE = '1';

/**
 * Bridge ids offered as options. The API's list is BRIDGE_TYPES in src/api/schemas/enums.ts; a
 * unit test keeps the two equal (importing it here would pull zod into the first render).
 */
export { BRIDGE_IDS } from '../../api/bridge-ids';

/** How the popup names each bridge: the one table, in src/words. */
export { BRIDGE_NAMES } from '../../words/bridges';

export interface QuoteForm {
  source: AssetRef | null;
  dest: AssetRef | null;
  /** What the user typed, in display units, kept exactly (validated when used). */
  amount: string;
  /** `in`: the amount is what is sent; `out`: what must arrive. */
  direction: 'in' | 'out';
  /** Percent, as typed (a preset or a custom value). */
  slippage: string;
  slippageCustom: boolean;
  /** Empty: any bridge. */
  bridges: string[];
  allowMultiTx: boolean;
  smartRelay: boolean;
  allowSwaps: boolean;
  /** Which kinds of assets the pickers offer besides Cosmos ones (the API's include_* flags). */
  includeEvm: boolean;
  includeSvm: boolean;
  includeCw20: boolean;
  optionsOpen: boolean;
}

export function defaultQuoteForm(): QuoteForm {
  return {
    source: null,
    dest: null,
    amount: '',
    direction: 'in',
    slippage: DEFAULT_SLIPPAGE,
    slippageCustom: false,
    bridges: [],
    allowMultiTx: true,
    smartRelay: true,
    allowSwaps: true,
    includeEvm: true,
    includeSvm: true,
    includeCw20: false,
    optionsOpen: false,
  };
}

export interface AddressBook {
  byChain: Record<string, string>;
}

export interface NavState {
  last: string;
}

/** The shape persist.ts asks of a schema: zod's safeParse, or a hand-written one. */
export interface Decoder<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown, max: number, fallback: string): string => (typeof v === 'string' && v.length <= max ? v : fallback);
const flag = (v: unknown, fallback: boolean): boolean => (typeof v === 'boolean' ? v : fallback);

export function decodeAssetRef(v: unknown): AssetRef | null {
  if (!isRecord(v)) return null;
  const { chainId, denom, symbol, decimals } = v;
  if (typeof chainId !== 'string' || chainId === '' || chainId.length > 128) return null;
  if (typeof denom !== 'string' || denom === '' || denom.length > 256) return null;
  if (typeof symbol !== 'string' || symbol.length > 64) return null;
  if (decimals !== null && !(typeof decimals === 'number' && Number.isInteger(decimals) && decimals >= 0 && decimals <= 36)) return null;
  return {
    chainId,
    denom,
    symbol,
    name: text(v.name, 200, ''),
    decimals,
    logo: typeof v.logo === 'string' && v.logo.length <= 1024 ? v.logo : null,
    known: flag(v.known, true),
  };
}

export const QuoteFormDecoder: Decoder<QuoteForm> = {
  safeParse(data) {
    if (!isRecord(data)) return { success: false };
    const d = defaultQuoteForm();
    const bridges =
      Array.isArray(data.bridges) && data.bridges.length <= 16 && data.bridges.every((b) => typeof b === 'string' && b.length <= 32)
        ? (data.bridges as string[])
        : d.bridges;
    return {
      success: true,
      data: {
        source: decodeAssetRef(data.source),
        dest: decodeAssetRef(data.dest),
        amount: text(data.amount, 100, d.amount),
        direction: data.direction === 'out' ? 'out' : 'in',
        slippage: text(data.slippage, 12, d.slippage),
        slippageCustom: flag(data.slippageCustom, d.slippageCustom),
        bridges,
        allowMultiTx: flag(data.allowMultiTx, d.allowMultiTx),
        smartRelay: flag(data.smartRelay, d.smartRelay),
        allowSwaps: flag(data.allowSwaps, d.allowSwaps),
        includeEvm: flag(data.includeEvm, d.includeEvm),
        includeSvm: flag(data.includeSvm, d.includeSvm),
        includeCw20: flag(data.includeCw20, d.includeCw20),
        optionsOpen: flag(data.optionsOpen, d.optionsOpen),
      },
    };
  },
};

export const AddressBookDecoder: Decoder<AddressBook> = {
  safeParse(data) {
    if (!isRecord(data)) return { success: false };
    const byChain: Record<string, string> = {};
    if (isRecord(data.byChain)) {
      for (const [chainId, address] of Object.entries(data.byChain)) {
        if (chainId.length <= 128 && typeof address === 'string' && address.length <= 256) byChain[chainId] = address;
      }
    }
    return { success: true, data: { byChain } };
  },
};

/**
 * The route the user picked among those found for one question: the question (`key`, the route
 * request's key), the route's identity (routes/compare.ts), its path without amounts and fees (to
 * know it again when a refresh quotes it a little differently), and its bridges (to name it when
 * it is gone). null: the recommended route.
 */
export type RouteChoice = { key: string; identity: string; path: string; bridges: string[] } | null;

export const RouteChoiceDecoder: Decoder<RouteChoice> = {
  safeParse(data) {
    if (data === null) return { success: true, data: null };
    if (!isRecord(data)) return { success: false };
    const { key, identity, path, bridges } = data;
    if (typeof key !== 'string' || key === '' || key.length > 8_000) return { success: false };
    if (typeof identity !== 'string' || identity === '' || identity.length > 64_000) return { success: false };
    const names = Array.isArray(bridges) && bridges.length <= 16 && bridges.every((b) => typeof b === 'string' && b.length <= 32) ? (bridges as string[]) : [];
    return { success: true, data: { key, identity, path: text(path, 64_000, ''), bridges: names } };
  },
};

export const NavDecoder: Decoder<NavState> = {
  safeParse(data) {
    if (!isRecord(data)) return { success: false };
    return { success: true, data: { last: text(data.last, 600, '') } };
  },
};
