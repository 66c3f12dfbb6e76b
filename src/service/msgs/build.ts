/**
 * POST /v2/fungible/msgs: a route's operations plus one address per chain on its path become
 * the transactions to sign. Pure given `now`; every problem with the request is a ServiceError
 * (400, code 3) that names the field, operation or chain.
 *
 * How operations become messages (one transaction per tx_index):
 * - A transaction starts with what its first operation needs on its source chain: an IBC
 *   MsgTransfer, a MsgExecuteContract to the venue's entry point (a swap that starts there),
 *   or what the bridge of a crossing writes for it (ServiceBridge.msgs.startTx: a burn, a
 *   gateway call, an order, a deposit; src/service/bridges/<bridge>/msgs.ts).
 * - Every following operation of the same transaction rides in the memo of the packet that
 *   arrives before it: an IBC hop on a PFM chain is a `forward` memo, a swap on arrival is an
 *   ibc-hooks `wasm` memo calling the entry point (the packet's receiver is the entry point),
 *   a transfer after a swap is the entry point's `ibc_transfer` post-swap action, and a
 *   crossing reached inside a transaction is addressed as its bridge says (msgs.arrival, e.g.
 *   Axelar's GMP memo); a bridge that delivers with a payload carries the rest on.
 * - Tokens a bridge delivers without a payload cannot carry a memo: what follows starts a new
 *   transaction on the chain they land on, even when the caller's tx_index says otherwise.
 * - The last delivery goes to the user's address on the destination chain, or to the
 *   post-route handler (ibc-hooks `wasm` memo / Stride `autopilot` memo / entry-point
 *   `contract_call` after a final swap).
 * Intermediate PFM hops address the packet to the user's own address on that chain (from
 * address_list): real PFM ignores that receiver for the forward, and a valid address there is
 * where a failed forward's funds would be recoverable.
 */
import type { MsgsRequest, MsgsResponse } from '../../api/schemas';
import { checkAddress, describeAddressProblem } from '../../chains/addresses';
import { bridgeOf } from '../bridges/registry';
import type { TxBuilding } from '../bridges/types';
import { invalidArgument } from '../http/errors';
import type { World } from '../world';
import {
  amountAfterAffiliates,
  swapAndActionMsg,
  type EntryPointAffiliate,
  type PostSwapAction,
} from './entry-point';
import { jsonToBinary, msgExecuteContract, msgTransfer, type CosmosMsgJson } from './cosmos';
import { stringifyExact, type ExactJson } from './json';
import { parseFeePayer, type SvmTxJson } from '../bridges/cctp/svm-tx';
import { autopilotMemo, forwardMemo, wasmMemo, type Delivery } from './memo';
import {
  applySlippage,
  parseAffiliates,
  parseAmountIn,
  parsePostRouteHandler,
  parseSlippage,
  parseTimeoutSeconds,
  type Affiliates,
  type PostRoute,
  type Slippage,
} from './options';
import { gasWarning, type GasBalanceReader, type GasWarning } from './gas-warnings';
import { requiredChainIds, toLegs, type BridgeLeg, type Leg, type SwapLeg } from './path';

export interface MsgsOptions {
  /** Milliseconds since the epoch (Date.now semantics); the only source of time. */
  now: () => number;
  /** Balances for `enable_gas_warnings` (the service reads its chains; required when a request enables them). */
  gasBalance?: GasBalanceReader;
}

/**
 * A transaction after the first is signed only once the one before it has landed (a CCTP
 * attestation alone takes up to ~20 minutes), so its timeouts get this much more time per
 * preceding transaction.
 */
export const LATER_TX_ALLOWANCE_SECONDS = 3600n;

export interface CosmosTxJson {
  chain_id: string;
  path: string[];
  signer_address: string;
  msgs: CosmosMsgJson[];
}

export interface Erc20ApprovalJson {
  token_contract: string;
  spender: string;
  amount: string;
}

export interface EvmTxJson {
  chain_id: string;
  to: string;
  value: string;
  data: string;
  required_erc20_approvals: Erc20ApprovalJson[];
  signer_address: string;
}

