/**
 * Cosmos messages (`{msg: <JSON string>, msg_type_url}`) and the memos inside them: every
 * packet is followed hop by hop (PFM `forward`, ibc-hooks `wasm` to the swap entry point and its
 * post-swap action, Axelar GMP, Stride autopilot) to where the value finally lands.
 */
import { fromBase64 } from '@cosmjs/encoding';
import { decodeBase58, decodeBech32, evmAddressBytes } from '../chains/addresses';
import type { Checker } from './context';
import { AXELAR_CHAIN_ID, AXELAR_FEE_RECIPIENT, CCTP_DOMAINS, axelarDepositAddress, cctpRelayerAccount, sameAddress } from './contracts';
import { productionContracts } from './production-contracts';
import type { Step } from './route';
import { checkAxelarGmpDestination } from './bridges/axelar-gmp';
import { eurekaMsg } from './bridges/eureka';
import { hyperlaneMsg, hyperlaneOutflow } from './bridges/hyperlane';
import { checkOpinitMsg, opinitOutflow } from './bridges/opinit';

export const TYPE_URLS = {
  transfer: '/ibc.applications.transfer.v1.MsgTransfer',
  execute: '/cosmwasm.wasm.v1.MsgExecuteContract',
  depositForBurn: '/circle.cctp.v1.MsgDepositForBurn',
  /** The same burn naming who may mint on the destination (circlefin/noble-cctp proto/circle/cctp/v1/tx.proto, field 6 `destination_caller`). */
  depositForBurnWithCaller: '/circle.cctp.v1.MsgDepositForBurnWithCaller',
  send: '/cosmos.bank.v1beta1.MsgSend',
  linkRequest: '/axelar.axelarnet.v1beta1.LinkRequest',
} as const;

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined);
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const uintOf = (v: unknown): bigint | undefined =>
  typeof v === 'string' && /^[0-9]+$/.test(v) ? BigInt(v) : typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? BigInt(v) : undefined;

export { parseJsonExact } from './json';

export interface CosmosMsgIn {
  msg: unknown;
  msg_type_url: unknown;
}

/** One Cosmos transaction as the bridge decoders (src/verify/bridges/) see it: each message's type URL and parsed body. */
export interface CosmosBridgeTx {
  types: readonly unknown[];
  bodies: readonly (Obj | undefined)[];
}

/** A bridge's messages, checked by its decoder in src/verify/bridges/ (true when the message was its own). */
const bridgeMsg = (c: Checker, chainId: string, type: string, body: Obj, tx: CosmosBridgeTx): boolean =>
  [eurekaMsg, hyperlaneMsg].some((check) => check(c, chainId, type, body, tx));

/** Checks the messages of one Cosmos transaction on `chainId`. */
export function checkCosmosTx(c: Checker, chainId: string, msgs: readonly CosmosMsgIn[]): void {
  const parsed = msgs.map((m, i) => {
    try {
      return typeof m.msg === 'string' ? obj(c.parseJson(m.msg, `message ${i}`)) : obj(m.msg);
    } catch {
      return undefined;
    }
  });
  checkOutflow(c, chainId, parsed, msgs);
  msgs.forEach((m, i) => {
    c.msgIndex = i;
    const body = parsed[i];
    const type = text(m.msg_type_url) ?? '(none)';
    if (!body) {
      c.report('unverified', `message ${i} (${type}) could not be read as JSON`);
      return;
    }
    if (bridgeMsg(c, chainId, type, body, { types: msgs.map((x) => x.msg_type_url), bodies: parsed })) return;
    switch (type) {
      case TYPE_URLS.transfer:
        return checkMsgTransfer(c, chainId, body);
      case TYPE_URLS.execute:
        return checkMsgExecute(c, chainId, body);
      case TYPE_URLS.depositForBurn:
      case TYPE_URLS.depositForBurnWithCaller:
        return checkDepositForBurn(c, chainId, body, parsed, type === TYPE_URLS.depositForBurnWithCaller);
      case TYPE_URLS.send:
        return checkMsgSend(c, chainId, body, msgs, parsed);
      case TYPE_URLS.linkRequest:
        return checkLinkRequest(c, chainId, body);
      default:
        if (checkOpinitMsg(c, chainId, type, body)) return;
        c.report('message_type', `a ${type} message on ${chainId} is not explained by any operation of the route`);
    }
  });
}

