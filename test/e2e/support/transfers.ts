/**
 * Signed transfers for end-to-end tests, made the way a wallet makes them against the local
 * service over HTTP: route, msgs, account, sign with a dev account.
 */
import { DirectSecp256k1Wallet } from '@cosmjs/proto-signing';
import { devWallet, msgFromApi, signTx } from '../../support/dev-wallet';
import type { LocalService } from './fixtures';

export type TransferSpec = {
  source: { chain: string; denom: string };
  dest: { chain: string; denom: string };
  amount: string;
  /** Dev account 0…9 signs; 'fresh': a new key, funded by the faucet, that no other test uses. */
  account: number | 'fresh';
  /** Sign the next N sequences (several txs from one account). */
  count?: number;
};

const GAS = 400_000n;
const prefixes = new Map<string, { prefix: string; fee: { denom: string; amount: string } }>();

async function chainInfo(service: LocalService, chainId: string) {
  const known = prefixes.get(chainId);
  if (known) return known;
  const res = await service.get(`/v2/info/chains?chain_ids=${encodeURIComponent(chainId)}`);
  const chain = res.body.chains?.[0];
  if (!chain) throw new Error(`unknown chain ${chainId}`);
  const feeAsset = chain.fee_assets[0];
  const price: string = feeAsset.gas_price?.average ?? '0';
  const [whole = '0', frac = ''] = price.split('.');
  const scale = 10n ** BigInt(frac.length);
  const info = { prefix: chain.bech32_prefix as string, fee: { denom: feeAsset.denom as string, amount: ((GAS * BigInt(whole + frac) + scale - 1n) / scale).toString() } };
  prefixes.set(chainId, info);
  return info;
}

export async function devAddressOn(service: LocalService, chainId: string, account: number | Uint8Array): Promise<string> {
  const { prefix } = await chainInfo(service, chainId);
  if (typeof account === 'number') return devWallet(account, prefix);
  return (await (await DirectSecp256k1Wallet.fromKey(account, prefix)).getAccounts())[0]!.address;
}

/**
 * A new secp256k1 key, funded on `chainId` with its fee token and `denom`: an account of the
 * test's own. One service serves the whole run, two workers side by side and repeated tests: a
 * shared dev account would see its sequence taken by another test between reading and signing.
 */
export async function freshKey(service: LocalService, chainId: string, denom: string, amount: string): Promise<Uint8Array> {
  const key = crypto.getRandomValues(new Uint8Array(32));
  const address = await devAddressOn(service, chainId, key);
  const { fee } = await chainInfo(service, chainId);
  for (const [d, a] of [[fee.denom, '10000000000'], [denom, (BigInt(amount) * 100n).toString()]] as const) {
    const res = await service.post('/local/faucet', { chain_id: chainId, address, denom: d, amount: a });
    if (res.status !== 200) throw new Error(`faucet: ${JSON.stringify(res.body)}`);
  }
  return key;
}

/** Signed base64 TxRaw(s) for one route, plus the route they follow. */
export async function signedTransfers(service: LocalService, spec: TransferSpec) {
  const request = {
    source_asset_denom: spec.source.denom,
    source_asset_chain_id: spec.source.chain,
    dest_asset_denom: spec.dest.denom,
    dest_asset_chain_id: spec.dest.chain,
    amount_in: spec.amount,
  };
  const route = await service.post('/v2/fungible/route', request);
  if (route.status !== 200) throw new Error(`route: ${JSON.stringify(route.body)}`);
  const signer = spec.account === 'fresh' ? await freshKey(service, spec.source.chain, spec.source.denom, spec.amount) : spec.account;
  const addresses = await Promise.all(route.body.required_chain_addresses.map((c: string) => devAddressOn(service, c, signer)));
  const msgs = await service.post('/v2/fungible/msgs', {
    ...request,
    amount_out: route.body.amount_out,
    operations: route.body.operations,
    address_list: addresses,
    slippage_tolerance_percent: '1',
  });
  if (msgs.status !== 200) throw new Error(`msgs: ${JSON.stringify(msgs.body)}`);
  const tx = msgs.body.txs[0].cosmos_tx;
  const signed = await signCosmosTx(service, tx, signer, spec.count ?? 1);
  return { chainId: tx.chain_id as string, signed, route: route.body };
}

/** Signs a `cosmos_tx` of a msgs answer (the next `count` sequences) as its signer, a dev account or a key. */
export async function signCosmosTx(
  service: LocalService,
  tx: { chain_id: string; signer_address: string; msgs: { msg: string; msg_type_url: string }[] },
  signer: number | Uint8Array,
  count = 1,
): Promise<string[]> {
  const acct = await service.get(`/local/chains/${tx.chain_id}/accounts/${tx.signer_address}`);
  const { fee } = await chainInfo(service, tx.chain_id);
  const signed: string[] = [];
  for (let i = 0; i < count; i++) {
    signed.push(
      await signTx({
        chainId: tx.chain_id,
        accountNumber: acct.body.account_number,
        sequence: BigInt(acct.body.sequence) + BigInt(i),
        msgs: tx.msgs.map(msgFromApi),
        fee: { amount: [fee], gas: GAS.toString() },
        ...(typeof signer === 'number' ? { account: signer } : { privkey: signer }),
      }),
    );
  }
  return signed;
}
