/**
 * The `discovery` fault: a world difference in `GET /v2/info/chains` and `GET /v2/fungible/assets`
 * only, so that a client's merge of the API's lists with its own catalog can be exercised.
 * `hide_chain_ids` leaves chains (and their assets) out of both answers, as if the API did not
 * support them; `add_chains` / `add_assets` list chains and assets the World does not have. The
 * same query filters apply to the added entries (chain_ids, include_evm/include_svm,
 * include_*_assets). Nothing else changes: routes, msgs and balances still see the World.
 */
import { z } from 'zod';
import { Asset, Chain, type AssetsResponse, type ChainsResponse } from '../../api/schemas';
import { queryBool, queryList } from '../discovery/query';

export const DiscoveryFault = z.strictObject({
  kind: z.literal('discovery'),
  hide_chain_ids: z.array(z.string().min(1).max(128)).max(50).optional(),
  add_chains: z.array(Chain).max(10).optional(),
  add_assets: z.array(Asset).max(100).optional(),
});
export type DiscoveryFaultRequest = z.infer<typeof DiscoveryFault>;

export interface DiscoveryOverride {
  id: number;
  hide: ReadonlySet<string>;
  chains: readonly ChainsResponse['chains'][number][];
  assets: readonly Asset[];
}

export function viewDiscovery(o: DiscoveryOverride) {
  return {
    id: o.id,
    kind: 'discovery' as const,
    hide_chain_ids: [...o.hide],
    add_chains: o.chains.map((c) => c.chain_id),
    add_assets: o.assets.map((a) => `${a.chain_id} ${a.denom}`),
  };
}

const named = (query: URLSearchParams): Set<string> | undefined => {
  const ids = queryList(query, 'chain_ids', 'Invalid chain_id');
  return ids ? new Set(ids) : undefined;
};

/** `/v2/info/chains` as the override has it. */
export function reshapeChains(o: DiscoveryOverride, body: ChainsResponse, query: URLSearchParams): ChainsResponse {
  const wanted = named(query);
  const evm = queryBool(query, 'include_evm', false);
  const svm = queryBool(query, 'include_svm', false);
  const typeOk = (t: string) => (t === 'evm' ? evm : t === 'svm' ? svm : true);
  const added = queryBool(query, 'only_testnets', false)
    ? []
    : o.chains.filter((c) => (!wanted || wanted.has(c.chain_id)) && typeOk(String(c.chain_type)));
  return { ...body, chains: [...body.chains.filter((c) => !o.hide.has(c.chain_id)), ...added] };
}

/** `/v2/fungible/assets` as the override has it. */
export function reshapeAssets(o: DiscoveryOverride, body: AssetsResponse, query: URLSearchParams): AssetsResponse {
  const wanted = named(query);
  const evm = queryBool(query, 'include_evm_assets', false);
  const svm = queryBool(query, 'include_svm_assets', false);
  const cw20 = queryBool(query, 'include_cw20_assets', false);
  const map: AssetsResponse['chain_to_assets_map'] = {};
  for (const [chainId, list] of Object.entries(body.chain_to_assets_map)) if (!o.hide.has(chainId)) map[chainId] = list;
  if (queryBool(query, 'only_testnets', false)) return { ...body, chain_to_assets_map: map };
  for (const a of o.assets) {
    if (wanted && !wanted.has(a.chain_id)) continue;
    if ((a.is_evm && !evm) || (a.is_svm && !svm) || (a.is_cw20 && !cw20)) continue;
    map[a.chain_id] = { assets: [...(map[a.chain_id]?.assets ?? []), a] };
  }
  return { ...body, chain_to_assets_map: map };
}