/** Everything the transaction moves out of the signer's account together, against what the route moves from there. */
function checkOutflow(c: Checker, chainId: string, parsed: readonly (Obj | undefined)[], msgs: readonly CosmosMsgIn[]): void {
  const expected = c
    .stepsFrom(chainId)
    .map((s) => c.expectedIn(s))
    .reduce<bigint | undefined>((max, x) => (x === undefined ? max : max === undefined || x > max ? x : max), undefined);
  if (expected === undefined) return;
  let total = 0n;
  parsed.forEach((body, i) => {
    if (!body) return;
    const coins = (v: unknown) => (Array.isArray(v) ? v.reduce<bigint>((sum, x) => sum + (uintOf(obj(x)?.amount) ?? 0n), 0n) : 0n);
    switch (msgs[i]!.msg_type_url) {
      case TYPE_URLS.transfer:
        total += uintOf(obj(body.token)?.amount) ?? 0n;
        break;
      case TYPE_URLS.execute:
        total += coins(body.funds);
        break;
      case TYPE_URLS.depositForBurn:
      case TYPE_URLS.depositForBurnWithCaller:
        total += uintOf(body.amount) ?? 0n;
        break;
      case TYPE_URLS.send:
        total += coins(body.amount);
        break;
      default:
        total += hyperlaneOutflow(msgs[i]!.msg_type_url, body) + (opinitOutflow(msgs[i]!.msg_type_url, body) ?? 0n);
    }
  });
  if (total > expected) {
    c.msgIndex = 0;
    c.report('amount', `in all, ${total} leaves your account in this transaction on ${chainId}, more than the ${expected} the route moves from there`);
  }
}

function checkMsgTransfer(c: Checker, chainId: string, m: Obj): void {
  const channel = text(m.source_channel);
  // an operation of a kind Courier does not know may move the funds over IBC too: held to it by
  // its own channel when it names one, and followed to where it says it goes
  const step =
    c.stepsFrom(chainId, 'transfer', 'axelar').find((s) => s.channel === channel || (s.kind === 'axelar' && s.channel === undefined)) ??
    c.stepsFrom(chainId, 'other').find((s) => text(s.body.channel) === undefined || text(s.body.channel) === channel);
  if (!step) {
    c.report('chain', `the transfer leaves ${chainId} over ${channel ?? '(no channel)'}, which no operation of the route uses`);
    return;
  }
  const token = obj(m.token);
  c.checkDenom(step, text(token?.denom), "the transfer's token denom");
  const amount = uintOf(token?.amount);
  if (amount === undefined) c.report('unverified', "the transfer's token amount could not be read");
  else c.checkAmount(step, amount, "the transfer's token amount");
  const timeout = uintOf(m.timeout_timestamp);
  if (timeout !== undefined) c.checkTimeoutAt(timeout, "the transfer's timeout_timestamp");
  const next = step.kind === 'axelar' ? AXELAR_CHAIN_ID : step.to;
  arrive(c, next, text(m.receiver), text(m.memo) ?? '', 'the transfer');
}