export type TxJson =
  | { cosmos_tx: CosmosTxJson; operations_indices: number[] }
  | { evm_tx: EvmTxJson; operations_indices: number[] }
  | { svm_tx: SvmTxJson; operations_indices: number[] };

export type MsgJson =
  | { multi_chain_msg: { chain_id: string; path: string[]; msg: string; msg_type_url: string } }
  | { evm_tx: EvmTxJson }
  | { svm_tx: SvmTxJson };

export interface FeeJson {
  fee_type: string;
  bridge_id: string;
  amount: string;
  usd_amount?: string;
  origin_asset: unknown;
  chain_id: string;
  tx_index: number;
  operation_index: number;
  fee_behavior: string;
}

export interface BuiltMsgs {
  msgs: MsgJson[];
  txs: TxJson[];
  min_amount_out: string;
  estimated_fees: FeeJson[];
  /** Only with enable_gas_warnings, and only when some account on the route lacks gas. */
  warning?: GasWarning;
}

interface Ctx {
  world: World;
  legs: Leg[];
  path: string[];
  addresses: string[];
  slippage: Slippage;
  timeoutSeconds: bigint;
  nowMs: bigint;
  affiliates: Affiliates;
  post: PostRoute;
  /** min_asset of each swap, by operation index. */
  minAsset: Map<number, bigint>;
  /** Expected amount entering each operation. */
  expectedIn: bigint[];
  /** Who pays the fees of a transaction signed on Solana (fee_payer_address), if not its signer. */
  svmFeePayer: string | undefined;
}

export function buildMsgs(world: World, request: MsgsRequest, options: MsgsOptions): MsgsResponse {
  return buildMsgsJson(world, request, options) as unknown as MsgsResponse;
}

/** buildMsgs with the builder's own precise output types. */
export function buildMsgsJson(world: World, request: MsgsRequest, options: MsgsOptions): BuiltMsgs {
  const amountIn = parseAmountIn(request.amount_in);
  const operations = request.operations;
  if (!Array.isArray(operations) || operations.length === 0) throw invalidArgument('invalid operations: expected at least one operation');
  const path = requiredChainIds(operations);
  const legs = toLegs(world, operations, path, request.source_asset_denom);
  const addresses = checkAddressList(world, path, request.address_list);
  const slippage = parseSlippage(request.slippage_tolerance_percent);
  const timeoutSeconds = parseTimeoutSeconds(request.timeout_seconds);
  const affiliates = parseAffiliates(world, request.chain_ids_to_affiliates);
  const post = parsePostRouteHandler(request.post_route_handler);
  checkPostRoute(world, legs, post);

  const ctx: Ctx = {
    world,
    legs,
    path,
    addresses,
    slippage,
    timeoutSeconds,
    nowMs: BigInt(Math.floor(options.now())),
    affiliates,
    post,
    minAsset: new Map(),
    expectedIn: [],
    svmFeePayer: parseFeePayer(world, legs, request.fee_payer_address),
  };
  const minAmountOut = walkAmounts(ctx, amountIn, request);
  const groups = groupIntoTxs(world, legs);

  const txs: TxJson[] = [];
  const msgs: MsgJson[] = [];
  groups.forEach((group, txNo) => {
    const amount = txNo === 0 ? amountIn : ctx.expectedIn[group[0]!.index]!;
    const built = buildTx(ctx, group, txNo, amount);
    for (const tx of built) {
      txs.push(tx);
      if ('cosmos_tx' in tx) {
        const { chain_id, path: p, msgs: list } = tx.cosmos_tx;
        for (const m of list) msgs.push({ multi_chain_msg: { chain_id, path: p, msg: m.msg, msg_type_url: m.msg_type_url } });
      } else if ('evm_tx' in tx) {
        msgs.push({ evm_tx: tx.evm_tx });
      } else {
        msgs.push({ svm_tx: tx.svm_tx });
      }
    }
  });

  const built: BuiltMsgs = { msgs, txs, min_amount_out: minAmountOut.toString(), estimated_fees: estimatedFees(ctx, groups) };
  if (request.enable_gas_warnings === true) {
    if (!options.gasBalance) throw new Error('enable_gas_warnings needs a balance reader (MsgsOptions.gasBalance)');
    const signers = txs.map((tx) => {
      const t = 'cosmos_tx' in tx ? tx.cosmos_tx : 'evm_tx' in tx ? tx.evm_tx : tx.svm_tx;
      return { chainId: t.chain_id, address: t.signer_address };
    });
    const warning = gasWarning(world, options.gasBalance, signers, { chainId: path[path.length - 1]!, address: addresses[addresses.length - 1]! });
    if (warning) built.warning = warning;
  }
  return built;
}

