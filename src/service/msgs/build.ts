/**
 * POST /v2/fungible/msgs: a route's operations plus one address per chain on its path become
 * the transactions to sign. Pure given `now`; every problem with the request is a ServiceError
 * (400, code 3) that names the field, operation or chain.
 *
 * How operations become messages (one transaction per tx_index):
 * - A transaction starts with what its first operation needs on its source chain: an IBC
 *   MsgTransfer, a MsgExecuteContract to the venue's entry point (a swap that starts there),
 *   Noble's MsgDepositForBurn (CCTP from Noble), or an evm_tx (CCTP depositForBurn, Axelar
 *   sendToken from an EVM chain).
 * - Every following operation of the same transaction rides in the memo of the packet that
 *   arrives before it: an IBC hop on a PFM chain is a `forward` memo, a swap on arrival is an
 *   ibc-hooks `wasm` memo calling the entry point (the packet's receiver is the entry point),
 *   a transfer after a swap is the entry point's `ibc_transfer` post-swap action, and a
 *   transfer into Axelar that continues to an EVM chain is Axelar's GMP memo.
 * - The last delivery goes to the user's address on the destination chain, or to the
 *   post-route handler (ibc-hooks `wasm` memo / Stride `autopilot` memo / entry-point
 *   `contract_call` after a final swap).
 * Intermediate PFM hops address the packet to the user's own address on that chain (from
 * address_list): real PFM ignores that receiver for the forward, and a valid address there is
 * where a failed forward's funds would be recoverable.
 */
import type { MsgsRequest, MsgsResponse } from '../../api/schemas';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { addressBytes, checkAddress, describeAddressProblem, encodeBech32, leftPad32 } from '../../chains/addresses';
import { invalidArgument } from '../http/errors';
import { parseDecimal, toWireAsset, type World, type WorldAsset } from '../world';
import {
  amountAfterAffiliates,
  swapAndActionMsg,
  type EntryPointAffiliate,
  type PostSwapAction,
} from './entry-point';
import {
  jsonToBinary,
  msgDepositForBurn,
  msgExecuteContract,
  msgSend,
  msgTransfer,
  type CosmosMsgJson,
} from './cosmos';
import {
  AXELAR_GATEWAY,
  CCTP_TOKEN_MESSENGER,
  cctpRelayerContract,
  depositForBurnCalldata,
  requestCctpTransferCalldata,
  sendTokenCalldata,
} from './evm';
import { stringifyExact, type ExactJson } from './json';
import { AXELAR_GMP_ACCOUNT, autopilotMemo, axelarGmpMemo, forwardMemo, wasmMemo, type Delivery } from './memo';
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
import { requiredChainIds, toLegs, type AxelarLeg, type Leg, type SwapLeg } from './path';

export interface MsgsOptions {
  /** Milliseconds since the epoch (Date.now semantics); the only source of time. */
  now: () => number;
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
  | { evm_tx: EvmTxJson; operations_indices: number[] };

export type MsgJson =
  | { multi_chain_msg: { chain_id: string; path: string[]; msg: string; msg_type_url: string } }
  | { evm_tx: EvmTxJson };

export interface FeeJson {
  fee_type: 'SMART_RELAY';
  bridge_id: string;
  amount: string;
  usd_amount?: string;
  origin_asset: unknown;
  chain_id: string;
  tx_index: number;
  operation_index: number;
  fee_behavior: 'FEE_BEHAVIOR_DEDUCTED';
}

export interface BuiltMsgs {
  msgs: MsgJson[];
  txs: TxJson[];
  min_amount_out: string;
  estimated_fees: FeeJson[];
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
      } else {
        msgs.push({ evm_tx: tx.evm_tx });
      }
    }
  });

  return { msgs, txs, min_amount_out: minAmountOut.toString(), estimated_fees: estimatedFees(ctx, groups) };
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
        const quoted = leg.amountOut ?? leg.swapAmountOut ?? (fallback !== undefined && /^[0-9]+$/.test(fallback) ? BigInt(fallback) : undefined);
        if (quoted === undefined) throw invalidArgument(`operation ${leg.index} (swap) has no amount_out to hold the swap to`);
        out = quoted;
        const minAsset = leg.exactOut ? (leg.swapAmountOut ?? quoted) : swapMinimum(ctx, leg, quoted);
        ctx.minAsset.set(leg.index, minAsset);
        min = minAsset;
        break;
      }
      case 'transfer':
        out = leg.amountOut ?? inAmt;
        min = sub(min, inAmt - out);
        break;
      case 'cctp':
        out = leg.amountOut ?? inAmt - (leg.relayFee?.amount ?? 0n);
        min = sub(min, inAmt - out);
        break;
      case 'axelar':
        out = leg.amountOut ?? inAmt - leg.fee;
        min = sub(min, inAmt - out);
        break;
    }
    if (out < 0n) throw invalidArgument(`operation ${leg.index} (${leg.kind}) would leave a negative amount`);
    expected = out;
  });
  return min;
}

