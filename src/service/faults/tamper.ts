/**
 * `tamper` faults: the service alters its own msgs / msgs_direct answer the way a compromised
 * API, proxy or dApp would, so that a client's verification can be proved to catch it. Each
 * mode changes one thing in the first message it applies to and keeps `txs` and `msgs` in step
 * (an attacker who rewrites one list rewrites both). Pure: the answer object is edited in place.
 */
import { fromBase64, toBase64 } from '@cosmjs/encoding';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { encodeBase58, leftPad32 } from '../../chains/addresses';
import {
  CALL_CONTRACT_WITH_TOKEN_SIGNATURE,
  SEND_TOKEN_SIGNATURE,
  callContractWithTokenCalldata,
  decodeCallContractWithToken,
  decodeSendToken,
  sendTokenCalldata,
} from '../bridges/axelar/calldata';
import { DEPOSIT_FOR_BURN_SIGNATURE, REQUEST_CCTP_TRANSFER_SIGNATURE } from '../bridges/cctp/calldata';
import { CCTP_TOKEN_MESSENGER_MINTER_PROGRAM, decodeDepositForBurnData, decodeSvmTx, depositForBurnData, encodeSvmTx, toSvmMessage, u64le } from '../bridges/cctp/svm';
import { HANDLER_TRANSFER_SELECTOR, decodeHandlerTransfer, handlerTransferCalldata } from '../bridges/eureka/calldata';
import { SUBMIT_ORDER_SIGNATURE, decodeSubmitOrder, submitOrderCalldata } from '../bridges/go-fast/calldata';
import { TRANSFER_REMOTE_SELECTOR } from '../bridges/hyperlane/message';
import { functionSelector, splitCalldata } from '../msgs/abi';
import { OFT_SEND_SELECTOR, decodeOftSend, encodeOftSend } from '../msgs/oft';
import type { TamperMode } from './tamper-modes';
import { ATTACKER_BYTES, TAMPER_EVM_ADDRESS, attackerAddressLike } from './attacker';
import { ANSWER_ATTACKS, substituteRoute } from './tamper-attacks';
import { tamperGmpPayloadRecipient } from './tamper-gmp';
import { tamperSvmLookupTable } from './tamper-lookup-table';

export { TAMPER_MODES, type TamperMode } from './tamper-modes';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined);

export { TAMPER_EVM_ADDRESS, attackerAddressLike } from './attacker';

interface CosmosMsg {
  msg: string;
  msg_type_url: string;
}

/** Alters a msgs / msgs_direct answer; false when the mode finds nothing to alter. */
export function tamperAnswer(answer: unknown, mode: TamperMode): boolean {
  const body = obj(answer);
  if (body && mode === 'route_substitution') return substituteRoute(body);
  const txs = Array.isArray(body?.txs) ? (body.txs as Obj[]) : undefined;
  if (!body || !txs) return false;
  const attack = ANSWER_ATTACKS[mode];
  const changed = attack ? attack(body, txs) : tamperTxs(txs, mode);
  if (changed) body.msgs = msgsOf(txs);
  return changed;
}

/** `msgs` as the builder derives it from `txs`. */
function msgsOf(txs: readonly Obj[]): Obj[] {
  return txs.flatMap((tx): Obj[] => {
    const cosmos = obj(tx.cosmos_tx);
    if (cosmos) {
      return (cosmos.msgs as CosmosMsg[]).map((m) => ({ multi_chain_msg: { chain_id: cosmos.chain_id, path: cosmos.path, msg: m.msg, msg_type_url: m.msg_type_url } }));
    }
    if (tx.evm_tx) return [{ evm_tx: tx.evm_tx }];
    if (tx.svm_tx) return [{ svm_tx: tx.svm_tx }];
    return [];
  });
}