// ─────────────────────────────── checks ───────────────────────────────

function checkAddressList(world: World, path: readonly string[], list: unknown): string[] {
  const given = Array.isArray(list) ? list : [];
  if (given.length !== path.length) {
    throw invalidArgument(
      `invalid address_list: expected ${path.length} addresses, one per chain of the route in order (${path.join(', ')}), got ${given.length}`,
    );
  }
  return path.map((chainId, i) => {
    const address: unknown = given[i];
    const chain = world.chain(chainId)!;
    if (typeof address !== 'string') throw invalidArgument(`invalid address for chain ${chainId}: expected a string (address_list.${i})`);
    const check = checkAddress(address, chain);
    if (!check.ok) throw invalidArgument(describeAddressProblem(address, chain, check.reason));
    return address;
  });
}

/** Where the post-route handler may run: the route must end by arriving somewhere it can act. */
function checkPostRoute(world: World, legs: readonly Leg[], post: PostRoute): void {
  if (post.kind === 'none') return;
  const last = legs[legs.length - 1]!;
  const chain = world.chain(last.to)!;
  if (last.kind !== 'transfer' && last.kind !== 'swap') {
    throw invalidArgument(`post_route_handler needs a route that ends with an IBC transfer or a swap, not ${last.kind}`);
  }
  if (post.kind === 'wasm') {
    const check = checkAddress(post.contract, chain);
    if (!check.ok) {
      throw invalidArgument(`invalid post_route_handler.wasm_msg.contract_address: ${describeAddressProblem(post.contract, chain, check.reason)}`);
    }
    if (last.kind === 'transfer' && !chain.capabilities.ibcHooks) {
      throw invalidArgument(`post_route_handler wasm_msg needs ibc-hooks on ${last.to}, which does not run them`);
    }
    return;
  }
  const check = checkAddress(post.receiver, chain);
  if (!check.ok) {
    throw invalidArgument(`invalid post_route_handler.autpilot_msg.receiver: ${describeAddressProblem(post.receiver, chain, check.reason)}`);
  }
  if (last.kind !== 'transfer' || !chain.capabilities.autopilot) {
    throw invalidArgument(`post_route_handler autpilot_msg needs the route to end with an IBC transfer into a chain running autopilot; ${last.to} does not`);
  }
}

/**
 * Expected amount into and out of each operation (the caller's amounts when given), each
 * swap's min_asset, and the route's min_amount_out: the expected output with every swap held
 * to its slippage floor and every later deduction applied.
 */
function walkAmounts(ctx: Ctx, amountIn: bigint, request: MsgsRequest): bigint {
  const swaps = ctx.legs.filter((l) => l.kind === 'swap').length;
  let expected = amountIn;
  let min = amountIn;
  ctx.legs.forEach((leg, i) => {
    const inAmt = i === 0 ? amountIn : (leg.amountIn ?? expected);
    ctx.expectedIn[leg.index] = inAmt;
    let out: bigint;
    switch (leg.kind) {
      case 'swap': {
        const fallback = swaps === 1 ? (request.amount_out ?? request.estimated_amount_out) : undefined;
        const quoted = leg.amountOut ?? (fallback !== undefined && /^[0-9]+$/.test(fallback) ? BigInt(fallback) : undefined);
        if (quoted === undefined) throw invalidArgument(`operation ${leg.index} (swap) has no amount_out to hold the swap to`);
        out = quoted;
        const minAsset = swapMinimum(ctx, leg, quoted);
        ctx.minAsset.set(leg.index, minAsset);
        min = minAsset;
        break;
      }
      case 'transfer':
        out = leg.amountOut ?? inAmt;
        min = sub(min, inAmt - out);
        break;
      case 'bridge':
        out = bridgeOf(leg.bridge).msgs.amountOut(leg, inAmt);
        min = sub(min, inAmt - out);
        break;
    }
    if (out < 0n) throw invalidArgument(`operation ${leg.index} (${kindOf(leg)}) would leave a negative amount`);
    expected = out;
  });
  return min;
}