const sub = (a: bigint, b: bigint): bigint => (a - b < 0n ? 0n : a - b);

/**
 * min_asset of an exact-in swap. The quoted amount_out is net of any affiliate fee the route
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
  if (prev.kind === 'cctp') return `CCTP mints on ${prev.to} without running anything after it`;
  if (prev.kind === 'axelar') return `an Axelar transfer delivers to ${prev.to} without running anything after it`;
  switch (next.kind) {
    case 'cctp':
      return `a CCTP burn on ${next.from} is signed in its own transaction`;
    case 'transfer':
      if (prev.kind === 'swap') return undefined;
      return chain.capabilities.pfm ? undefined : `${next.from} does not run packet-forward-middleware`;
    case 'swap':
      if (prev.kind === 'swap') return `two swaps in a row on ${next.from} cannot be chained`;
      return chain.capabilities.ibcHooks ? undefined : `${next.from} does not run ibc-hooks, so it cannot swap on arrival`;
    case 'axelar':
      if (next.from === world.bridges.axelar.axelarChainId) return prev.kind === 'transfer' ? undefined : 'the swap output cannot enter Axelar directly';
      if (prev.kind === 'swap') return undefined;
      return chain.capabilities.pfm ? undefined : `${next.from} does not run packet-forward-middleware`;
  }
}

/**
 * Operations grouped into transactions by their tx_index (a missing one continues the
 * transaction before it). Indices must start at 0 and rise by one.
 */
function groupIntoTxs(world: World, legs: readonly Leg[]): Leg[][] {
  const groups: Leg[][] = [];
  let current = -1;
  for (const leg of legs) {
    const txIndex = leg.txIndex ?? (groups.length === 0 ? 0 : current);
    if (txIndex === current) {
      groups[groups.length - 1]!.push(leg);
      continue;
    }
    if (txIndex !== current + 1) {
      throw invalidArgument(`invalid tx_index ${txIndex} on operation ${leg.index}: expected ${current === -1 ? 0 : `${current} or ${current + 1}`}`);
    }
    current = txIndex;
    groups.push([leg]);
  }
  for (const group of groups) {
    for (let k = 1; k < group.length; k += 1) {
      const problem = continuationProblem(world, group[k - 1]!, group[k]!);
      if (problem) {
        throw invalidArgument(`operation ${group[k]!.index} (${group[k]!.kind}) cannot continue the transaction of operation ${group[k - 1]!.index}: ${problem}`);
      }
    }
  }
  return groups;
}

function timeoutNs(ctx: Ctx, txNo: number): bigint {
  const seconds = ctx.timeoutSeconds + BigInt(txNo) * LATER_TX_ALLOWANCE_SECONDS;
  return (ctx.nowMs + seconds * 1000n) * 1_000_000n;
}

const addr = (ctx: Ctx, pos: number): string => ctx.addresses[pos]!;

function txPath(group: readonly Leg[]): string[] {
  const out = [group[0]!.from];
  for (const leg of group) if (out[out.length - 1] !== leg.to) out.push(leg.to);
  return out;
}

