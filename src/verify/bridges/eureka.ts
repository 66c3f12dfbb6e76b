/**
 * IBC Eureka (IBC v2 between Ethereum and the Cosmos Hub), both ways:
 * - from Ethereum, Skip Go's EurekaHandler
 *     transfer(uint256 amount,
 *              (address token, string recipient, string sourceClient, string destPort,
 *               uint64 timeoutTimestamp, string memo) transferParams,
 *              (uint256 relayFee, address relayFeeRecipient, uint64 quoteExpiry) fees)
 *   which pulls amount + relayFee (the approval's bound); its recipient and memo are followed on
 *   the Hub exactly like an IBC transfer's (PFM forwards, ibc-hooks swaps);
 * - from the Hub, ibc-go v10's MsgTransfer over the Ethereum light client's id (with `encoding`),
 *   next to the bank send of the relay fee.
 * The relay fee is at most the route's smart_relay_fee_quote, paid to the relayer it names.
 */
import { abiFunctionWithSignature, selectorOf } from '../abi';
import type { Checker } from '../context';
import { EUREKA_CLIENTS, EUREKA_ENCODING_TO_ETHEREUM, EUREKA_HANDLERS, EUREKA_RELAY_FEE_RECIPIENTS, sameAddress } from '../contracts';
import { arrive } from '../memo';
import { TYPE_URLS, uintOf, unreadable, type CosmosBridgeTx, type EvmBridgeCall } from '../readers';
import type { Step } from '../route';
import { AbiWords, obj, text, type Obj } from './words';

export const HANDLER_TRANSFER = abiFunctionWithSignature('transfer', ['uint256', '(address,string,string,string,uint64,string)', '(uint256,address,uint64)'], []);

const NS = 1_000_000_000n;

interface RelayFee {
  amount: bigint | undefined;
  denom: string | undefined;
  /** The relayer the operation names, if it names one. */
  payTo: string | undefined;
}

function relayFeeOf(step: Step): RelayFee {
  const quote = obj(step.body.smart_relay_fee_quote);
  return { amount: uintOf(quote?.fee_amount), denom: text(quote?.fee_denom), payTo: text(quote?.fee_payment_address) ?? text(quote?.relayer_address) };
}

/** The light client a Eureka send from `chainId` goes over: the operation's, else the known one. */
const clientOf = (step: Step, chainId: string): string | undefined => text(step.body.source_client) ?? EUREKA_CLIENTS[chainId];

/** The relay fee's recipient: the relayer the route names, else (unnamed) a relayer Courier knows. */
function checkFeeRecipient(c: Checker, chainId: string, fee: RelayFee, to: string | undefined, what: string): void {
  if (fee.payTo !== undefined) {
    if (!sameAddress(to, fee.payTo)) c.report('fee', `${what} goes to ${to ?? '(none)'}, not the relayer the route names (${fee.payTo})`);
  } else if (!(EUREKA_RELAY_FEE_RECIPIENTS[chainId] ?? []).some((known) => sameAddress(known, to)) && !c.isProductionContract('eureka_relayer', chainId, to)) {
    c.unknownContract('fee', chainId, to, `${what} goes to ${to ?? '(none)'}, a relayer the route does not name`, 'account');
  }
}

function checkFeeAmount(c: Checker, fee: RelayFee, amount: bigint, what: string): void {
  if (amount > (fee.amount ?? 0n)) c.report('fee', `${what} ${amount} is more than the route's relay fee ${fee.amount ?? 0n}`);
}

// ─────────────────────────────── from Ethereum ───────────────────────────────

/** A call to the EurekaHandler of a chain a Eureka operation leaves from; undefined for any other call. */
export function eurekaCall(c: Checker, chainId: string, to: string | undefined, data: string): EvmBridgeCall | undefined {
  const step = c.stepsFrom(chainId, 'eureka')[0];
  // the handler Courier knows on that chain; the route's entry contract only where it knows none
  if (!step || !(sameAddress(to, EUREKA_HANDLERS[chainId] ?? text(step.body.entry_contract_address)) || c.isProductionContract('eureka_handler', chainId, to))) return undefined;
  if (selectorOf(data) !== HANDLER_TRANSFER.selector) {
    c.report('message_type', `the call to the EurekaHandler ${to} is not transfer (selector 0x${selectorOf(data) ?? '?'}), which the route's operation needs`);
    return 'reported';
  }
  const t = readHandlerTransfer(data);
  if (!t) {
    unreadable(c, to, data);
    return 'reported';
  }
  c.checkAmount(step, t.amount, "the EurekaHandler transfer's amount");
  c.checkDenom(step, t.token, "the EurekaHandler transfer's token");
  const client = clientOf(step, chainId);
  if (t.sourceClient !== client || t.destPort !== 'transfer') {
    c.report('chain', `the EurekaHandler transfer goes over client ${t.sourceClient} to port ${t.destPort}, not the route's ${client ?? '(unknown)'} / transfer`);
  }
  c.checkTimeoutAt(t.timeout * NS, "the EurekaHandler transfer's timeoutTimestamp");
  const fee = relayFeeOf(step);
  checkFeeAmount(c, fee, t.relayFee, "the EurekaHandler transfer's relayFee");
  if (t.relayFee > 0n) checkFeeRecipient(c, chainId, fee, t.relayFeeRecipient, 'the relay fee');
  arrive(c, step.to, t.recipient, t.memo, 'the Eureka transfer');
  return { step, pulled: t.amount + t.relayFee, valueAllowed: 0n };
}

