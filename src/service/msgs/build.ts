/**
 * POST /v2/fungible/msgs: a route's operations plus one address per chain on its path become
 * the transactions to sign. Pure given `now`; every problem with the request is a ServiceError
 * (400, code 3) that names the field, operation or chain.
 *
 * How operations become messages (one transaction per tx_index):
 * - A transaction starts with what its first operation needs on its source chain: an IBC
 *   MsgTransfer, a MsgExecuteContract to the venue's entry point (a swap that starts there),
 *   Noble's MsgDepositForBurn (+ a MsgSend of the smart-relay fee), an evm_tx (CCTP
 *   depositForBurn, or the relayer contract's requestCCTPTransfer when a relay fee is quoted;
 *   Axelar gateway sendToken / callContractWithToken), or, on axelar-dojo-1 itself, Axelar's
 *   LinkRequest + a bank send into the deposit address.
 * - Every following operation of the same transaction rides in the memo of the packet that
 *   arrives before it: an IBC hop on a PFM chain is a `forward` memo, a swap on arrival is an
 *   ibc-hooks `wasm` memo calling the entry point (the packet's receiver is the entry point),
 *   a transfer after a swap is the entry point's `ibc_transfer` post-swap action, a transfer
 *   into Axelar that continues to an EVM chain is Axelar's GMP memo, and an Axelar transfer
 *   from an EVM chain into Cosmos carries the onward memo as its GMP payload.
 * - Tokens a CCTP mint delivers cannot carry a memo: what follows starts a new transaction on
 *   the chain they land on, even when the caller's tx_index says otherwise.
 * - The last delivery goes to the user's address on the destination chain, or to the
 *   post-route handler (ibc-hooks `wasm` memo / Stride `autopilot` memo / entry-point
 *   `contract_call` after a final swap).
 * Intermediate PFM hops address the packet to the user's own address on that chain (from
 * address_list): real PFM ignores that receiver for the forward, and a valid address there is
 * where a failed forward's funds would be recoverable.
 */
import type { MsgsRequest, MsgsResponse } from '../../api/schemas';
import { addressBytes, checkAddress, describeAddressProblem, leftPad32 } from '../../chains/addresses';
import { simulatedCctpRelayerAccount } from '../../chains/bridge-contracts';
import { invalidArgument } from '../http/errors';
import { formatUsd, usdValue as usdScaled } from '../pricing';
import { toWireAsset, type World } from '../world';
import {
  amountAfterAffiliates,
  swapAndActionMsg,
  type EntryPointAffiliate,
  type PostSwapAction,
} from './entry-point';
import {
  axelarDepositAddress,
  jsonToBinary,
  msgLinkRequest,
  msgDepositForBurn,
  msgExecuteContract,
  msgSend,
  msgTransfer,
  type CosmosMsgJson,
} from './cosmos';
import {
  AXELAR_GATEWAY,
  CCTP_TOKEN_MESSENGER,
  callContractWithTokenCalldata,
  cosmosMemoPayload,
  cctpRelayerContract,
  depositForBurnCalldata,
  requestCctpTransferCalldata,
  sendTokenCalldata,
} from './evm';
import { axelarSeconds } from '../planner/timing';
import { stringifyExact, type ExactJson } from './json';
import { svmCctpTx, parseFeePayer, type SvmTxJson } from './svm-tx';
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
import { gasWarning, type GasBalanceReader, type GasWarning } from './gas-warnings';
import { requiredChainIds, toLegs, type AxelarLeg, type BridgeFee, type FeeBehavior, type Leg, type SwapLeg } from './path';

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
  fee_type: 'SMART_RELAY';
  bridge_id: string;
  amount: string;
  usd_amount?: string;
  origin_asset: unknown;
  chain_id: string;
  tx_index: number;
  operation_index: number;
  fee_behavior: FeeBehavior;
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
      case 'cctp':
        out = leg.amountOut ?? inAmt - deducted(leg.relayFee);
        min = sub(min, inAmt - out);
        break;
      case 'axelar':
        out = leg.amountOut ?? inAmt - deducted(leg.fee);
        min = sub(min, inAmt - out);
        break;
    }
    if (out < 0n) throw invalidArgument(`operation ${leg.index} (${leg.kind}) would leave a negative amount`);
    expected = out;
  });
  return min;
}