function tamperTxs(txs: Obj[], mode: TamperMode): boolean {
  if (mode === 'extra_msg') return addMessage(txs);
  for (const tx of txs) {
    const cosmos = obj(tx.cosmos_tx);
    const evm = obj(tx.evm_tx);
    const svm = obj(tx.svm_tx);
    if (svm && (mode === 'svm_lookup_table' ? tamperSvmLookupTable(svm) : tamperSvm(svm, mode))) return true;
    if (cosmos) {
      for (const m of cosmos.msgs as CosmosMsg[]) {
        const parsed = JSON.parse(m.msg) as Obj;
        if (tamperCosmos(parsed, m.msg_type_url, mode)) {
          m.msg = JSON.stringify(parsed);
          return true;
        }
      }
    } else if (evm && tamperEvm(evm, mode)) return true;
  }
  return false;
}

// ─────────────────────────────── Cosmos ───────────────────────────────

function tamperCosmos(m: Obj, typeUrl: string, mode: TamperMode): boolean {
  const type = typeUrl.split('.').pop();
  if (type === 'MsgInitiateTokenDeposit' || type === 'MsgInitiateTokenWithdrawal') return tamperOpinit(m, mode);
  switch (mode) {
    case 'recipient':
      if (type === 'MsgTransfer') return replace(m, 'receiver');
      if (type === 'MsgDepositForBurn') return replaceMintRecipient(m);
      if (type === 'LinkRequest') return replace(m, 'recipient_addr');
      if (type === 'MsgExecuteContract') return editInner(m, (msg) => editDeepest(msg, 'recipient'));
      if (type === 'MsgRemoteTransfer') return (m.recipient = `0x${bytesToHex(leftPad32(ATTACKER_BYTES))}`), true;
      return false;
    case 'memo_recipient':
      if (type === 'MsgTransfer') return editMemoField(m, 'memo', (memo) => editDeepest(memo, 'recipient'));
      if (type === 'MsgExecuteContract') return editInner(m, (msg) => editDeepest(msg, 'recipient'));
      return false;
    case 'amount':
      if (type === 'MsgTransfer') return bump(obj(m.token), 'amount');
      if (type === 'MsgDepositForBurn') return bump(m, 'amount');
      if (type === 'MsgExecuteContract') return bump(obj((m.funds as Obj[])[0]), 'amount');
      if (type === 'MsgSend') return bump(obj((m.amount as Obj[])[0]), 'amount');
      if (type === 'MsgRemoteTransfer') return bump(m, 'amount');
      return false;
    case 'denom':
      if (type === 'MsgTransfer') return redenom(obj(m.token));
      if (type === 'MsgDepositForBurn') return (m.burn_token = `${String(m.burn_token)}x`), true;
      if (type === 'MsgExecuteContract') return redenom(obj((m.funds as Obj[])[0]));
      // a warp transfer names its asset by the router's token id
      if (type === 'MsgRemoteTransfer') return (m.token_id = `0x${bytesToHex(sha256(ATTACKER_BYTES))}`), true;
      return false;
    case 'min_out':
      if (type === 'MsgExecuteContract') return editInner(m, lowerMinimum);
      if (type === 'MsgTransfer') return editMemoField(m, 'memo', lowerMinimum);
      return false;
    case 'gmp_payload_recipient':
      return type === 'MsgTransfer' && editMemoField(m, 'memo', tamperGmpPayloadRecipient);
    default:
      return false;
  }
}

/** OPInit's deposit and withdrawal: the L1 or rollup receiver `to`, and the `amount` coin. */
function tamperOpinit(m: Obj, mode: TamperMode): boolean {
  if (mode === 'recipient') return replace(m, 'to');
  if (mode === 'amount') return bump(obj(m.amount), 'amount');
  if (mode === 'denom') return redenom(obj(m.amount));
  return false;
}

function replace(o: Obj | undefined, key: string): boolean {
  if (!o || typeof o[key] !== 'string' || o[key] === '') return false;
  o[key] = attackerAddressLike(o[key]);
  return true;
}