/** A packet lands on `chainId` for `receiver` carrying `memo`: follow it to the end. */
function arrive(c: Checker, chainId: string | undefined, receiver: string | undefined, memo: string | Obj, what: string, depth = 0): void {
  if (chainId === undefined) {
    c.report('unverified', `${what} goes to a chain the route does not say`);
    return;
  }
  if (depth > 16) {
    c.report('unverified', `${what} nests memos deeper than Courier follows`);
    return;
  }
  let value: Obj | undefined;
  if (typeof memo === 'string') {
    if (memo.trim() === '') return finalReceiver(c, chainId, receiver, what);
    try {
      value = obj(c.parseJson(memo, `${what}'s memo`));
    } catch {
      value = undefined;
    }
    if (!value) {
      finalReceiver(c, chainId, receiver, what);
      c.report('unverified', `${what}'s memo is plain text Courier does not interpret`);
      return;
    }
  } else value = memo;
  if (!memoKeysKnown(c, value, chainId, what)) return;

  const forward = obj(value.forward);
  if (forward) {
    checkKnownKeys(c, forward, FORWARD_KEYS, `${what}'s forward`);
    if (!c.isCaller(chainId, receiver)) c.report('recipient', `${what}'s receiver ${receiver ?? '(none)'} on ${chainId} is not your address there (${c.callerOn(chainId)})`);
    const channel = text(forward.channel);
    const step = c.stepsFrom(chainId, 'transfer', 'axelar', 'eureka').find((s) => s.channel === channel);
    if (!step) {
      c.report('chain', `the memo forwards from ${chainId} over ${channel ?? '(no channel)'}, which no operation of the route uses`);
      return;
    }
    if (forward.timeout !== undefined) {
      const timeout = forwardTimeout(forward.timeout);
      if (timeout === undefined) c.report('unverified', `the forward timeout ${String(forward.timeout)} could not be read`);
      else c.checkForwardTimeout(timeout, 'the forward timeout');
    }
    const next = forward.next === undefined ? '' : typeof forward.next === 'string' ? forward.next : (obj(forward.next) ?? '');
    return arrive(c, step.kind === 'axelar' ? AXELAR_CHAIN_ID : step.to, text(forward.receiver), next, `the forward from ${chainId}`, depth + 1);
  }
  const wasm = obj(value.wasm);
  if (wasm) {
    checkKnownKeys(c, wasm, WASM_KEYS, `${what}'s wasm call`);
    const contract = text(wasm.contract);
    if (contract !== receiver) c.report('recipient', `${what}'s receiver ${receiver ?? '(none)'} is not the contract its wasm memo calls (${contract ?? '(none)'})`);
    if (c.isEntryPoint(chainId, contract)) return checkSwapAndAction(c, chainId, contract!, obj(wasm.msg), undefined, depth);
    if (c.isPostRouteContract(contract)) return;
    c.unknownContract('message_type', chainId, contract, `the wasm memo calls ${contract ?? '(none)'} on ${chainId}, a contract the route does not name`);
    return;
  }
  const autopilot = obj(value.autopilot);
  if (autopilot) {
    checkKnownKeys(c, autopilot, AUTOPILOT_KEYS, `${what}'s autopilot`);
    const to = text(autopilot.receiver);
    if (to !== c.route.post.autopilotReceiver && !c.isCaller(chainId, to)) {
      c.report('recipient', `the autopilot receiver ${to ?? '(none)'} on ${chainId} is neither your address nor the one you asked for`);
    }
    return;
  }
  if (value.destination_chain !== undefined) return checkAxelarGmp(c, chainId, receiver, value, what);
  finalReceiver(c, chainId, receiver, what);
  c.report('unverified', `${what}'s memo is not one Courier can read`);
}

/**
 * The fields each memo action's module reads. A field outside these (in any case) may be acted
 * on by the chain without Courier having checked it (e.g. a second receiver), so it is refused.
 */
const FORWARD_KEYS = ['receiver', 'port', 'channel', 'timeout', 'retries', 'next'];
const WASM_KEYS = ['contract', 'msg'];
const AUTOPILOT_KEYS = ['receiver', 'stakeibc', 'claim'];
const GMP_KEYS = ['destination_chain', 'destination_address', 'payload', 'type', 'fee'];
/** The actions a memo may hold at its top level: one of them, never two (two middlewares would both act). */
const MEMO_ACTIONS: Readonly<Record<string, readonly string[]>> = { forward: ['forward'], wasm: ['wasm'], autopilot: ['autopilot'], gmp: GMP_KEYS };

function checkKnownKeys(c: Checker, value: Obj, known: readonly string[], what: string): void {
  const unknown = Object.keys(value).filter((k) => !known.includes(k));
  if (unknown.length > 0) c.report('message_type', `${what} carries ${unknown.map((k) => `"${k}"`).join(', ')}, which Courier does not check and a chain module may act on`);
}

/** A memo's top level: one known action, and nothing beside it. */
function memoKeysKnown(c: Checker, value: Obj, chainId: string, what: string): boolean {
  const keys = Object.keys(value);
  const actions = Object.entries(MEMO_ACTIONS).filter(([, fields]) => fields.some((f) => keys.includes(f)));
  if (actions.length > 1) {
    c.report('message_type', `${what}'s memo on ${chainId} holds ${actions.map(([name]) => name).join(' and ')} at once; each would be acted on by its own module`);
    return false;
  }
  const allowed = actions[0]?.[1] ?? [];
  const unknown = keys.filter((k) => !allowed.includes(k));
  if (unknown.length > 0) {
    c.report('message_type', `${what}'s memo on ${chainId} carries ${unknown.map((k) => `"${k}"`).join(', ')}, which Courier does not check and a chain module may act on`);
    return false;
  }
  return true;
}