const deducted = (fee: BridgeFee | undefined): bigint => (fee?.behavior === 'FEE_BEHAVIOR_DEDUCTED' ? fee.amount : 0n);

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
  if (prev.kind === 'cctp') return `CCTP mints on ${prev.to} without running anything after it`;
  // Axelar from an EVM chain delivers into Cosmos with a memo (GMP payload); nothing else does
  if (prev.kind === 'axelar' && (world.chain(prev.from)!.chainType !== 'evm' || world.chain(prev.to)!.chainType !== 'cosmos')) {
    return `an Axelar transfer delivers to ${prev.to} without running anything after it`;
  }
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
 * transaction before it; indices must start at 0 and rise by one). Tokens that a bridge
 * (CCTP, Axelar) delivers to a Cosmos chain wait there for a new transaction signed on that
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
      } else if (prev.kind === 'cctp' || prev.kind === 'axelar') {
        groups.push([leg]);
      } else {
        throw invalidArgument(`operation ${leg.index} (${leg.kind}) cannot continue the transaction of operation ${prev.index}: ${problem}`);
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

function buildTx(ctx: Ctx, group: Leg[], txNo: number, amount: bigint): TxJson[] {
  const first = group[0]!;
  const source = ctx.world.chain(first.from)!;
  const indices = group.map((l) => l.index);
  const tNs = timeoutNs(ctx, txNo);
  if (source.chainType === 'svm') {
    if (first.kind !== 'cctp') throw invalidArgument(`operation ${first.index} (${first.kind}): from Solana the local service signs only CCTP transfers`);
    const dest = ctx.world.chain(first.to)!;
    return [
      svmCctpTx(ctx.world, {
        chainId: first.from,
        owner: addr(ctx, first.fromPos),
        feePayer: ctx.svmFeePayer,
        amount,
        destinationDomain: ctx.world.cctpChain(first.to)!.domain,
        mintRecipient: leftPad32(addressBytes(addr(ctx, first.toPos), dest)),
        burnToken: first.burnToken,
        relayFee: first.relayFee,
        nowMs: ctx.nowMs,
        operationIndex: first.index,
        indices,
      }),
    ];
  }

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
      const fee = first.relayFee;
      const signer = addr(ctx, first.fromPos);
      if (source.chainType === 'cosmos') {
        // Noble: the fee comes out of the amount and goes to the relayer in the same tx
        const feeAmount = fee?.amount ?? 0n;
        if (feeAmount >= amount) throw invalidArgument(`operation ${first.index} (cctp_transfer): the relay fee ${feeAmount} is not less than the amount ${amount}`);
        const msgs = [msgDepositForBurn({ from: signer, amount: amount - feeAmount, destinationDomain: domain, mintRecipient, burnToken: first.burnToken })];
        if (fee) msgs.push(msgSend({ from: signer, to: relayFeeAddress(ctx, fee.payTo, source.chainId, first.index), denom: first.burnToken, amount: fee.amount }));
        return cosmos(msgs);
      }
      const messenger = CCTP_TOKEN_MESSENGER[first.from];
      if (!messenger) throw invalidArgument(`operation ${first.index} (cctp_transfer): no CCTP TokenMessenger known on chain ${first.from}`);
      if (!fee) {
        return [evmTx(first.from, messenger, '0', depositForBurnCalldata({ amount, destinationDomain: domain, mintRecipient, burnToken: first.burnToken }), [
          { token_contract: first.burnToken, spender: messenger, amount: amount.toString() },
        ], signer, indices)];
      }
      // the relayer contract pulls the fee with the amount and burns the amount, in one tx
      const deductedFee = deducted(fee);
      if (deductedFee >= amount) throw invalidArgument(`operation ${first.index} (cctp_transfer): the relay fee ${fee.amount} is not less than the amount ${amount}`);
      const relayer = cctpRelayerContract(first.from);
      const transferAmount = amount - deductedFee;
      const data = requestCctpTransferCalldata({ transferAmount, destinationDomain: domain, mintRecipient, burnToken: first.burnToken, feeAmount: fee.amount });
      return [evmTx(first.from, relayer, '0', data, [
        { token_contract: first.burnToken, spender: relayer, amount: (transferAmount + fee.amount).toString() },
      ], signer, indices)];
    }
    case 'axelar':
      return axelarFirst(ctx, group, first, amount, tNs, cosmos);
  }
}

/** The quote's fee payment address, or the simulated relayer's own account on that chain. */
function relayFeeAddress(ctx: Ctx, payTo: string | undefined, chainId: string, index: number): string {
  const chain = ctx.world.chain(chainId)!;
  if (payTo === undefined) return simulatedCctpRelayerAccount(chain.bech32Prefix, chainId);
  if (!checkAddress(payTo, chain).ok) {
    throw invalidArgument(`operation ${index} (cctp_transfer): smart_relay_fee_quote's fee payment address ${JSON.stringify(payTo)} is not an address on ${chainId}`);
  }
  return payTo;
}