function bump(o: Obj | undefined, key: string): boolean {
  if (!o || typeof o[key] !== 'string') return false;
  o[key] = (BigInt(o[key]) * 2n + 1n).toString();
  return true;
}

function redenom(coin: Obj | undefined): boolean {
  if (!coin || typeof coin.denom !== 'string') return false;
  coin.denom = coin.denom === 'uatom' ? 'uosmo' : 'uatom';
  return true;
}

/** The attacker's CCTP mint recipient shaped like `honest`: a left-padded EVM address, or 32 bytes. */
const attackerMintRecipient = (honest: Uint8Array): Uint8Array => (honest.slice(0, 12).every((b) => b === 0) ? leftPad32(ATTACKER_BYTES) : sha256(ATTACKER_BYTES));

function replaceMintRecipient(m: Obj): boolean {
  m.mint_recipient = toBase64(attackerMintRecipient(fromBase64(String(m.mint_recipient))));
  return true;
}

/** Edits the entry point's execute message of a MsgExecuteContract. */
function editInner(m: Obj, edit: (msg: Obj) => boolean): boolean {
  const msg = obj(m.msg);
  return msg ? edit(msg) : false;
}

/** Edits a memo held as a JSON string in `o[key]`. */
function editMemoField(o: Obj, key: string, edit: (memo: Obj) => boolean): boolean {
  if (typeof o[key] !== 'string' || o[key] === '') return false;
  let memo: Obj | undefined;
  try {
    memo = obj(JSON.parse(o[key]));
  } catch {
    return false;
  }
  if (!memo || !edit(memo)) return false;
  o[key] = JSON.stringify(memo);
  return true;
}

/**
 * The final receiver inside a memo or an entry-point message: the last forward's receiver,
 * a swap's bank_send / ibc_transfer receiver (followed into its memo), or Axelar's destination.
 */
function editDeepest(v: Obj, _what: 'recipient'): boolean {
  const forward = obj(v.forward);
  if (forward) {
    const next = forward.next;
    if (obj(next) && editDeepest(next as Obj, 'recipient')) return true;
    if (typeof next === 'string' && editMemoField(forward, 'next', (n) => editDeepest(n, 'recipient'))) return true;
    return replace(forward, 'receiver');
  }
  const wasm = obj(v.wasm);
  if (wasm) return obj(wasm.msg) ? editDeepest(wasm.msg as Obj, 'recipient') : false;
  // the entry point's swap_and_action ends in post_swap_action; its action (no swap) in action
  const sa = obj(v.swap_and_action);
  const entry = sa ? { action: obj(sa.post_swap_action) } : obj(v.action) ? { action: obj(obj(v.action)?.action) } : undefined;
  if (entry) {
    const action = entry.action;
    const bank = obj(action?.bank_send);
    if (bank) return replace(bank, 'to_address');
    const ibc = obj(obj(action?.ibc_transfer)?.ibc_info);
    if (ibc) return editMemoField(ibc, 'memo', (n) => editDeepest(n, 'recipient')) || replace(ibc, 'receiver');
    return false;
  }
  if (typeof v.destination_address === 'string') return replace(v, 'destination_address');
  if (obj(v.autopilot)) return replace(obj(v.autopilot), 'receiver');
  return false;
}

/** min_asset of the first swap found (in a message, a memo, or a memo inside a memo) cut to half. */
function lowerMinimum(v: Obj): boolean {
  const sa = obj(v.swap_and_action);
  if (sa) {
    const min = obj(obj(sa.min_asset)?.native);
    if (!min || typeof min.amount !== 'string') return false;
    min.amount = (BigInt(min.amount) / 2n).toString();
    return true;
  }
  const forward = obj(v.forward);
  if (forward) {
    if (obj(forward.next)) return lowerMinimum(forward.next as Obj);
    return typeof forward.next === 'string' && editMemoField(forward, 'next', lowerMinimum);
  }
  const wasm = obj(v.wasm);
  return wasm && obj(wasm.msg) ? lowerMinimum(wasm.msg as Obj) : false;
}

