/** Balances by chain, address and denom (POST /v2/info/balances), cached while the page lives. */
import { callApi } from './api';
import type { BalanceEntry, BalancesRequest } from '../../api/schemas/info';
import type { UiError } from '../shared/errors';
import { createStore } from '../shared/store';
import { onApiChanged, uiError } from './runtime';

export type BalanceLookup = { status: 'loading' } | { status: 'ready'; entry: BalanceEntry | null; at: number } | { status: 'error'; error: UiError };

export const balanceCache = createStore<Readonly<Record<string, BalanceLookup>>>({});
onApiChanged(() => balanceCache.set({}));

export const balanceKey = (chainId: string, address: string, denom: string) => `${chainId}\n${address}\n${denom}`;

/** Fetches the balances of one request and files each answer under its key. */
export async function fetchBalances(request: BalancesRequest): Promise<void> {
  const keys: string[] = [];
  for (const [chainId, { address, denoms }] of Object.entries(request.chains)) {
    for (const denom of denoms ?? []) keys.push(balanceKey(chainId, address ?? '', denom));
  }
  balanceCache.set((all) => ({ ...all, ...Object.fromEntries(keys.map((k) => [k, all[k]?.status === 'ready' ? all[k]! : { status: 'loading' as const }])) }));
  try {
    const response = await callApi('balances', request);
    const at = Date.now();
    const found: Record<string, BalanceLookup> = {};
    for (const [chainId, { address, denoms }] of Object.entries(request.chains)) {
      const answered = response.chains[chainId]?.denoms ?? {};
      for (const denom of denoms ?? []) found[balanceKey(chainId, address ?? '', denom)] = { status: 'ready', entry: answered[denom] ?? null, at };
    }
    balanceCache.set((all) => ({ ...all, ...found }));
  } catch (error) {
    const failed: BalanceLookup = { status: 'error', error: uiError(error) };
    balanceCache.set((all) => ({ ...all, ...Object.fromEntries(keys.map((k) => [k, failed])) }));
    throw error;
  }
}