/** How errors name a leg: its kind, or its bridge's operation key. */
function kindOf(leg: Leg): string {
  return leg.kind === 'bridge' ? bridgeOf(leg.bridge).msgs.operationKey : leg.kind;
}

const sub = (a: bigint, b: bigint): bigint => (a - b < 0n ? 0n : a - b);

/**
 * min_asset of a swap. The quoted amount_out is net of any affiliate fee the route
 * already took (`estimated_affiliate_fee`); the fee is added back to get the gross output, the
 * affiliates of this request are paid from that gross the way the entry point pays them, and
 * slippage is applied to what is left.
 */
function swapMinimum(ctx: Ctx, leg: SwapLeg, quoted: bigint): bigint {
  const gross = quoted + leg.estimatedAffiliateFee;
  const net = amountAfterAffiliates(gross, affiliatesOn(ctx, leg.from));
  return applySlippage(net, ctx.slippage);
}

function affiliatesOn(ctx: Ctx, chainId: string): EntryPointAffiliate[] {
  return ctx.affiliates.byChain.get(chainId) ?? [];
}

// ─────────────────────────────── transactions ───────────────────────────────

/** Why `next` cannot ride on the packet/action that `prev` ends with, or undefined when it can. */
function continuationProblem(world: World, prev: Leg, next: Leg): string | undefined {
  const chain = world.chain(next.from)!;
  if (prev.kind === 'bridge') {
    const stop = bridgeOf(prev.bridge).msgs.cannotContinue(world, prev, next);
    if (stop !== undefined) return stop;
  }
  switch (next.kind) {
    case 'bridge':
      return bridgeOf(next.bridge).msgs.cannotFollow(world, prev, next);
    case 'transfer':
      if (prev.kind === 'swap') return undefined;
      return chain.capabilities.pfm ? undefined : `${next.from} does not run packet-forward-middleware`;
    case 'swap':
      if (prev.kind === 'swap') return `two swaps in a row on ${next.from} cannot be chained`;
      return chain.capabilities.ibcHooks ? undefined : `${next.from} does not run ibc-hooks, so it cannot swap on arrival`;
  }
}

/**
 * Operations grouped into transactions by their tx_index (a missing one continues the
 * transaction before it; indices must start at 0 and rise by one). Tokens that a bridge
 * delivers without a payload wait there for a new transaction signed on that
 * chain, so one is started even when the route's tx_index says otherwise. Any other
 * operation that cannot ride on the one before it is refused.
 */
function groupIntoTxs(world: World, legs: readonly Leg[]): Leg[][] {
  const groups: Leg[][] = [];
  let current = -1;
  for (const leg of legs) {
    const txIndex = leg.txIndex ?? (current === -1 ? 0 : current);
    if (txIndex !== current && txIndex !== current + 1) {
      throw invalidArgument(`invalid tx_index ${txIndex} on operation ${leg.index}: expected ${current === -1 ? 0 : `${current} or ${current + 1}`}`);
    }
    const prev = groups[groups.length - 1]?.at(-1);
    if (txIndex === current && prev) {
      const problem = continuationProblem(world, prev, leg);
      if (problem === undefined) {
        groups[groups.length - 1]!.push(leg);
      } else if (prev.kind === 'bridge') {
        groups.push([leg]);
      } else {
        throw invalidArgument(`operation ${leg.index} (${kindOf(leg)}) cannot continue the transaction of operation ${prev.index}: ${problem}`);
      }
    } else {
      groups.push([leg]);
    }
    current = txIndex;
  }
  return groups;
}

/**
 * IBC timeout of transaction `txNo` in ns since the epoch, on a whole second: a multiple of
 * 10^9 (so of 2^9) below 2^62 is exactly representable as a double, so a reader that
 * JSON.parses the bare number still gets it exactly.
 */