function addMessage(txs: Obj[]): boolean {
  for (const tx of txs) {
    const cosmos = obj(tx.cosmos_tx);
    if (cosmos && typeof cosmos.signer_address === 'string') {
      const from = cosmos.signer_address;
      (cosmos.msgs as CosmosMsg[]).push({
        msg: JSON.stringify({ from_address: from, to_address: attackerAddressLike(from), amount: [{ denom: firstDenom(cosmos.msgs as CosmosMsg[]), amount: '1000000' }] }),
        msg_type_url: '/cosmos.bank.v1beta1.MsgSend',
      });
      return true;
    }
    const svm = obj(tx.svm_tx);
    if (svm && tamperSvm(svm, 'extra_msg')) return true;
    const evm = obj(tx.evm_tx);
    if (evm) {
      // an ERC-20 transfer of the approved token to the attacker, signed along with the route
      const token = String(obj((evm.required_erc20_approvals as Obj[] | undefined)?.[0])?.token_contract ?? TAMPER_EVM_ADDRESS);
      const data = functionSelector('transfer(address,uint256)') + bytesToHex(leftPad32(hexBytes(TAMPER_EVM_ADDRESS))) + (1_000_000n).toString(16).padStart(64, '0');
      txs.push({ evm_tx: { ...evm, to: token, value: '0', data, required_erc20_approvals: [] }, operations_indices: [] });
      return true;
    }
  }
  return false;
}

function firstDenom(msgs: readonly CosmosMsg[]): string {
  for (const m of msgs) {
    const body = JSON.parse(m.msg) as Obj;
    const denom = obj(body.token)?.denom ?? obj((body.funds as Obj[] | undefined)?.[0])?.denom ?? body.burn_token ?? body.asset;
    if (typeof denom === 'string') return denom;
  }
  return 'uatom';
}

// ─────────────────────────────── EVM ───────────────────────────────

const hexBytes = (hex: string): Uint8Array => Uint8Array.from(hex.replace(/^0x/, '').match(/../g)!.map((b) => parseInt(b, 16)));