function finalReceiver(c: Checker, chainId: string, receiver: string | undefined, what: string): void {
  if (c.isCaller(chainId, receiver) || c.isPostRouteContract(receiver) || (receiver !== undefined && receiver === c.route.post.autopilotReceiver)) return;
  c.report('recipient', `${what}'s receiver ${receiver ?? '(none)'} on ${chainId} is not your address there (${c.callerOn(chainId)})`);
}

function checkAxelarGmp(c: Checker, chainId: string, receiver: string | undefined, memo: Obj, what: string): void {
  if (receiver === undefined || !c.isAxelarGmp(chainId, receiver)) {
    c.report('recipient', `${what}'s receiver ${receiver ?? '(none)'} is not Axelar's GMP account, which its Axelar memo needs`);
  }
  // destination_address, type and the AxelarHandler payload: src/verify/bridges/axelar-gmp.ts
  const step = checkAxelarGmpDestination(c, memo);
  const fee = obj(memo.fee);
  if (fee) {
    // the local deployment's collector; against production also Axelar's mainnet gas receiver (production-contracts.ts)
    const recipient = text(fee.recipient);
    if (recipient !== AXELAR_FEE_RECIPIENT && !c.isProductionContract('axelar_fee_recipient', AXELAR_CHAIN_ID, recipient)) {
      c.report('fee', `the Axelar memo pays its fee to ${String(fee.recipient)}, not Axelar's fee collector`);
    }
    const amount = uintOf(fee.amount);
    const quoted = step?.feeAmount ?? 0n;
    if (amount === undefined || amount > quoted) c.report('fee', `the Axelar memo's fee ${String(fee.amount)} is more than the route's fee ${quoted}`);
  }
}

/** The entry point's swap_and_action on `chainId`, called directly (`sent`) or by a memo. */
function checkSwapAndAction(c: Checker, chainId: string, contract: string, msg: Obj | undefined, sent: { denom?: string; amount?: bigint } | undefined, depth: number): void {
  const sa = obj(msg?.swap_and_action);
  const action = obj(msg?.action);
  if (!sa && action) return checkEntryPointAction(c, chainId, action, sent, depth);
  if (!sa) {
    const called = Object.keys(msg ?? {}).join(', ') || 'nothing';
    // production entry points have had other message shapes (e.g. swap_with_action) Courier does not read
    c.unknownContract('message_type', chainId, contract, `the entry point is called with ${called}, not swap_and_action`);
    return;
  }
  const userSwap = obj(obj(sa.user_swap)?.swap_exact_asset_in);
  const ops = Array.isArray(userSwap?.operations) ? (userSwap.operations as unknown[]).map((o) => obj(o) ?? {}) : [];
  const denomIn = text(ops[0]?.denom_in);
  const denomOut = text(ops[ops.length - 1]?.denom_out);
  const swaps = c.stepsFrom(chainId, 'swap');
  const step = swaps.find((s) => s.denomIn === denomIn && s.denomOut === denomOut) ?? swaps[0];
  if (!step) {
    c.report('message_type', `a swap on ${chainId} is not one of the route's operations`);
    return;
  }
  const route = step.swapOperations.map((o) => `${o.pool}:${o.denom_in}>${o.denom_out}`).join(',');
  const given = ops.map((o) => `${String(o.pool)}:${String(o.denom_in)}>${String(o.denom_out)}`).join(',');
  if (route !== given) c.report('denom', `the swap on ${chainId} trades ${given || '(nothing)'}, not the route's ${route}`);
  if (sent) {
    const sentAsset = obj(obj(sa.sent_asset)?.native);
    if (sentAsset && (text(sentAsset.denom) !== sent.denom || uintOf(sentAsset.amount) !== sent.amount)) {
      c.report('amount', `the swap's sent_asset ${String(sentAsset.amount)} ${String(sentAsset.denom)} is not the funds sent with it`);
    }
  }
  // min_asset: the least the swap may return
  const min = obj(obj(sa.min_asset)?.native);
  if (text(min?.denom) !== step.denomOut) c.report('denom', `the swap's min_asset denom ${String(min?.denom)} is not the route's output ${step.denomOut}`);
  const minAmount = uintOf(min?.amount);
  const floor = minimumOut(c, step, chainId);
  if (minAmount === undefined) c.report('unverified', "the swap's min_asset amount could not be read");
  else if (floor === undefined) c.report('unverified', `the swap on ${chainId} has no quoted output to check its minimum against`);
  else if (minAmount < floor) c.report('min_out', `the swap's min_asset ${minAmount} is below ${floor}, the least your slippage allows`);
  const timeout = uintOf(sa.timeout_timestamp);
  if (timeout !== undefined) c.checkTimeoutAt(timeout, "the swap's timeout_timestamp");
  checkAffiliates(c, chainId, sa.affiliates);
  checkPostSwapAction(c, chainId, obj(sa.post_swap_action), depth);
}

