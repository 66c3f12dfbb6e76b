/**
 * The attacks of "verify, held to the request", as `tamper` modes: each rewrites a whole answer
 * the way a lying API (or a proxy in front of it) would to get around a check that looks only at
 * one message. They edit in place and say whether they found something to attack; tamper.ts
 * rebuilds `msgs` from `txs` afterwards.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { leftPad32 } from '../../chains/addresses';
import { functionSelector } from '../msgs/abi';
import { TAMPER_EVM_ADDRESS, attackerAddressLike, attackerContractLike } from './attacker';
import type { TamperMode } from './tamper-modes';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined);

interface CosmosMsg {
  msg: string;
  msg_type_url: string;
}

/** Uniswap's Permit2, at the same address on every EVM chain (github.com/Uniswap/permit2, deployments). */
const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3';
/** An operation kind no version of the API has: what a renamed operation is called. */
export const UNKNOWN_OPERATION_KIND = 'teleport_transfer';
/** The token a substituted route really delivers (no chain has it: the point is that it is not the one asked for). */
export const SUBSTITUTE_DENOM = `ibc/${bytesToHex(sha256(utf8ToBytes('courier-sim/tamper/substitute'))).toUpperCase()}`;

const word = (hex: string) => hex.replace(/^0x/, '').toLowerCase().padStart(64, '0');
const hexBytes = (hex: string): Uint8Array => Uint8Array.from(hex.replace(/^0x/, '').match(/../g)!.map((b) => parseInt(b, 16)));

const cosmosTxs = (txs: readonly Obj[]) => txs.map((tx) => obj(tx.cosmos_tx)).filter((c): c is Obj => c !== undefined && Array.isArray(c.msgs));
const evmTxs = (txs: readonly Obj[]) => txs.map((tx) => obj(tx.evm_tx)).filter((e): e is Obj => e !== undefined);

/** The first coin a Cosmos transaction moves out of its signer: an IBC transfer's token or a contract call's funds. */
function coinOf(m: CosmosMsg): Obj | undefined {
  const body = JSON.parse(m.msg) as Obj;
  return obj(body.token) ?? obj((body.funds as Obj[] | undefined)?.[0]) ?? obj((body.amount as Obj[] | undefined)?.[0]);
}

/**
 * `unknown_operation`: the route's first operation renamed to a kind Courier does not know, and a
 * bank send of the user's funds to the attacker signed with it (only a msgs_direct answer embeds
 * the route the messages are checked against).
 */
function renameOperation(body: Obj, txs: Obj[]): boolean {
  const operations = obj(body.route)?.operations;
  const first = Array.isArray(operations) ? obj(operations[0]) : undefined;
  const kind = first && Object.keys(first).find((k) => obj(first[k]) !== undefined && 'from_chain_id' in obj(first[k])!);
  const cosmos = cosmosTxs(txs)[0];
  if (!first || !kind || !cosmos || typeof cosmos.signer_address !== 'string') return false;
  first[UNKNOWN_OPERATION_KIND] = first[kind];
  delete first[kind];
  const msgs = cosmos.msgs as CosmosMsg[];
  const coin = msgs.map(coinOf).find((c) => typeof c?.denom === 'string');
  msgs.push({
    msg: JSON.stringify({ from_address: cosmos.signer_address, to_address: attackerAddressLike(cosmos.signer_address), amount: [{ denom: coin?.denom ?? 'uatom', amount: '1000000' }] }),
    msg_type_url: '/cosmos.bank.v1beta1.MsgSend',
  });
  return true;
}