function tamperEvm(evm: Obj, mode: TamperMode): boolean {
  const data = String(evm.data ?? '');
  const approvals = (evm.required_erc20_approvals as Obj[] | undefined) ?? [];
  if (mode === 'approval') {
    if (approvals.length === 0) return false;
    approvals[0]!.amount = (BigInt(String(approvals[0]!.amount)) * 2n + 1n).toString();
    return true;
  }
  const selector = data.slice(0, 10);
  const cctp = selector === functionSelector(DEPOSIT_FOR_BURN_SIGNATURE) || selector === functionSelector(REQUEST_CCTP_TRANSFER_SIGNATURE);
  if (cctp) {
    const { words } = splitCalldata(data);
    if (mode === 'recipient') words[2] = words[2]!.startsWith('0'.repeat(24)) ? bytesToHex(leftPad32(ATTACKER_BYTES)) : bytesToHex(sha256(ATTACKER_BYTES));
    else if (mode === 'amount') words[0] = (BigInt(`0x${words[0]}`) * 2n + 1n).toString(16).padStart(64, '0');
    else if (mode === 'denom') {
      words[3] = bytesToHex(leftPad32(hexBytes(TAMPER_EVM_ADDRESS)));
      if (approvals[0]) approvals[0].token_contract = TAMPER_EVM_ADDRESS;
    } else return false;
    evm.data = selector + words.join('');
    return true;
  }
  if (selector === functionSelector(SUBMIT_ORDER_SIGNATURE)) return tamperGoFastOrder(evm, approvals, mode);
  if (selector === HANDLER_TRANSFER_SELECTOR) return tamperEurekaTransfer(evm, approvals, mode);
  if (selector === TRANSFER_REMOTE_SELECTOR) {
    // a warp token's transferRemote(domain, recipient, amount): the asset is the contract itself, so `denom` has nothing to change
    const { words } = splitCalldata(data);
    if (mode === 'recipient') words[1] = bytesToHex(leftPad32(ATTACKER_BYTES));
    else if (mode === 'amount') words[2] = (BigInt(`0x${words[2]}`) * 2n + 1n).toString(16).padStart(64, '0');
    else return false;
    evm.data = selector + words.join('');
    return true;
  }
  if (selector === functionSelector(SEND_TOKEN_SIGNATURE)) {
    const a = decodeSendToken(data);
    if (mode === 'recipient') evm.data = sendTokenCalldata({ ...a, destinationAddress: attackerAddressLike(a.destinationAddress) });
    else if (mode === 'amount') evm.data = sendTokenCalldata({ ...a, amount: a.amount * 2n + 1n });
    else if (mode === 'denom' && approvals[0]) approvals[0].token_contract = TAMPER_EVM_ADDRESS;
    else return false;
    return true;
  }
  if (selector === functionSelector(CALL_CONTRACT_WITH_TOKEN_SIGNATURE)) {
    const a = decodeCallContractWithToken(data);
    const rewrite = (memo: string) => callContractWithTokenCalldata({ ...a, payload: new Uint8Array([...a.payload.slice(0, 4), ...utf8ToBytes(memo)]) });
    if (mode === 'amount') evm.data = callContractWithTokenCalldata({ ...a, amount: a.amount * 2n + 1n });
    else if (mode === 'denom' && approvals[0]) approvals[0].token_contract = TAMPER_EVM_ADDRESS;
    else if ((mode === 'recipient' || mode === 'memo_recipient' || mode === 'min_out') && a.memo !== undefined) {
      const holder: Obj = { memo: a.memo };
      if (!editMemoField(holder, 'memo', mode === 'min_out' ? lowerMinimum : (m) => editDeepest(m, 'recipient'))) return false;
      evm.data = rewrite(String(holder.memo));
    } else return false;
    return true;
  }
  if (selector === OFT_SEND_SELECTOR) return tamperOftSend(evm, mode, approvals);
  return false;
}

/** Go Fast's submitOrder: the recipient, amountIn, the approved token, or what its payload runs after the fill (a swap, or an IBC transfer onward). */
function tamperGoFastOrder(evm: Obj, approvals: Obj[], mode: TamperMode): boolean {
  const order = decodeSubmitOrder(String(evm.data));
  const payload = order.data.length > 0 ? obj(JSON.parse(new TextDecoder().decode(order.data))) : undefined;
  const swap = obj(payload?.swap_and_action_with_recover);
  const onward = obj(payload?.action_with_recover);
  if (mode === 'recipient') order.recipient = order.data.length > 0 ? sha256(ATTACKER_BYTES) : leftPad32(ATTACKER_BYTES);
  else if (mode === 'amount') order.amountIn = order.amountIn * 2n + 1n;
  else if (mode === 'denom' && approvals[0]) approvals[0].token_contract = TAMPER_EVM_ADDRESS;
  else if ((mode === 'memo_recipient' || mode === 'min_out') && swap) {
    // the payload is the entry point's swap_and_action with a recovery address
    const held: Obj = { swap_and_action: swap };
    if (!(mode === 'min_out' ? lowerMinimum(held) : editDeepest(held, 'recipient'))) return false;
    order.data = utf8ToBytes(JSON.stringify({ swap_and_action_with_recover: held.swap_and_action }));
  } else if (mode === 'memo_recipient' && onward) {
    // an IBC transfer onward from the fill, without a swap: the entry point's action
    const held: Obj = { action: onward };
    if (!editDeepest(held, 'recipient')) return false;
    order.data = utf8ToBytes(JSON.stringify({ action_with_recover: held.action }));
  } else return false;
  evm.data = submitOrderCalldata(order);
  return true;
}

