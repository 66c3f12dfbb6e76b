/** Signed transactions for the bridge's tests and bench (Node side, no Playwright imports). */
import { msgsRequestFor } from '../../src/api/msgs-request';

export const HUB = 'cosmoshub-4';
export const OSMO = 'osmosis-1';
export const ATOM_ON_OSMO = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';

/**
 * A signed one-hop transfer (ATOM, cosmoshub-4 → osmosis-1) from dev account `account`, built
 * with the local service's own route and msgs endpoints, ready for `submit`. Give each test its
 * own account: one service serves the whole run, and sequences must not collide.
 */
export async function signedTransfer(serviceUrl: string, account: number, amount = '1000'): Promise<{ tx: string; chain_id: string }> {
  const { devWallet, msgFromApi, signTx } = await import('../support/dev-wallet');
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${serviceUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const json = (await res.json()) as any;
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const get = async (path: string) => {
    const res = await fetch(`${serviceUrl}${path}`);
    const json = (await res.json()) as any;
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const route = await post('/v2/fungible/route', {
    source_asset_denom: 'uatom',
    source_asset_chain_id: HUB,
    dest_asset_denom: ATOM_ON_OSMO,
    dest_asset_chain_id: OSMO,
    amount_in: amount,
  });
  const chains = (await get(`/v2/info/chains?chain_ids=${HUB},${OSMO}`)).chains as any[];
  const prefix = (id: string) => chains.find((c) => c.chain_id === id).bech32_prefix as string;
  const addressList = await Promise.all((route.required_chain_addresses as string[]).map((id) => devWallet(account, prefix(id))));
  const msgs = await post('/v2/fungible/msgs', msgsRequestFor(route, addressList, '1'));
  const cosmosTx = msgs.txs[0].cosmos_tx;
  const acct = await get(`/local/chains/${HUB}/accounts/${cosmosTx.signer_address}`);
  const hub = chains.find((c) => c.chain_id === HUB);
  const price = Number(hub.fee_assets[0].gas_price.average);
  const gas = 300_000;
  const tx = await signTx({
    chainId: HUB,
    accountNumber: acct.account_number,
    sequence: acct.sequence,
    msgs: cosmosTx.msgs.map(msgFromApi),
    fee: { amount: [{ denom: hub.fee_assets[0].denom, amount: String(Math.ceil(gas * price)) }], gas },
    account,
    prefix: prefix(HUB),
  });
  return { tx, chain_id: HUB };
}