/**
 * The entry point's `action` (no swap): the funds it holds go straight to its post-swap action,
 * e.g. a Go Fast fill sent on over IBC. exact_out makes no sense without a swap.
 */
function checkEntryPointAction(c: Checker, chainId: string, action: Obj, sent: { denom?: string; amount?: bigint } | undefined, depth: number): void {
  if (action.exact_out !== false) c.report('message_type', `the entry point's action on ${chainId} asks for exact_out, which only a swap can honour`);
  if (sent) {
    const sentAsset = obj(obj(action.sent_asset)?.native);
    if (sentAsset && (text(sentAsset.denom) !== sent.denom || uintOf(sentAsset.amount) !== sent.amount)) {
      c.report('amount', `the action's sent_asset ${String(sentAsset.amount)} ${String(sentAsset.denom)} is not the funds sent with it`);
    }
  }
  const timeout = uintOf(action.timeout_timestamp);
  if (timeout === undefined) c.report('unverified', "the action's timeout_timestamp could not be read");
  else c.checkTimeoutAt(timeout, "the action's timeout_timestamp");
  checkPostSwapAction(c, chainId, obj(action.action), depth);
}

function minimumOut(c: Checker, step: Step, chainId: string): bigint | undefined {
  const singleSwap = c.route.steps.filter((s) => s.kind === 'swap').length === 1;
  const quoted = step.amountOut ?? (singleSwap ? c.route.quotedOut : undefined);
  if (quoted === undefined) return undefined;
  const gross = quoted + step.estimatedAffiliateFee;
  const affiliates = c.route.affiliates.get(chainId) ?? [];
  const net = affiliates.reduce((left, a) => left - (gross * BigInt(a.basis_points_fee)) / 10_000n, gross);
  const { num, den } = c.route.slippage;
  return (net * (100n * den - num)) / (100n * den);
}

function checkAffiliates(c: Checker, chainId: string, value: unknown): void {
  const asked = c.route.affiliates.get(chainId) ?? [];
  const given = Array.isArray(value) ? value.map((a) => obj(a) ?? {}) : [];
  for (const a of given) {
    const match = asked.find((x) => x.address === a.address && x.basis_points_fee === a.basis_points_fee);
    if (!match) c.report('fee', `the swap pays an affiliate fee of ${String(a.basis_points_fee)} bps to ${String(a.address)}, which you did not ask for`);
  }
}