function timeoutNs(ctx: Ctx, txNo: number): bigint {
  const seconds = ctx.nowMs / 1000n + ctx.timeoutSeconds + BigInt(txNo) * LATER_TX_ALLOWANCE_SECONDS;
  return seconds * 1_000_000_000n;
}

const addr = (ctx: Ctx, pos: number): string => ctx.addresses[pos]!;

function txPath(group: readonly Leg[]): string[] {
  const out = [group[0]!.from];
  for (const leg of group) if (out[out.length - 1] !== leg.to) out.push(leg.to);
  return out;
}

/** What a bridge writing the first operation of a transaction may use (see ServiceBridge.msgs). */
function building(ctx: Ctx, group: Leg[], tNs: bigint): TxBuilding {
  const first = group[0]!;
  const indices = group.map((l) => l.index);
  const signer = addr(ctx, first.fromPos);
  return {
    world: ctx.world,
    address: (pos) => addr(ctx, pos),
    timeoutNs: tNs,
    timeoutSeconds: ctx.timeoutSeconds,
    nowMs: ctx.nowMs,
    indices,
    svmFeePayer: ctx.svmFeePayer,
    onward: (extraNs = 0n) => (group.length > 1 ? arrival(ctx, group, 1, tNs + extraNs) : undefined),
    evmTx: (to, value, data, approvals) => evmTx(first.from, to, value.toString(), data, approvals, signer, indices),
    cosmosTx: (msgs) => ({ cosmos_tx: { chain_id: first.from, path: txPath(group), signer_address: signer, msgs }, operations_indices: indices }),
  };
}

function buildTx(ctx: Ctx, group: Leg[], txNo: number, amount: bigint): TxJson[] {
  const first = group[0]!;
  const source = ctx.world.chain(first.from)!;
  const tNs = timeoutNs(ctx, txNo);
  const b = building(ctx, group, tNs);
  if (first.kind === 'bridge') return bridgeOf(first.bridge).msgs.startTx(b, first, amount);
  if (source.chainType !== 'cosmos') throw invalidArgument(`operation ${first.index} (${first.kind}): a ${first.kind} cannot start on ${first.from}`);
  if (first.kind === 'transfer') {
    const d = arrival(ctx, group, 1, tNs);
    return [
      b.cosmosTx([
        msgTransfer({
          sourcePort: first.port,
          sourceChannel: first.channel,
          denom: first.denomIn,
          amount,
          sender: addr(ctx, first.fromPos),
          receiver: d.receiver,
          timeoutTimestampNs: tNs,
          memo: d.memo,
        }),
      ]),
    ];
  }
  return [
    b.cosmosTx([
      msgExecuteContract({
        sender: addr(ctx, first.fromPos),
        contract: first.entryPoint,
        msg: swapMsg(ctx, group, 0, tNs, { denom: first.denomIn, amount }),
        funds: [{ denom: first.denomIn, amount }],
      }),
    ]),
  ];
}

function evmTx(chainId: string, to: string, value: string, data: string, approvals: Erc20ApprovalJson[], signer: string, indices: number[]): TxJson {
  return { evm_tx: { chain_id: chainId, to, value, data, required_erc20_approvals: approvals, signer_address: signer }, operations_indices: indices };
}

/** Where the packet that ends `group[k - 1]` goes, and the memo that runs `group[k..]`. */
function arrival(ctx: Ctx, group: Leg[], k: number, tNs: bigint): Delivery {
  const prev = group[k - 1]!;
  const next = group[k];
  if (!next) return finalDelivery(ctx, prev);
  switch (next.kind) {
    case 'transfer': {
      const then = arrival(ctx, group, k + 1, tNs);
      return {
        receiver: addr(ctx, next.fromPos),
        memo: forwardMemo({ receiver: then.receiver, channel: next.channel, timeoutSeconds: ctx.timeoutSeconds, next: then.memo }),
      };
    }
    case 'swap':
      return { receiver: next.entryPoint, memo: wasmMemo(next.entryPoint, swapMsg(ctx, group, k, tNs)) };
    case 'bridge': {
      const into = bridgeArrival(ctx, group, k, tNs);
      if (into.viaChannel === undefined) return into.delivery;
      // arrive on a PFM chain, forward into the bridge over its channel
      return {
        receiver: addr(ctx, next.fromPos),
        memo: forwardMemo({ receiver: into.delivery.receiver, channel: into.viaChannel, timeoutSeconds: ctx.timeoutSeconds, next: into.delivery.memo }),
      };
    }
  }
}