/** The first object (depth first) holding one of `keys` as a string, with that key. */
function findKeyed(v: unknown, keys: readonly string[], depth = 0): { holder: Obj; key: string } | undefined {
  const o = obj(v);
  if (!o || depth > 32) return undefined;
  for (const key of keys) if (typeof o[key] === 'string' && o[key] !== '') return { holder: o, key };
  for (const value of Object.values(o)) {
    const found = findKeyed(value, keys, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * `memo_key_case`: beside a memo's receiver (or the contract its wasm call names), the same key in
 * capitals naming the attacker. JSON.parse keeps the first for Courier; a chain module that decodes
 * like Go (case-insensitive, last wins) takes the second.
 */
function caseCollidingKey(_body: Obj, txs: Obj[]): boolean {
  for (const cosmos of cosmosTxs(txs)) {
    for (const m of cosmos.msgs as CosmosMsg[]) {
      if (!m.msg_type_url.endsWith('.MsgTransfer')) continue;
      const transfer = JSON.parse(m.msg) as Obj;
      if (typeof transfer.memo !== 'string' || !transfer.memo.startsWith('{')) continue;
      const memo = JSON.parse(transfer.memo) as Obj;
      const found = findKeyed(memo, ['receiver', 'contract', 'to_address', 'destination_address']);
      if (!found) continue;
      const { holder, key } = found;
      holder[key.toUpperCase()] = attackerAddressLike(String(holder[key]));
      transfer.memo = JSON.stringify(memo);
      m.msg = JSON.stringify(transfer);
      return true;
    }
  }
  return false;
}

/** `native_send`: a plain transfer of the chain's gas token to the attacker, signed beside the route's EVM transaction. */
function nativeSend(_body: Obj, txs: Obj[]): boolean {
  const evm = evmTxs(txs)[0];
  if (!evm) return false;
  txs.push({ evm_tx: { ...evm, to: TAMPER_EVM_ADDRESS, value: '1000000000000000000', data: '', required_erc20_approvals: [] }, operations_indices: [] });
  return true;
}

/**
 * `unknown_contract`: the route's IBC transfer replaced by a call to the attacker's contract that
 * carries the same funds (same amount: only where the value goes changes).
 */
function unknownContract(_body: Obj, txs: Obj[]): boolean {
  for (const cosmos of cosmosTxs(txs)) {
    const msgs = cosmos.msgs as CosmosMsg[];
    const at = msgs.findIndex((m) => m.msg_type_url.endsWith('.MsgTransfer'));
    // a transaction that already calls a contract (a swap's entry point) has a role for one: the plain leg is the attack
    if (at < 0 || msgs.some((m) => m.msg_type_url.endsWith('.MsgExecuteContract'))) continue;
    const transfer = JSON.parse(msgs[at]!.msg) as Obj;
    const sender = String(transfer.sender ?? '');
    msgs[at] = {
      msg: JSON.stringify({ sender, contract: attackerContractLike(sender), msg: { deposit: {} }, funds: [transfer.token] }),
      msg_type_url: '/cosmwasm.wasm.v1.MsgExecuteContract',
    };
    return true;
  }
  return false;
}

/**
 * `permit2`: beside the route's EVM transaction, Permit2's `approve(token, attacker, max, 0)`:
 * with the ERC-20 approval to Permit2 most wallets already hold, the attacker may pull the token
 * at any time.
 */
function permit2Approval(_body: Obj, txs: Obj[]): boolean {
  const evm = evmTxs(txs)[0];
  if (!evm) return false;
  const token = String(obj((evm.required_erc20_approvals as Obj[] | undefined)?.[0])?.token_contract ?? TAMPER_EVM_ADDRESS);
  const data =
    functionSelector('approve(address,address,uint160,uint48)') +
    word(bytesToHex(leftPad32(hexBytes(token)))) +
    word(TAMPER_EVM_ADDRESS) +
    word(((1n << 160n) - 1n).toString(16)) +
    word('0');
  txs.push({ evm_tx: { ...evm, to: PERMIT2, value: '0', data, required_erc20_approvals: [] }, operations_indices: [] });
  return true;
}

/**
 * `direct_amount`: a msgs_direct answer for a hundred times the amount asked: the embedded route
 * and the first message both move it, so the messages agree with the route they came with.
 */
function inflateDirect(body: Obj, txs: Obj[]): boolean {
  const route = obj(body.route);
  if (!route || typeof route.amount_in !== 'string') return false;
  const coin = cosmosTxs(txs)
    .flatMap((c) => (c.msgs as CosmosMsg[]).map((m) => ({ m, body: JSON.parse(m.msg) as Obj })))
    .find(({ body: b }) => obj(b.token) ?? obj((b.funds as Obj[] | undefined)?.[0]));
  if (!coin) return false;
  const times100 = (v: unknown) => (BigInt(String(v)) * 100n).toString();
  const held = obj(coin.body.token) ?? obj((coin.body.funds as Obj[])[0])!;
  held.amount = times100(held.amount);
  coin.m.msg = JSON.stringify(coin.body);
  route.amount_in = times100(route.amount_in);
  const first = Array.isArray(route.operations) ? obj(route.operations[0]) : undefined;
  if (first && typeof first.amount_in === 'string') first.amount_in = times100(first.amount_in);
  return true;
}

/**
 * `route_substitution`, on a /route answer: the route's last operation delivers another token than
 * the one asked for, while the route still names the asked one as its destination (what the
 * popup would show as "You receive").
 */
export function substituteRoute(body: Obj): boolean {
  const operations = Array.isArray(body.operations) ? body.operations.map(obj) : [];
  const last = operations[operations.length - 1];
  const kind = last && Object.keys(last).find((k) => obj(last[k]) !== undefined);
  const op = kind ? obj(last![kind]) : undefined;
  if (!op) return false;
  const swap = obj(op.swap_in) ?? obj(op.swap_out);
  const legs = Array.isArray(swap?.swap_operations) ? (swap.swap_operations as Obj[]) : [];
  if (legs.length > 0) legs[legs.length - 1]!.denom_out = SUBSTITUTE_DENOM;
  op.denom_out = SUBSTITUTE_DENOM;
  if ('dest_denom' in op) op.dest_denom = SUBSTITUTE_DENOM;
  return true;
}

/** The modes that rewrite a whole msgs / msgs_direct answer (the others alter one message: tamper.ts). */
export const ANSWER_ATTACKS: Partial<Record<TamperMode, (body: Obj, txs: Obj[]) => boolean>> = {
  unknown_operation: renameOperation,
  memo_key_case: caseCollidingKey,
  native_send: nativeSend,
  unknown_contract: unknownContract,
  permit2: permit2Approval,
  direct_amount: inflateDirect,
};
