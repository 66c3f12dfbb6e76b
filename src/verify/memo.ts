/**
 * The memo walker: a packet that lands on a chain with a memo is followed hop by hop (PFM
 * `forward`, ibc-hooks `wasm` to the swap entry point and its post-swap action, Axelar GMP,
 * Stride autopilot) to where the value finally lands. Shared by the Cosmos and EVM dispatchers
 * and the bridge decoders that deliver into Cosmos; it reaches only the Axelar GMP decoder,
 * which imports nothing back.
 */
import type { Checker } from './context';
import { AXELAR_CHAIN_ID, AXELAR_FEE_RECIPIENT } from './contracts';
import { uintOf } from './readers';
import type { Step } from './route';
import { checkAxelarGmpDestination } from './bridges/axelar-gmp';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined);
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** A packet lands on `chainId` for `receiver` carrying `memo`: follow it to the end. */
export function arrive(c: Checker, chainId: string | undefined, receiver: string | undefined, memo: string | Obj, what: string, depth = 0): void {
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
export function checkSwapAndAction(c: Checker, chainId: string, contract: string, msg: Obj | undefined, sent: { denom?: string; amount?: bigint } | undefined, depth: number): void {
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
