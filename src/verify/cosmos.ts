/**
 * Cosmos messages (`{msg: <JSON string>, msg_type_url}`): each is matched to the route's
 * operation it serves; the packets they send are followed by the memo walker (memo.ts), and a
 * bridge's own messages by its decoder in bridges/.
 */
import { fromBase64 } from '@cosmjs/encoding';
import { decodeBech32 } from '../chains/addresses';
import type { Checker } from './context';
import { AXELAR_CHAIN_ID, axelarDepositAddress, cctpRelayerAccount, sameAddress } from './contracts';
import { arrive, checkSwapAndAction } from './memo';
import { TYPE_URLS, checkCctpDestination, checkDestinationCaller, uintOf, type CosmosBridgeTx } from './readers';
import { eurekaMsg } from './bridges/eureka';
import { hyperlaneMsg, hyperlaneOutflow } from './bridges/hyperlane';
import { checkOpinitMsg, opinitOutflow } from './bridges/opinit';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined);
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export { parseJsonExact } from './json';

export interface CosmosMsgIn {
  msg: unknown;
  msg_type_url: unknown;
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