function checkPostSwapAction(c: Checker, chainId: string, action: Obj | undefined, depth: number): void {
  const bank = obj(action?.bank_send);
  if (bank) {
    const to = text(bank.to_address);
    if (!c.isCaller(chainId, to)) c.report('recipient', `the swap's bank_send to_address ${to ?? '(none)'} is not your address on ${chainId} (${c.callerOn(chainId)})`);
    return;
  }
  const ibc = obj(obj(action?.ibc_transfer)?.ibc_info);
  if (ibc) {
    const recover = text(ibc.recover_address);
    if (!c.isCaller(chainId, recover)) c.report('recipient', `the swap's recover_address ${recover ?? '(none)'} is not your address on ${chainId}`);
    const channel = text(ibc.source_channel);
    const step = c.stepsFrom(chainId, 'transfer', 'axelar').find((s) => s.channel === channel);
    if (!step) {
      c.report('chain', `the swap's ibc_transfer leaves ${chainId} over ${channel ?? '(no channel)'}, which no operation of the route uses`);
      return;
    }
    return arrive(c, step.kind === 'axelar' ? AXELAR_CHAIN_ID : step.to, text(ibc.receiver), text(ibc.memo) ?? '', `the swap's ibc_transfer`, depth + 1);
  }
  const call = obj(action?.contract_call);
  if (call) {
    const target = text(call.contract_address);
    if (!c.isPostRouteContract(target)) c.unknownContract('recipient', chainId, target, `the swap's contract_call goes to ${target ?? '(none)'}, not a contract you asked for`);
    return;
  }
  c.report('message_type', `the swap on ${chainId} ends with a post_swap_action Courier does not know`);
}

function checkMsgExecute(c: Checker, chainId: string, m: Obj): void {
  const contract = text(m.contract);
  if (!c.isEntryPoint(chainId, contract)) {
    c.unknownContract('message_type', chainId, contract, `the contract call goes to ${contract ?? '(none)'} on ${chainId}, a contract the route does not name`);
    checkUnknownCallFunds(c, chainId, m);
    return;
  }
  const funds = Array.isArray(m.funds) ? m.funds.map((f) => obj(f) ?? {}) : [];
  let inner: Obj | undefined;
  try {
    inner = typeof m.msg === 'string' ? obj(c.parseJson(m.msg, "the contract call's msg")) : obj(m.msg);
  } catch {
    inner = undefined;
  }
  const swaps = c.stepsFrom(chainId, 'swap');
  const step = swaps[0];
  if (!step) {
    c.report('message_type', `the contract call on ${chainId} swaps, but the route does not swap there`);
    return;
  }
  if (funds.length !== 1) c.report('amount', `the contract call sends ${funds.length} coins; the swap takes exactly one`);
  const coin = funds[0];
  const amount = uintOf(coin?.amount);
  c.checkDenom(step, text(coin?.denom), "the contract call's funds denom");
  if (amount !== undefined) c.checkAmount(step, amount, "the contract call's funds amount");
  checkSwapAndAction(c, chainId, contract!, inner, { denom: text(coin?.denom), amount }, 0);
}

/** 32 bytes that should be `address` left-padded, whatever its family. */
export function mintRecipientMatches(bytes: Uint8Array, address: string | undefined): boolean {
  if (address === undefined || bytes.length !== 32) return false;
  let raw: Uint8Array | null = null;
  try {
    raw = address.startsWith('0x') ? evmAddressBytes(address) : (decodeBech32(address)?.data ?? decodeBase58(address));
  } catch {
    raw = null;
  }
  if (!raw || raw.length > 32) return false;
  for (let i = 0; i < 32; i++) if (bytes[i] !== (i < 32 - raw.length ? 0 : raw[i - (32 - raw.length)])) return false;
  return true;
}

function checkDepositForBurn(c: Checker, chainId: string, m: Obj, all: readonly (Obj | undefined)[], withCaller: boolean): void {
  const step = c.stepsFrom(chainId, 'cctp')[0];
  if (!step) {
    c.report('message_type', `a CCTP burn on ${chainId} is not explained by any operation of the route`);
    return;
  }
  c.checkDenom(step, text(m.burn_token), "the burn's burn_token");
  const amount = uintOf(m.amount);
  // the relay fee: the bank send beside the burn (checked in checkMsgSend), paid out of what the route moves
  const send = all.find((x) => x !== m && x?.to_address !== undefined);
  const coins = Array.isArray(send?.amount) ? send.amount : [];
  const fee = send ? coins.reduce<bigint>((sum, x) => sum + (uintOf(obj(x)?.amount) ?? 0n), 0n) : 0n;
  if (amount === undefined) c.report('unverified', "the burn's amount could not be read");
  else c.checkAmount(step, amount + fee, fee > 0n ? "the burn's amount plus the relay fee" : "the burn's amount");
  checkCctpDestination(c, step, Number(m.destination_domain), () => base64Bytes(m.mint_recipient));
  if (withCaller) checkDestinationCaller(c, chainId, step, base64Bytes(m.destination_caller), "the burn's destination_caller");
}

