/**
 * The UI's persisted state loaded after the first render, one store per key (keys.ts says what
 * each holds). The quote form and the address book are in core-stores.ts (no zod).
 */
import '../../config/zod';
import { z } from 'zod';
import { MsgsResponse, Route } from '../../api/schemas/route';
import { UI_KEYS } from './keys';
import { persistedStore } from './persist';
import {
  AssetRef,
  AssetsForm,
  BalancesForm,
  QuotedAssets,
  SubmitForm,
  type AssetRef as AssetRefType,
  type AssetsForm as AssetsFormType,
  type BalancesForm as BalancesFormType,
  type QuotedAssets as QuotedAssetsType,
  type SubmitForm as SubmitFormType,
} from './schemas';

export const quotedAssets = persistedStore<QuotedAssetsType>({
  key: UI_KEYS.quoted,
  version: 1,
  schema: QuotedAssets,
  defaults: () => ({ assets: [] }),
  area: 'local',
});

export const balancesForm = persistedStore<BalancesFormType>({
  key: UI_KEYS.balances,
  version: 1,
  schema: BalancesForm,
  defaults: () => ({ rows: null }),
  area: 'local',
});

export const assetsForm = persistedStore<AssetsFormType>({
  key: UI_KEYS.assets,
  version: 1,
  schema: AssetsForm,
  defaults: () => ({ source: null, includeSwaps: false, filter: '', resolveChain: '', resolveDenom: '' }),
  area: 'local',
});

export const submitForm = persistedStore<SubmitFormType>({
  key: UI_KEYS.submit,
  version: 1,
  schema: SubmitForm,
  defaults: () => ({ mode: 'submit' as const, tx: '', txChain: '', hash: '', hashChain: '' }),
  area: 'session',
});

/** The route the user chose to build, frozen at "Continue", and what was built from it. */
export const Flow = z.object({
  route: Route.nullable().catch(null),
  /** The request key the route answered. */
  routeKey: z.string().max(4000).nullable().catch(null),
  quotedAt: z.number().nullable().catch(null),
  slippage: z.string().max(12).catch('1'),
  /** The user confirmed a route the service flagged as unsafe. */
  unsafeConfirmed: z.boolean().catch(false),
  source: AssetRef.nullable().catch(null),
  dest: AssetRef.nullable().catch(null),
  msgs: MsgsResponse.nullable().catch(null),
  /** The address list the messages were built for. */
  builtFor: z.array(z.string().max(256)).max(32).nullable().catch(null),
  builtAt: z.number().nullable().catch(null),
});
export type Flow = z.infer<typeof Flow>;

export function emptyFlow(): Flow {
  return {
    route: null,
    routeKey: null,
    quotedAt: null,
    slippage: '1',
    unsafeConfirmed: false,
    source: null,
    dest: null,
    msgs: null,
    builtFor: null,
    builtAt: null,
  };
}

export const flow = persistedStore<Flow>({ key: UI_KEYS.flow, version: 1, schema: Flow, defaults: emptyFlow, area: 'session' });

/** Adds assets to the front of the quoted list, without duplicates, at most 24. */
export function rememberQuoted(...assets: AssetRefType[]): void {
  quotedAssets.set((current) => {
    const same = (a: AssetRefType, b: AssetRefType) => a.chainId === b.chainId && a.denom === b.denom;
    const next = [...assets, ...current.assets].filter((a, i, list) => list.findIndex((b) => same(a, b)) === i).slice(0, 24);
    const unchanged = next.length === current.assets.length && next.every((a, i) => same(a, current.assets[i]!));
    return unchanged ? current : { assets: next };
  });
}
