/**
 * The demo dApp: how a page integrates Courier.
 *
 *  1. discover the provider (courier:requestProvider → courier:announceProvider), not window globals;
 *  2. connect (the user approves the origin once in Courier's window);
 *  3. quote a route and build the messages through Courier (Courier adds the API key);
 *  4. sign in the page — here with a dev account of the local service's test mnemonic, where a
 *     real dApp would ask the user's wallet — and submit the signed tx through Courier;
 *  5. follow `statusChanged` events until the transfer finishes.
 *
 * Chain metadata (bech32 prefix, gas price) and account numbers come from the local service
 * directly: a real dApp gets those from its chain registry and the chain's REST endpoint.
 */
import { stringToPath } from '@cosmjs/crypto';
import { fromBase64, toBase64, toUtf8 } from '@cosmjs/encoding';
import { DirectSecp256k1HdWallet, Registry, makeAuthInfoBytes, makeSignDoc, type EncodeObject } from '@cosmjs/proto-signing';
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys';
import { TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { MsgExecuteContract } from 'cosmjs-types/cosmwasm/wasm/v1/tx';
import { MsgTransfer } from 'cosmjs-types/ibc/applications/transfer/v1/tx';
import { msgsRequestFor } from '../../src/api/msgs-request';

const DEV_MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const TRANSFER = '/ibc.applications.transfer.v1.MsgTransfer';
const EXECUTE = '/cosmwasm.wasm.v1.MsgExecuteContract';
const GAS = 300_000n;
const TERMINAL = new Set(['STATE_COMPLETED_SUCCESS', 'STATE_COMPLETED_ERROR', 'STATE_ABANDONED']);

type Provider = {
  request(args: { method: string; params?: unknown }): Promise<any>;
  on(event: string, listener: (payload: any) => void): Provider;
};
type Announce = { info: { name: string; rdns: string; uuid: string }; provider: Provider };

declare global {
  interface Window {
    /** Set by build.ts: the local service the demo reads chain data from. */
    COURIER_DEMO_API?: string;
  }
}

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const query = new URLSearchParams(location.search);
const api = query.get('api') ?? window.COURIER_DEMO_API ?? 'http://127.0.0.1:8787';
/** Dev account index (0…9) of the test mnemonic; tests give each flow its own. */
const ACCOUNT = Math.min(9, Math.max(0, Number(query.get('account') ?? 0) || 0));
$('api').textContent = api;

let provider: Provider | undefined;
let route: any;
let built: { chainId: string; signer: string; msgs: { msg: string; msg_type_url: string }[] } | undefined;
let txHash: string | undefined;

function log(error: unknown): void {
  const e = error as { code?: number; message?: string; data?: unknown };
  const text = e && typeof e === 'object' && 'code' in e ? `${e.code}: ${e.message} ${e.data ? JSON.stringify(e.data) : ''}` : String(error);
  $('log').textContent = text;
}

function step(id: string, run: () => Promise<void>): void {
  $(id).addEventListener('click', () => {
    $('log').textContent = '';
    run().catch(log);
  });
}

// ───── 1. discovery and connection ─────

window.addEventListener('courier:announceProvider', (event) => {
  const detail = (event as CustomEvent<Announce>).detail;
  if (provider || detail?.info?.rdns !== 'build.courier.extension') return;
  provider = detail.provider;
  $('provider').textContent = `${detail.info.name} (${detail.info.rdns})`;
  ($('connect') as HTMLButtonElement).disabled = false;
  provider.on('statusChanged', onStatus);
});
window.dispatchEvent(new Event('courier:requestProvider'));

function need(): Provider {
  if (!provider) throw new Error('Courier is not installed on this browser');
  return provider;
}

step('connect', async () => {
  const answer = await need().request({ method: 'connect' });
  $('connection').textContent = `connected as ${answer.origin}`;
  $('connection').dataset.connected = 'true';
  ($('disconnect') as HTMLButtonElement).disabled = false;
});

step('disconnect', async () => {
  await need().request({ method: 'disconnect' });
  $('connection').textContent = 'not connected';
  delete $('connection').dataset.connected;
});

// ───── 2. quote ─────

const value = (id: string) => ($(id) as HTMLInputElement).value.trim();

step('quote', async () => {
  route = await need().request({
    method: 'route',
    params: {
      source_asset_chain_id: value('source-chain'),
      source_asset_denom: value('source-denom'),
      dest_asset_chain_id: value('dest-chain'),
      dest_asset_denom: value('dest-denom'),
      amount_in: value('amount'),
    },
  });
  $('quote-result').textContent = `${route.amount_in} → ${route.estimated_amount_out ?? route.amount_out} over ${route.chain_ids.join(' → ')}, ~${route.estimated_route_duration_seconds} s, ${route.txs_required} tx`;
  $('quote-result').dataset.ready = 'true';
});

// ───── 3. build, sign, submit ─────

type ChainInfo = { chain_id: string; bech32_prefix: string; fee_assets: { denom: string; gas_price?: { low?: string; average?: string } }[] };

async function chainInfo(chainIds: string[]): Promise<Map<string, ChainInfo>> {
  const res = await fetch(`${api}/v2/info/chains?chain_ids=${chainIds.map(encodeURIComponent).join(',')}`);
  const body = (await res.json()) as { chains: ChainInfo[] };
  return new Map(body.chains.map((c) => [c.chain_id, c]));
}

const wallets = new Map<string, Promise<DirectSecp256k1HdWallet>>();
function wallet(prefix: string): Promise<DirectSecp256k1HdWallet> {
  let w = wallets.get(prefix);
  if (!w) {
    w = DirectSecp256k1HdWallet.fromMnemonic(DEV_MNEMONIC, { prefix, hdPaths: [stringToPath(`m/44'/118'/0'/0/${ACCOUNT}`)] });
    wallets.set(prefix, w);
  }
  return w;
}
async function address(prefix: string): Promise<string> {
  return (await (await wallet(prefix)).getAccounts())[0]!.address;
}

step('build', async () => {
  if (!route) throw new Error('quote first');
  const chains = await chainInfo(route.required_chain_addresses);
  const addressList: string[] = [];
  for (const chainId of route.required_chain_addresses as string[]) {
    const info = chains.get(chainId);
    if (!info) throw new Error(`no chain data for ${chainId}`);
    addressList.push(await address(info.bech32_prefix));
  }
  const answer = await need().request({
    method: 'msgs',
    params: msgsRequestFor(route, addressList, '1'),
  });
  const tx = answer.txs?.[0]?.cosmos_tx;
  if (!tx) throw new Error('this demo signs one Cosmos transaction; the route needs something else');
  built = { chainId: tx.chain_id, signer: tx.signer_address, msgs: tx.msgs };
  $('signer').textContent = tx.signer_address;
  $('msgs').textContent = JSON.stringify(tx.msgs, null, 2);
  $('msgs').dataset.ready = 'true';
});

const registry = new Registry([
  [TRANSFER, MsgTransfer],
  [EXECUTE, MsgExecuteContract],
]);

step('submit', async () => {
  if (!built) throw new Error('build the messages first');
  const info = (await chainInfo([built.chainId])).get(built.chainId);
  if (!info) throw new Error(`no chain data for ${built.chainId}`);
  const account = (await (await fetch(`${api}/local/chains/${built.chainId}/accounts/${built.signer}`)).json()) as {
    account_number: string | number;
    sequence: string | number;
  };
  const feeAsset = info.fee_assets[0];
  if (!feeAsset) throw new Error(`${built.chainId} has no fee asset`);
  const fee = { denom: feeAsset.denom, amount: ceilTimes(GAS, feeAsset.gas_price?.average ?? feeAsset.gas_price?.low ?? '0') };

  const signer = await wallet(info.bech32_prefix);
  const [acct] = await signer.getAccounts();
  const bodyBytes = registry.encodeTxBody({ messages: built.msgs.map(toEncodeObject), memo: '' });
  const pubkey = { typeUrl: '/cosmos.crypto.secp256k1.PubKey', value: PubKey.encode({ key: acct!.pubkey }).finish() };
  const authInfoBytes = makeAuthInfoBytes([{ pubkey, sequence: BigInt(account.sequence) }], [fee], Number(GAS), undefined, undefined);
  const signDoc = makeSignDoc(bodyBytes, authInfoBytes, built.chainId, BigInt(account.account_number));
  const { signed, signature } = await signer.signDirect(acct!.address, signDoc);
  const tx = toBase64(
    TxRaw.encode(
      TxRaw.fromPartial({ bodyBytes: signed.bodyBytes, authInfoBytes: signed.authInfoBytes, signatures: [fromBase64(signature.signature)] }),
    ).finish(),
  );

  const answer = await need().request({ method: 'submit', params: { tx, chain_id: built.chainId } });
  txHash = answer.tx_hash;
  $('tx-hash').textContent = answer.tx_hash;
  $('tx-hash').dataset.ready = 'true';
});

/** ceil(gas × price) for a decimal price string, in integers only. */
function ceilTimes(gas: bigint, price: string): string {
  const [whole = '0', frac = ''] = price.split('.');
  const scale = 10n ** BigInt(frac.length);
  const numerator = gas * BigInt(whole + frac);
  return ((numerator + scale - 1n) / scale).toString();
}

/** The msgs endpoint's `{ msg: <JSON text>, msg_type_url }` → a protobuf message to sign. */
function toEncodeObject(m: { msg: string; msg_type_url: string }): EncodeObject {
  const j = JSON.parse(m.msg) as Record<string, any>;
  if (m.msg_type_url === TRANSFER) {
    // The timestamp is a 19-digit JSON number: read its digits from the text, not the double.
    const exact = /"timeout_timestamp"\s*:\s*"?(\d+)"?/.exec(m.msg)?.[1] ?? '0';
    return {
      typeUrl: TRANSFER,
      value: MsgTransfer.fromPartial({
        sourcePort: j.source_port,
        sourceChannel: j.source_channel,
        token: { denom: j.token.denom, amount: j.token.amount },
        sender: j.sender,
        receiver: j.receiver,
        timeoutHeight: {
          revisionNumber: BigInt(j.timeout_height?.revision_number ?? 0),
          revisionHeight: BigInt(j.timeout_height?.revision_height ?? 0),
        },
        timeoutTimestamp: BigInt(exact),
        memo: typeof j.memo === 'string' ? j.memo : '',
      }),
    };
  }
  if (m.msg_type_url === EXECUTE) {
    return {
      typeUrl: EXECUTE,
      value: MsgExecuteContract.fromPartial({
        sender: j.sender,
        contract: j.contract,
        // The contract message's own bytes, numbers exact: cut it out of the JSON text.
        msg: toUtf8(memberText(m.msg, 'msg') ?? JSON.stringify(j.msg)),
        funds: (j.funds ?? []).map((c: { denom: string; amount: string }) => ({ denom: c.denom, amount: c.amount })),
      }),
    };
  }
  throw new Error(`this demo cannot sign ${m.msg_type_url}`);
}

/** The raw text of a top-level member of a JSON object text (strings and nesting skipped properly). */
function memberText(text: string, key: string): string | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      const name = text.slice(i + 1, j);
      i = j;
      if (depth === 1 && name === key) {
        let k = j + 1;
        while (/\s/.test(text[k] ?? '')) k++;
        if (text[k] !== ':') continue;
        k++;
        while (/\s/.test(text[k] ?? '')) k++;
        return valueText(text, k);
      }
    } else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
  }
  return undefined;
}

function valueText(text: string, start: number): string {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      if (depth === 0) return text.slice(start, i + 1);
    } else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      if (depth === 0) return text.slice(start, i);
      depth--;
      if (depth === 0) return text.slice(start, i + 1);
    } else if (depth === 0 && c === ',') return text.slice(start, i).trim();
  }
  return text.slice(start).trim();
}

// ───── 4. status ─────

function onStatus(event: { tx_hash: string; chain_id: string; state: string | null }): void {
  if (txHash && event.tx_hash.toUpperCase() !== txHash.toUpperCase()) return;
  const item = document.createElement('li');
  item.textContent = event.state ?? '(registered, no status yet)';
  item.dataset.state = event.state ?? '';
  $('events').append(item);
  if (event.state && TERMINAL.has(event.state)) $('final-state').textContent = event.state;
}

step('tracked', async () => {
  $('tracked-list').textContent = JSON.stringify(await need().request({ method: 'tracked' }), null, 2);
});