/** Where the local CCTP relayer collects fees on a Cosmos chain (shared with Courier's verification). */
export { simulatedCctpRelayerAccount as simulatedRelayerAddress };

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
    // The fee is paid on top, in the gas token, as the transaction's value (the local gateway
    // takes it for gas and relaying); a fee in the token itself comes out of the amount on Axelar.
    const nativeFee = first.fee && isNativeOf(ctx.world, first.from, first.fee.denom) ? first.fee.amount : 0n;
    const destinationChain = axelarChainName(ctx.world, first.to);
    // When the route goes on from the Cosmos chain Axelar delivers to, the gateway call carries
    // the ICS-20 memo (and receiver) of that delivery as a GMP payload; otherwise a plain sendToken.
    // what runs on arrival (a swap's absolute timeout) waits for Axelar first: give it the bridge's time too
    const onward = group.length > 1 ? arrival(ctx, group, 1, tNs + BigInt(axelarSeconds(first.from)) * 1_000_000_000n) : undefined;
    const data =
      onward?.memo !== undefined
        ? callContractWithTokenCalldata({
            destinationChain,
            contractAddress: onward.receiver,
            payload: cosmosMemoPayload(stringifyExact(onward.memo)),
            symbol: token.symbol,
            amount,
          })
        : sendTokenCalldata({ destinationChain, destinationAddress: onward?.receiver ?? addr(ctx, first.toPos), symbol: token.symbol, amount });
    return [
      evmTx(first.from, gateway, nativeFee.toString(), data, [{ token_contract: token.tokenContract, spender: gateway, amount: amount.toString() }], addr(ctx, first.fromPos), group.map((l) => l.index)),
    ];
  }
  if (!first.ibcLeg) {
    // on axelar-dojo-1 itself: link a deposit address to the recipient, then pay into it
    const recipientChain = axelarChainName(ctx.world, first.to);
    const recipient = addr(ctx, first.toPos);
    const sender = addr(ctx, first.fromPos);
    return cosmos([
      msgLinkRequest({ sender, recipientAddr: recipient, recipientChain, asset: first.denomIn }),
      msgSend({ from: sender, to: axelarDepositAddress(recipientChain, first.denomIn, recipient), denom: first.denomIn, amount }),
    ]);
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

function isNativeOf(world: World, chainId: string, denom: string): boolean {
  return world.chain(chainId)?.feeAssets[0]?.denom === denom || denom === `${world.chain(chainId)?.chainName}-native`;
}

function evmTx(chainId: string, to: string, value: string, data: string, approvals: Erc20ApprovalJson[], signer: string, indices: number[]): TxJson {
  return { evm_tx: { chain_id: chainId, to, value, data, required_erc20_approvals: approvals, signer_address: signer }, operations_indices: indices };
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
  const fee = deducted(leg.fee);
  return {
    receiver: AXELAR_GMP_ACCOUNT,
    memo: axelarGmpMemo(axelarChainName(ctx.world, leg.to), addr(ctx, leg.toPos), fee > 0n ? fee : undefined),
  };
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
    minAsset: { denom: leg.denomOut, amount: ctx.minAsset.get(leg.index)! },
    timeoutTimestampNs: tNs,
    postSwapAction: post,
    affiliates: affiliatesOn(ctx, leg.from),
  });
}

// ─────────────────────────────── fees ───────────────────────────────

/** Smart-relay fees the operations carry, computed as the planner reports them in the route. */
function estimatedFees(ctx: Ctx, groups: readonly Leg[][]): FeeJson[] {
  const fees: FeeJson[] = [];
  groups.forEach((group, txNo) => {
    for (const leg of group) {
      if (leg.kind === 'cctp' && leg.relayFee) {
        const asset = ctx.world.resolveAsset(leg.relayFee.chainId, leg.relayFee.denom);
        if (!asset) continue;
        const price = ctx.world.priceOfAsset(asset);
        const usd = price !== undefined && asset.decimals !== undefined ? formatUsd(usdScaled(leg.relayFee.amount, asset.decimals, price)) : '0.00';
        fees.push(feeJson('CCTP', leg.relayFee, usd, toWireAsset(asset), leg.from, txNo, leg.index));
      } else if (leg.kind === 'axelar' && leg.smartRelay && leg.fee) {
        const asset = leg.fee.asset ?? (() => {
          const a = ctx.world.resolveAsset(leg.fee.chainId, leg.fee.denom);
          return a ? toWireAsset(a) : undefined;
        })();
        if (!asset) continue;
        // the fee is charged on Axelar's side of the bridge: the hub for a Cosmos source
        const chainId = leg.ibcLeg ? ctx.world.bridges.axelar.axelarChainId : leg.from;
        fees.push(feeJson('AXELAR', leg.fee, leg.fee.usdAmount ?? '0.00', asset, chainId, txNo, leg.index));
      }
    }
  });
  return fees;
}

function feeJson(bridgeId: string, fee: BridgeFee, usd: string, asset: unknown, chainId: string, txIndex: number, operationIndex: number): FeeJson {
  return {
    fee_type: 'SMART_RELAY',
    bridge_id: bridgeId,
    amount: fee.amount.toString(),
    usd_amount: usd,
    origin_asset: asset,
    chain_id: chainId,
    tx_index: txIndex,
    operation_index: operationIndex,
    fee_behavior: fee.behavior,
  };
}