const base64Bytes = (v: unknown): Uint8Array | undefined => {
  try {
    return typeof v === 'string' ? fromBase64(v) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * A CCTP burn's destination caller: the only account that may mint on the destination. Zero lets
 * anyone; else it must be the relayer the route names (smart_relay_fee_quote.relayer_address) or
 * one the production table knows for the destination; another is `unverified` against a production
 * API (Courier's table of relayers is not complete) and a finding against the local deployment.
 * The mint still goes to the mint recipient, whoever calls: a wrong caller can only hold it up.
 */
export function checkDestinationCaller(c: Checker, chainId: string, step: Step, bytes: Uint8Array | undefined, what: string): void {
  if (!bytes || bytes.length !== 32) {
    c.report('unverified', `${what} is not 32 bytes`);
    return;
  }
  if (bytes.every((b) => b === 0)) return;
  const to = step.to ?? '';
  const known = [step.relayer, ...(c.route.local ? [] : productionContracts('cctp_destination_caller', to))];
  if (known.some((a) => a !== undefined && mintRecipientMatches(bytes, a))) return;
  const hex = `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
  c.unknownContract('message_type', chainId, hex, `${what} ${hex} is not a relayer Courier knows on ${to || '(unknown)'}, so only it may mint there`, 'account');
}

/** Shared by Noble's MsgDepositForBurn and the EVM depositForBurn: domain and mint recipient. */
export function checkCctpDestination(c: Checker, step: Step, domain: number, recipient: () => Uint8Array | undefined): void {
  const expected = step.to === undefined ? undefined : CCTP_DOMAINS[step.to];
  if (expected === undefined || domain !== expected) {
    c.report('chain', `the burn's destination_domain ${domain} is not ${step.to ?? 'the route destination'}'s CCTP domain (${expected ?? 'unknown'})`);
  }
  const bytes = recipient();
  if (!bytes || bytes.length !== 32) {
    c.report('unverified', "the burn's mint_recipient is not 32 bytes");
    return;
  }
  if (!mintRecipientMatches(bytes, c.route.addresses.get(step.to ?? ''))) {
    const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    c.report('recipient', `the burn's mint_recipient 0x${hex} is not your address on ${step.to ?? '(unknown)'} (${c.callerOn(step.to)})`);
  }
}

function checkMsgSend(c: Checker, chainId: string, m: Obj, msgs: readonly CosmosMsgIn[], all: readonly (Obj | undefined)[]): void {
  const to = text(m.to_address);
  const coins = Array.isArray(m.amount) ? m.amount.map((x) => obj(x) ?? {}) : [];
  const coin = coins.length === 1 ? coins[0]! : undefined;
  const types = msgs.map((x) => x.msg_type_url);
  // a burn takes one relay fee, a link one deposit: any further bank send is unexplained
  const burns = types.includes(TYPE_URLS.depositForBurn) || types.includes(TYPE_URLS.depositForBurnWithCaller);
  const paired = burns || types.includes(TYPE_URLS.linkRequest);
  if (paired && c.msgIndex !== types.indexOf(TYPE_URLS.send)) {
    c.report('message_type', `a second bank send of ${describeCoins(coins)} to ${to ?? '(none)'} is not explained by any operation of the route`);
    return;
  }
  // the CCTP relay fee, next to the burn
  if (burns) {
    const step = c.stepsFrom(chainId, 'cctp')[0];
    const from = text(m.from_address) ?? '';
    const prefix = decodeBech32(from)?.prefix ?? '';
    const bound = step && c.relayFeeBound(step);
    if (!step || bound === undefined) {
      c.report('fee', `a bank send of ${describeCoins(coins)} to ${to ?? '(none)'} pays a relay fee the route does not quote`);
      return;
    }
    if (step.feePayTo !== undefined) {
      // a route that names its relayer is held to it
      if (!sameAddress(to, step.feePayTo)) c.report('fee', `the relay fee goes to ${to ?? '(none)'}, not the relayer the route names (${step.feePayTo})`);
    } else if (!sameAddress(to, cctpRelayerAccount(prefix, chainId)) && !c.isProductionContract('cctp_relay_fee_account', chainId, to)) {
      const what = `the relay fee goes to ${to ?? '(none)'}, an account that is not a relayer Courier knows on ${chainId}`;
      // a fee the route quotes may go to a relayer Courier does not know yet; one it only implies
      // (amount_in less amount_out) must go to a relayer Courier knows
      if (step.feeAmount === undefined) c.report('fee', what);
      else c.unknownContract('fee', chainId, to, what, 'account');
    }
    if (!coin || uintOf(coin.amount) === undefined || uintOf(coin.amount)! > bound) {
      c.report('fee', `the relay fee ${describeCoins(coins)} is more than the route's ${bound}`);
    }
    if (coin && text(coin.denom) !== step.denomIn) c.report('denom', `the relay fee is paid in ${String(coin.denom)}, not ${step.denomIn}`);
    return;
  }
  // an Axelar deposit, next to its LinkRequest
  const linkAt = types.indexOf(TYPE_URLS.linkRequest);
  if (linkAt >= 0) {
    const link = all[linkAt];
    const step = c.stepsFrom(chainId, 'axelar')[0];
    const deposit = axelarDepositAddress(text(link?.recipient_chain) ?? '', text(link?.asset) ?? '', text(link?.recipient_addr) ?? '');
    // production deposit addresses are derived with a nonce Courier cannot know
    if (to !== deposit) c.unknownContract('recipient', chainId, to, `the bank send goes to ${to ?? '(none)'}, not the deposit address its Axelar link creates`, 'account');
    if (step) {
      c.checkDenom(step, text(coin?.denom), "the deposit's denom");
      const amount = uintOf(coin?.amount);
      if (amount !== undefined) c.checkAmount(step, amount, "the deposit's amount");
    }
    return;
  }
  c.report('message_type', `a bank send of ${describeCoins(coins)} to ${to ?? '(none)'} is not explained by any operation of the route`);
}

function checkLinkRequest(c: Checker, chainId: string, m: Obj): void {
  const step = c.stepsFrom(chainId, 'axelar')[0];
  if (!step) {
    c.report('message_type', `an Axelar LinkRequest on ${chainId} is not explained by any operation of the route`);
    return;
  }
  const recipient = text(m.recipient_addr);
  if (!c.isCaller(step.to, recipient)) c.report('recipient', `the Axelar link's recipient_addr ${recipient ?? '(none)'} is not your address on ${step.to} (${c.callerOn(step.to)})`);
  c.checkDenom(step, text(m.asset), "the Axelar link's asset");
}

/** A call to a contract Courier does not know still pays only in the route's denom (how much: checkOutflow). */
function checkUnknownCallFunds(c: Checker, chainId: string, m: Obj): void {
  const step = c.stepsFrom(chainId)[0];
  if (!step) return;
  for (const coin of Array.isArray(m.funds) ? m.funds.map((f) => obj(f) ?? {}) : []) c.checkDenom(step, text(coin.denom), "the contract call's funds denom");
}

const describeCoins = (coins: readonly Obj[]): string => coins.map((x) => `${String(x.amount)} ${String(x.denom)}`).join(' + ') || 'nothing';

const DURATION_NS: Record<string, bigint> = { ns: 1n, us: 1_000n, µs: 1_000n, ms: 1_000_000n, s: 1_000_000_000n, m: 60_000_000_000n, h: 3_600_000_000_000n };

/**
 * A PFM forward timeout: a Go duration ("300s", "1h30m"), or a bare number of ns (a JSON number;
 * parseJsonExact turns one past 2^53 into its digits), which `bare` marks: the routing API writes
 * an absolute Unix time in ns there (see Checker.checkForwardTimeout).
 */
function forwardTimeout(value: unknown): { ns: bigint; bare: boolean } | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? { ns: BigInt(value), bare: true } : undefined;
  if (typeof value !== 'string') return undefined;
  if (/^[0-9]+$/.test(value)) return { ns: BigInt(value), bare: true };
  if (!/^([0-9]+(ns|us|µs|ms|s|m|h))+$/.test(value)) return undefined;
  let total = 0n;
  for (const m of value.matchAll(/([0-9]+)(ns|us|µs|ms|s|m|h)/g)) total += BigInt(m[1]!) * DURATION_NS[m[2]!]!;
  return { ns: total, bare: false };
}

export { arrive };