function readHandlerTransfer(data: string) {
  const w = AbiWords.of(data);
  const params = w?.offset(32, 0);
  if (!w || params === undefined) return undefined;
  const t = {
    amount: w.uint(0),
    relayFee: w.uint(64),
    relayFeeRecipient: w.address(96),
    token: w.address(params),
    recipient: w.string(w.offset(params + 32, params)),
    sourceClient: w.string(w.offset(params + 64, params)),
    destPort: w.string(w.offset(params + 96, params)),
    timeout: w.uint(params + 128, 64),
    memo: w.string(w.offset(params + 160, params)),
  };
  return Object.values(t).every((v) => v !== undefined) && w.uint(128, 64) !== undefined ? (t as { [K in keyof typeof t]: NonNullable<(typeof t)[K]> }) : undefined;
}

// ─────────────────────────────── from the Hub ───────────────────────────────

/** The Eureka step a Hub MsgTransfer over a light client serves, if it is one. */
function hubStep(c: Checker, chainId: string, m: Obj | undefined): Step | undefined {
  const channel = text(m?.source_channel);
  return c.stepsFrom(chainId, 'eureka').find((s) => channel !== undefined && clientOf(s, chainId) === channel);
}

/**
 * The Hub's MsgTransfer over the Ethereum light client, and the relay fee's bank send next to it.
 * True when the message is Eureka's (checked here), false to let cosmos.ts check it.
 */
export function eurekaMsg(c: Checker, chainId: string, type: string, m: Obj, tx: CosmosBridgeTx): boolean {
  if (type === TYPE_URLS.transfer) {
    const step = hubStep(c, chainId, m);
    if (!step) return false;
    checkHubTransfer(c, step, m, tx.types.includes(TYPE_URLS.send));
    return true;
  }
  // the relay fee is the transaction's first bank send; any other is for cosmos.ts to judge
  if (type !== TYPE_URLS.send || tx.bodies[tx.types.indexOf(TYPE_URLS.send)] !== m) return false;
  const step = tx.bodies.map((b, i) => (tx.types[i] === TYPE_URLS.transfer ? hubStep(c, chainId, b) : undefined)).find((s) => s !== undefined);
  if (!step) return false;
  const fee = relayFeeOf(step);
  const coins = Array.isArray(m.amount) ? m.amount.map((x) => obj(x) ?? {}) : [];
  if (coins.length !== 1) c.report('fee', `the relay fee's bank send pays ${coins.length} coins; the relayer takes one`);
  const coin = coins[0];
  checkFeeRecipient(c, chainId, fee, text(m.to_address), 'the relay fee');
  checkFeeAmount(c, fee, uintOf(coin?.amount) ?? 0n, "the relay fee's bank send");
  if (coin && text(coin.denom) !== (fee.denom ?? step.denomIn)) c.report('denom', `the relay fee is paid in ${String(coin.denom)}, not ${fee.denom ?? step.denomIn}`);
  return true;
}

function checkHubTransfer(c: Checker, step: Step, m: Obj, paysFee: boolean): void {
  const token = obj(m.token);
  c.checkDenom(step, text(token?.denom), "the Eureka transfer's token denom");
  const amount = uintOf(token?.amount);
  const fee = paysFee ? (relayFeeOf(step).amount ?? 0n) : 0n;
  if (amount === undefined) c.report('unverified', "the Eureka transfer's token amount could not be read");
  else c.checkAmount(step, amount + fee, fee > 0n ? "the Eureka transfer's amount plus the relay fee" : "the Eureka transfer's amount");
  const to = step.to ?? '';
  const receiver = text(m.receiver);
  if (!c.isCaller(to, receiver)) c.report('recipient', `the Eureka transfer's receiver ${receiver ?? '(none)'} is not your address on ${to} (${c.callerOn(to)})`);
  if ((text(m.memo) ?? '') !== '') c.report('unverified', `the Eureka transfer carries a memo to ${to}, which Courier does not interpret`);
  if (text(m.encoding) !== EUREKA_ENCODING_TO_ETHEREUM) {
    c.report('unverified', `the Eureka transfer's encoding ${String(m.encoding)} is not ${EUREKA_ENCODING_TO_ETHEREUM}, the one Ethereum's ICS20Transfer reads`);
  }
  const timeout = uintOf(m.timeout_timestamp);
  if (timeout !== undefined) c.checkTimeoutAt(timeout, "the Eureka transfer's timeout_timestamp");
}