function buildTx(ctx: Ctx, group: Leg[], txNo: number, amount: bigint): TxJson[] {
  const first = group[0]!;
  const source = ctx.world.chain(first.from)!;
  const indices = group.map((l) => l.index);
  const tNs = timeoutNs(ctx, txNo);
  if (source.chainType === 'svm') throw invalidArgument('Solana-source transfers are not supported by the local service');

  const cosmos = (msgs: CosmosMsgJson[]): TxJson[] => [
    { cosmos_tx: { chain_id: first.from, path: txPath(group), signer_address: addr(ctx, first.fromPos), msgs }, operations_indices: indices },
  ];

  switch (first.kind) {
    case 'transfer': {
      const d = arrival(ctx, group, 1, tNs);
      return cosmos([
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
      ]);
    }
    case 'swap':
      return cosmos([
        msgExecuteContract({
          sender: addr(ctx, first.fromPos),
          contract: first.entryPoint,
          msg: swapMsg(ctx, group, 0, tNs, { denom: first.denomIn, amount }),
          funds: [{ denom: first.denomIn, amount }],
        }),
      ]);
    case 'cctp': {
      const dest = ctx.world.chain(first.to)!;
      const domain = ctx.world.cctpChain(first.to)!.domain;
      const mintRecipient = leftPad32(addressBytes(addr(ctx, first.toPos), dest));
      const fee = first.relayFee?.amount ?? 0n;
      if (fee >= amount) throw invalidArgument(`operation ${first.index} (cctp_transfer): the relay fee ${fee} is not less than the amount ${amount}`);
      if (source.chainType === 'cosmos') {
        const msgs = [
          msgDepositForBurn({ from: addr(ctx, first.fromPos), amount: amount - fee, destinationDomain: domain, mintRecipient, burnToken: first.burnToken }),
        ];
        if (fee > 0n) {
          const to = relayFeeAddress(ctx, first.relayFee!.payTo, source.chainId, first.index);
          msgs.push(msgSend({ from: addr(ctx, first.fromPos), to, denom: first.burnToken, amount: fee }));
        }
        return cosmos(msgs);
      }
      const messenger = CCTP_TOKEN_MESSENGER[first.from];
      if (!messenger) throw invalidArgument(`operation ${first.index} (cctp_transfer): no CCTP TokenMessenger known on chain ${first.from}`);
      // with a relay fee, the relayer contract takes the fee and burns the rest in one transaction
      const to = fee > 0n ? cctpRelayerContract(first.from) : messenger;
      const data =
        fee > 0n
          ? requestCctpTransferCalldata({ transferAmount: amount - fee, destinationDomain: domain, mintRecipient, burnToken: first.burnToken, feeAmount: fee })
          : depositForBurnCalldata({ amount, destinationDomain: domain, mintRecipient, burnToken: first.burnToken });
      return [
        {
          evm_tx: {
            chain_id: first.from,
            to,
            value: '0',
            data,
            required_erc20_approvals: [{ token_contract: first.burnToken, spender: to, amount: amount.toString() }],
            signer_address: addr(ctx, first.fromPos),
          },
          operations_indices: indices,
        },
      ];
    }
    case 'axelar':
      return axelarFirst(ctx, group, first, amount, tNs, cosmos);
  }
}

/** The quote's fee payment address, or the simulated relayer's own account on that chain. */
function relayFeeAddress(ctx: Ctx, payTo: string | undefined, chainId: string, index: number): string {
  const chain = ctx.world.chain(chainId)!;
  if (payTo === undefined) return simulatedRelayerAddress(chain.bech32Prefix, chainId);
  if (!checkAddress(payTo, chain).ok) {
    throw invalidArgument(`operation ${index} (cctp_transfer): smart_relay_fee_quote's fee payment address ${JSON.stringify(payTo)} is not an address on ${chainId}`);
  }
  return payTo;
}

/** bech32(prefix, sha256('courier-sim/cctp-relayer/<chain id>')[0..20]): where the local relayer collects fees. */
export function simulatedRelayerAddress(prefix: string, chainId: string): string {
  return encodeBech32(prefix, sha256(utf8ToBytes(`courier-sim/cctp-relayer/${chainId}`)).slice(0, 20));
}

function axelarFirst(
  ctx: Ctx,
  group: Leg[],
  first: AxelarLeg,
  amount: bigint,
  tNs: bigint,
  cosmos: (msgs: CosmosMsgJson[]) => TxJson[],
): TxJson[] {
  const source = ctx.world.chain(first.from)!;
  if (source.chainType === 'evm') {
    const gateway = AXELAR_GATEWAY[first.from];
    const token = ctx.world.asset(first.from, first.denomIn);
    if (!gateway || !token?.tokenContract || !token.symbol) {
      throw invalidArgument(`operation ${first.index} (axelar_transfer): Axelar's gateway on ${first.from} does not take ${first.denomIn}`);
    }
    return [
      {
        evm_tx: {
          chain_id: first.from,
          to: gateway,
          value: '0',
          data: sendTokenCalldata({
            destinationChain: axelarChainName(ctx.world, first.to),
            destinationAddress: addr(ctx, first.toPos),
            symbol: token.symbol,
            amount,
          }),
          required_erc20_approvals: [{ token_contract: token.tokenContract, spender: gateway, amount: amount.toString() }],
          signer_address: addr(ctx, first.fromPos),
        },
        operations_indices: group.map((l) => l.index),
      },
    ];
  }
  if (!first.ibcLeg) {
    throw invalidArgument(`operation ${first.index} (axelar_transfer): transfers that start on ${first.from} itself are not supported by the local service`);
  }
  const d = axelarDelivery(ctx, first);
  return cosmos([
    msgTransfer({
      sourcePort: first.ibcLeg.port,
      sourceChannel: first.ibcLeg.channel,
      denom: first.denomIn,
      amount,
      sender: addr(ctx, first.fromPos),
      receiver: d.receiver,
      timeoutTimestampNs: tNs,
      memo: d.memo,
    }),
  ]);
}