/** Eureka's EurekaHandler.transfer: the recipient, the amount, the token, or what its memo does on the Hub. */
function tamperEurekaTransfer(evm: Obj, approvals: Obj[], mode: TamperMode): boolean {
  const t = decodeHandlerTransfer(String(evm.data));
  if (mode === 'recipient') t.recipient = attackerAddressLike(t.recipient);
  else if (mode === 'amount') t.amount = t.amount * 2n + 1n;
  else if (mode === 'denom') {
    t.token = TAMPER_EVM_ADDRESS;
    if (approvals[0]) approvals[0].token_contract = TAMPER_EVM_ADDRESS;
  } else if (mode === 'memo_recipient' || mode === 'min_out') {
    const holder: Obj = { memo: t.memo };
    if (!editMemoField(holder, 'memo', mode === 'min_out' ? lowerMinimum : (m) => editDeepest(m, 'recipient'))) return false;
    t.memo = String(holder.memo);
  } else return false;
  evm.data = handlerTransferCalldata(t);
  return true;
}

/** A Stargate pool's or an OFT's send: its receiver, amount and minimum, and the approved token. */
function tamperOftSend(evm: Obj, mode: TamperMode, approvals: Obj[]): boolean {
  const call = decodeOftSend(String(evm.data));
  const p = call.sendParam;
  if (mode === 'recipient') p.to = leftPad32(ATTACKER_BYTES);
  else if (mode === 'amount') p.amountLD = p.amountLD * 2n + 1n;
  // a minimum of a few base units has no room below it that a slippage percentage tells apart
  else if (mode === 'min_out' && p.minAmountLD >= 100n) p.minAmountLD /= 2n;
  else if (mode === 'denom' && approvals[0]) approvals[0].token_contract = TAMPER_EVM_ADDRESS;
  else return false;
  evm.data = encodeOftSend(call, (address) => leftPad32(hexBytes(address)));
  return true;
}

// ─────────────────────────────── Solana ───────────────────────────────

/** The System program and its Transfer instruction (u32 tag 2, then lamports u64). */
const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const SYSTEM_TRANSFER = Uint8Array.of(2, 0, 0, 0);

/**
 * A Solana CCTP burn, re-encoded: deposit_for_burn's mint recipient or amount, or a SOL transfer
 * from the owner to the attacker appended (extra_msg). Its other modes have nothing to alter
 * (no memo, no minimum, no approval; the mint is an account the simulator checks).
 */
function tamperSvm(svm: Obj, mode: TamperMode): boolean {
  if (mode !== 'recipient' && mode !== 'amount' && mode !== 'extra_msg') return false;
  const message = toSvmMessage(decodeSvmTx(String(svm.tx)));
  const { instructions } = message;
  const burn = instructions.find((ix) => ix.programId === CCTP_TOKEN_MESSENGER_MINTER_PROGRAM);
  if (!burn) return false;
  if (mode === 'extra_msg') {
    const owner = burn.accounts[0]!.address;
    instructions.push({
      programId: SYSTEM_PROGRAM,
      accounts: [
        { address: owner, signer: true, writable: true },
        { address: encodeBase58(sha256(ATTACKER_BYTES)), signer: false, writable: true },
      ],
      data: Uint8Array.from([...SYSTEM_TRANSFER, ...u64le(1_000_000_000n)]),
    });
  } else {
    const d = decodeDepositForBurnData(burn.data);
    if (mode === 'amount') d.amount = d.amount * 2n + 1n;
    else d.mintRecipient = attackerMintRecipient(d.mintRecipient);
    burn.data = depositForBurnData(d);
  }
  svm.tx = encodeSvmTx(message);
  return true;
}