/** How the packet reaching the crossing `group[k]` is addressed (groupIntoTxs has refused crossings that start their own transaction). */
function bridgeArrival(ctx: Ctx, group: Leg[], k: number, tNs: bigint): { delivery: Delivery; viaChannel?: string } {
  const leg = group[k] as BridgeLeg;
  const bridge = bridgeOf(leg.bridge);
  const into = bridge.msgs.arrival?.(building(ctx, group.slice(k), tNs), leg);
  if (!into) throw invalidArgument(`operation ${leg.index} (${bridge.msgs.operationKey}) must start its own transaction`);
  return into;
}

/** The end of a transaction: the user's address, or the post-route handler at the route's end. */
function finalDelivery(ctx: Ctx, last: Leg): Delivery {
  const routeEnds = last === ctx.legs[ctx.legs.length - 1];
  if (routeEnds && ctx.post.kind === 'wasm') return { receiver: ctx.post.contract, memo: wasmMemo(ctx.post.contract, ctx.post.msg) };
  if (routeEnds && ctx.post.kind === 'autopilot') return { receiver: ctx.post.receiver, memo: autopilotMemo(ctx.post.receiver, ctx.post.action) };
  return { receiver: addr(ctx, last.toPos) };
}

/** The entry point's swap_and_action for `group[k]`, with what happens after it. */
function swapMsg(ctx: Ctx, group: Leg[], k: number, tNs: bigint, sent?: { denom: string; amount: bigint }): ExactJson {
  const leg = group[k] as SwapLeg;
  const next = group[k + 1];
  let post: PostSwapAction;
  if (!next) {
    const routeEnds = leg === ctx.legs[ctx.legs.length - 1];
    post =
      routeEnds && ctx.post.kind === 'wasm'
        ? { contract_call: { contract_address: ctx.post.contract, msg: jsonToBinary(ctx.post.msg) } }
        : { bank_send: { to_address: addr(ctx, leg.toPos) } };
  } else if (next.kind === 'transfer') {
    const then = arrival(ctx, group, k + 2, tNs);
    post = {
      ibc_transfer: {
        ibc_info: {
          source_channel: next.channel,
          receiver: then.receiver,
          memo: then.memo === undefined ? '' : stringifyExact(then.memo),
          recover_address: addr(ctx, leg.fromPos),
        },
      },
    };
  } else if (next.kind === 'bridge' && bridgeArrival(ctx, group, k + 1, tNs).viaChannel !== undefined) {
    // the entry point sends the output into the bridge over its channel
    const into = bridgeArrival(ctx, group, k + 1, tNs);
    post = {
      ibc_transfer: {
        ibc_info: {
          source_channel: into.viaChannel!,
          receiver: into.delivery.receiver,
          memo: into.delivery.memo === undefined ? '' : stringifyExact(into.delivery.memo),
          recover_address: addr(ctx, leg.fromPos),
        },
      },
    };
  } else {
    throw invalidArgument(`operation ${next.index} (${kindOf(next)}) cannot follow the swap of operation ${leg.index} in one transaction`);
  }
  return swapAndActionMsg({
    sentAsset: sent,
    venue: leg.venue,
    operations: leg.operations,
    minAsset: { denom: leg.denomOut, amount: ctx.minAsset.get(leg.index)! },
    timeoutTimestampNs: tNs,
    postSwapAction: post,
    affiliates: affiliatesOn(ctx, leg.from),
  });
}

// ─────────────────────────────── fees ───────────────────────────────

/** Fees the operations' bridges carry, computed as the planner reports them in the route. */
function estimatedFees(ctx: Ctx, groups: readonly Leg[][]): FeeJson[] {
  const fees: FeeJson[] = [];
  groups.forEach((group, txNo) => {
    for (const leg of group) if (leg.kind === 'bridge') fees.push(...bridgeOf(leg.bridge).msgs.fees(ctx.world, leg, txNo));
  });
  return fees;
}
