/**
 * Destinations reachable from a source asset (assets_from_source), fetched once per source and
 * options and kept for the page's life and in storage.session for 15 minutes, so reopening the
 * popup does not ask again.
 */
import { callApi } from './api';
import type { AssetsFromSourceResponse } from '../../api/schemas/info';
import { fromApiAsset, type AssetInfo } from '../model/assets';
import type { UiError } from '../shared/errors';
import { storageArea } from '../shared/ext';
import { createStore } from '../shared/store';
import { onApiChanged, uiError } from './runtime';

export type Reach = { status: 'loading' } | { status: 'ready'; assets: AssetInfo[]; at: number } | { status: 'error'; error: UiError };

export interface ReachQuery {
  chainId: string;
  denom: string;
  allowMultiTx: boolean;
  includeSwaps: boolean;
  /** Absent: CW20 tokens left out (the API's default). */
  includeCw20?: boolean;
}

export const reachable = createStore<Readonly<Record<string, Reach>>>({});
/** Bumped when the API changes: answers and session entries from before are not trusted. */
let cacheEpoch = 0;
onApiChanged(() => {
  reachable.set({});
  cacheEpoch += 1;
  void clearSessionCache();
});

async function clearSessionCache(): Promise<void> {
  const g = globalThis as unknown as { chrome?: { storage?: { session?: { get(k: null): Promise<Record<string, unknown>>; remove(k: string[]): Promise<void> } } } };
  const area = g.chrome?.storage?.session;
  if (!area) return;
  try {
    const all = await area.get(null);
    await area.remove(Object.keys(all).filter((k) => k.startsWith(SESSION_PREFIX)));
  } catch {
    // nothing cached, or no session storage: nothing to forget
  }
}

const TTL_MS = 15 * 60_000;
const SESSION_PREFIX = 'courier:ui:reach:';

export function reachKey(q: ReachQuery): string {
  return `${q.chainId}\n${q.denom}\n${q.allowMultiTx ? 1 : 0}${q.includeSwaps ? 1 : 0}${q.includeCw20 ? 1 : 0}`;
}

/** Flattened, sorted by chain then symbol. */
export function flattenReach(response: AssetsFromSourceResponse): AssetInfo[] {
  const out: AssetInfo[] = [];
  for (const list of Object.values(response.dest_assets)) for (const a of list.assets) out.push(fromApiAsset(a));
  return out.sort((a, b) => (a.chainId < b.chainId ? -1 : a.chainId > b.chainId ? 1 : a.symbol.localeCompare(b.symbol)));
}

function put(key: string, value: Reach): void {
  reachable.set((all) => ({ ...all, [key]: value }));
}

/** Starts loading unless already loaded (or loading); `force` asks again. */
export function ensureReachable(q: ReachQuery, force = false): void {
  const key = reachKey(q);
  const existing = reachable.get()[key];
  if (!force && existing && existing.status !== 'error' && !(existing.status === 'ready' && Date.now() - existing.at > TTL_MS)) return;
  put(key, { status: 'loading' });
  const session = storageArea('session');
  const sessionKey = SESSION_PREFIX + key;
  const epoch = cacheEpoch;
  const fromSession = force || epoch > 0 || !session ? Promise.resolve(undefined) : session.get([sessionKey]).then((r) => r[sessionKey], () => undefined);
  void fromSession.then((cached) => {
    const c = cached as { at?: number; assets?: AssetInfo[] } | undefined;
    if (c && typeof c.at === 'number' && Array.isArray(c.assets) && Date.now() - c.at < TTL_MS) {
      put(key, { status: 'ready', assets: c.assets, at: c.at });
      return;
    }
    callApi('assetsFromSource', {
      source_asset_denom: q.denom,
      source_asset_chain_id: q.chainId,
      allow_multi_tx: q.allowMultiTx,
      include_swaps: q.includeSwaps,
      include_cw20_assets: q.includeCw20 ?? false,
    }).then(
      (response) => {
        if (epoch !== cacheEpoch) return; // answered by the API used before
        const assets = flattenReach(response);
        const at = Date.now();
        put(key, { status: 'ready', assets, at });
        session?.set({ [sessionKey]: { at, assets } }).catch(() => undefined);
      },
      (error: unknown) => put(key, { status: 'error', error: uiError(error) }),
    );
  });
}