/** Axelar's name for a chain: the bridge table's for EVM chains, the registry name for Cosmos ones. */
function axelarChainName(world: World, chainId: string): string {
  const chain = world.chain(chainId)!;
  if (chain.axelarChainName) return chain.axelarChainName;
  if (chainId === world.bridges.axelar.axelarChainId) return 'Axelarnet';
  return chain.chainName;
}

/** The IBC packet into axelar-dojo-1 that Axelar's GMP module turns into a transfer to `leg.to`. */
function axelarDelivery(ctx: Ctx, leg: AxelarLeg): Delivery {
  return { receiver: AXELAR_GMP_ACCOUNT, memo: axelarGmpMemo(axelarChainName(ctx.world, leg.to), addr(ctx, leg.toPos)) };
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
    case 'axelar': {
      const gmp = axelarDelivery(ctx, next);
      if (next.from === ctx.world.bridges.axelar.axelarChainId) return gmp;
      // arrive on a PFM chain, forward into Axelar with the GMP memo
      return {
        receiver: addr(ctx, next.fromPos),
        memo: forwardMemo({ receiver: gmp.receiver, channel: next.ibcLeg!.channel, timeoutSeconds: ctx.timeoutSeconds, next: gmp.memo }),
      };
    }
    case 'cctp':
      // groupIntoTxs refuses this; kept for exhaustiveness
      throw invalidArgument(`operation ${next.index} (cctp_transfer) must start its own transaction`);
  }
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
  } else if (next.kind === 'axelar' && next.ibcLeg) {
    const gmp = axelarDelivery(ctx, next);
    post = {
      ibc_transfer: {
        ibc_info: {
          source_channel: next.ibcLeg.channel,
          receiver: gmp.receiver,
          memo: stringifyExact(gmp.memo!),
          recover_address: addr(ctx, leg.fromPos),
        },
      },
    };
  } else {
    throw invalidArgument(`operation ${next.index} (${next.kind}) cannot follow the swap of operation ${leg.index} in one transaction`);
  }
  return swapAndActionMsg({
    sentAsset: sent,
    venue: leg.venue,
    operations: leg.operations,
    refundAddress: leg.exactOut ? addr(ctx, leg.fromPos) : undefined,
    minAsset: { denom: leg.denomOut, amount: ctx.minAsset.get(leg.index)! },
    timeoutTimestampNs: tNs,
    postSwapAction: post,
    affiliates: affiliatesOn(ctx, leg.from),
  });
}

// ─────────────────────────────── fees ───────────────────────────────

/** Smart-relay fees the operations carry, as the route reports them. */
function estimatedFees(ctx: Ctx, groups: readonly Leg[][]): FeeJson[] {
  const fees: FeeJson[] = [];
  groups.forEach((group, txNo) => {
    for (const leg of group) {
      if (leg.kind === 'cctp' && leg.relayFee) {
        const asset = ctx.world.resolveAsset(leg.from, leg.denomIn);
        if (!asset) continue;
        fees.push(fee(ctx.world, 'CCTP', leg.relayFee.amount, asset, toWireAsset(asset), leg.from, txNo, leg.index));
      } else if (leg.kind === 'transfer' && leg.smartRelay && leg.fee) {
        const assetDenom = (leg.fee.asset as { denom?: unknown }).denom;
        const asset = typeof assetDenom === 'string' ? ctx.world.resolveAsset(leg.from, assetDenom) : undefined;
        const f = fee(ctx.world, leg.fee.bridgeId, leg.fee.amount, asset, leg.fee.asset, leg.from, txNo, leg.index);
        if (leg.fee.usdAmount !== undefined) f.usd_amount = leg.fee.usdAmount;
        fees.push(f);
      }
    }
  });
  return fees;
}

function fee(world: World, bridgeId: string, amount: bigint, asset: WorldAsset | undefined, wireAsset: unknown, chainId: string, txIndex: number, operationIndex: number): FeeJson {
  const usd = asset ? usdValue(world, asset, amount) : undefined;
  return {
    fee_type: 'SMART_RELAY',
    bridge_id: bridgeId,
    amount: amount.toString(),
    ...(usd !== undefined && { usd_amount: usd }),
    origin_asset: wireAsset,
    chain_id: chainId,
    tx_index: txIndex,
    operation_index: operationIndex,
    fee_behavior: 'FEE_BEHAVIOR_DEDUCTED',
  };
}

/** USD value to the cent, rounded half up; undefined without a price or decimals. */
export function usdValue(world: World, asset: WorldAsset, amount: bigint): string | undefined {
  const price = world.priceOfAsset(asset);
  if (price === undefined || asset.decimals === undefined) return undefined;
  const p = parseDecimal(price);
  const den = p.den * 10n ** BigInt(asset.decimals);
  const cents = (amount * p.num * 200n + den) / (2n * den);
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}
