/**
 * The swap entry-point contract every venue chain runs at its venue's `entryPointContract`.
 * It executes the msgs builder's `swap_and_action` (src/service/msgs/entry-point.ts), called
 * either by MsgExecuteContract (the sender's funds) or by ibc-hooks on a packet's arrival (the
 * packet's tokens, sent by ibc-hooks' intermediate account), in the documented order:
 *
 *   1. refuse once block time is past timeout_timestamp;
 *   2. swap the input through the operations, pool by pool, on the live reserves;
 *   3. pay each affiliate floor(out × bps / 10 000) (affiliateFeeAmounts, the builder's own);
 *   4. refuse when what is left is below min_asset (the slippage guard);
 *   5. run the post-swap action with all of it: bank_send, ibc_transfer (a new packet from
 *      this contract, its memo carrying any further hops) or contract_call.
 *
 * Its `action` message runs step 5 alone on the coin sent, after the same timeout check (and
 * min_asset, when given): a Go Fast order's payload sends the filled USDC on over IBC this way.
 *
 * Any refusal is an ExecError: the caller's scope rolls everything back — a MsgExecuteContract
 * is included with a non-zero code and the fee charged; a hooks call becomes an error
 * acknowledgement and the source chain refunds the sender.
 *
 * ibc_transfer's recover_address: the outgoing packet's id is remembered with it, and if that
 * packet comes back refunded (timeout or error ack), the lifecycle callback pays the refunded
 * tokens to recover_address on this chain instead of leaving them in the contract.
 */
import { fromBase64 } from '@cosmjs/encoding';
import type { World } from '../world';
import { checkAddress } from '../chains/address';
import type { TxEvent } from '../chains/blocks';
import { ExecError } from '../chains/errors';
import type { ContractHandler, ContractLifecycle, ExecContext } from '../chains/executors';
import { msToNs, type PacketRecord } from '../chains/ics20';
import { EntryPointAction, EntryPointExecuteMsg, affiliateFeeAmounts, type PostSwapAction, type SwapAndAction } from '../msgs/entry-point';
import { swapThroughPool } from './pools';

const ev = (type: string, attrs: Record<string, string>): TxEvent => ({
  type,
  attributes: Object.entries(attrs).map(([key, value]) => ({ key, value })),
});

/** CosmWasm's wrapping of a contract error (wasm module, code 5). */
const failed = (why: string): ExecError => new ExecError(`${why}: execute wasm contract failed`, 5, 'wasm');

const RECOVER_KEY = (packetId: string): string => `recover/${packetId}`;

function requireAccount(ctx: ExecContext, address: string, what: string): void {
  const r = checkAddress(address, ctx.chain.bech32Prefix);
  if (!r.ok) throw failed(`invalid ${what} ${address}: ${r.reason}`);
}

/** What one swap_and_action did (the contract's response data). */
export interface SwapAndActionResult {
  denomIn: string;
  amountIn: bigint;
  denomOut: string;
  /** Swap output before affiliate fees. */
  grossOut: bigint;
  affiliateFees: bigint[];
  /** What the post-swap action moved. */
  amountOut: bigint;
  packet?: PacketRecord;
}

/** Runs a post-swap action with `coin` (held by the contract); the packet an ibc_transfer sent. */
function runAction(ctx: ExecContext, contract: string, coin: { denom: string; amount: bigint }, post: PostSwapAction, timeoutNs: bigint): PacketRecord | undefined {
  const { denom, amount } = coin;
  if ('bank_send' in post) {
    requireAccount(ctx, post.bank_send.to_address, 'bank_send to_address');
    if (ctx.ledger.isEscrow(post.bank_send.to_address)) throw failed(`${post.bank_send.to_address} is not allowed to receive funds`);
    ctx.ledger.send(contract, post.bank_send.to_address, denom, amount);
    return undefined;
  }
  if ('ibc_transfer' in post) {
    const info = post.ibc_transfer.ibc_info;
    requireAccount(ctx, info.recover_address, 'recover_address');
    const packet = ctx.sendTransfer({
      sourcePort: 'transfer',
      sourceChannel: info.source_channel,
      token: { denom, amount },
      sender: contract,
      receiver: info.receiver,
      memo: info.memo,
      // the same absolute deadline the route's first packet carries
      timeoutTimestamp: timeoutNs,
    });
    ctx.storage(contract).set(RECOVER_KEY(packet.id), info.recover_address);
    return packet;
  }
  const call = post.contract_call;
  requireAccount(ctx, call.contract_address, 'contract_call contract_address');
  let msg: unknown;
  try {
    msg = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(fromBase64(call.msg)));
  } catch {
    throw failed('contract_call msg is not base64 of a JSON message');
  }
  ctx.executeContract({ contract: call.contract_address, sender: contract, msg, funds: [{ denom, amount }] });
  return undefined;
}

/** The one coin sent with a call, checked against sent_asset when the message names it. */
function oneCoin(funds: readonly { denom: string; amount: bigint }[], sent: { denom: string; amount: string } | undefined, what: string): { denom: string; amount: bigint } {
  // exactly one coin in: the builder sends the swap input and nothing else
  if (funds.length !== 1) throw failed(`${what} takes exactly one coin, got ${funds.length}`);
  const coin = funds[0]!;
  if (sent && (sent.denom !== coin.denom || BigInt(sent.amount) !== coin.amount)) {
    throw failed(`sent_asset ${sent.amount}${sent.denom} does not match the funds ${coin.amount}${coin.denom}`);
  }
  return coin;
}

/** Refuses a call once block time is past its timeout_timestamp; the timeout in ns. */
function checkTimeout(ctx: ExecContext, timestamp: number | string): bigint {
  const nowNs = msToNs(ctx.time);
  const timeoutNs = BigInt(timestamp);
  if (nowNs > timeoutNs) throw failed(`timeout timestamp ${timeoutNs} has passed (block time ${nowNs})`);
  return timeoutNs;
}

/** `action`: the post-swap action alone, on the coin sent (no swap, no affiliates). */
function runActionMsg(ctx: ExecContext, contract: string, funds: readonly { denom: string; amount: bigint }[], m: EntryPointAction['action']): { amountOut: bigint; packet?: PacketRecord } {
  const coin = oneCoin(funds, m.sent_asset?.native, 'action');
  const timeoutNs = checkTimeout(ctx, m.timeout_timestamp);
  const min = m.min_asset?.native;
  if (min && (min.denom !== coin.denom || coin.amount < BigInt(min.amount))) {
    throw failed(`received less than the minimum amount: ${coin.amount}${coin.denom} < min_asset ${min.amount}${min.denom}`);
  }
  const packet = runAction(ctx, contract, coin, m.action, timeoutNs);
  ctx.emit(ev('wasm', { _contract_address: contract, action: 'action', post_action: Object.keys(m.action)[0]!, amount: `${coin.amount}${coin.denom}` }));
  return { amountOut: coin.amount, ...(packet ? { packet } : {}) };
}

function run(ctx: ExecContext, contract: string, funds: readonly { denom: string; amount: bigint }[], m: SwapAndAction['swap_and_action']): SwapAndActionResult {
  const coin = oneCoin(funds, m.sent_asset?.native, 'swap_and_action');

  // 1. timeout
  const timeoutNs = checkTimeout(ctx, m.timeout_timestamp);

  // 2. swap
  const swap = m.user_swap.swap_exact_asset_in;
  const venue = ctx.world.venue(swap.swap_venue_name);
  if (!venue || venue.chainId !== ctx.chainId) throw failed(`unknown swap venue ${swap.swap_venue_name} on ${ctx.chainId}`);
  let denom = coin.denom;
  let amount = coin.amount;
  for (const [i, op] of swap.operations.entries()) {
    if (op.denom_in !== denom) throw failed(`swap operation ${i} takes ${op.denom_in} but the input is ${denom}`);
    amount = swapThroughPool(ctx, contract, venue.name, op, amount);
    denom = op.denom_out;
  }
  const grossOut = amount;

  // 3. affiliates
  const fees = affiliateFeeAmounts(grossOut, m.affiliates);
  m.affiliates.forEach((a, i) => {
    requireAccount(ctx, a.address, 'affiliate address');
    ctx.ledger.send(contract, a.address, denom, fees[i]!);
  });
  const left = fees.reduce((x, f) => x - f, grossOut);

  // 4. min_asset
  const min = m.min_asset.native;
  if (min.denom !== denom) throw failed(`min_asset denom ${min.denom} is not the swap output ${denom}`);
  if (left < BigInt(min.amount)) {
    throw failed(`received less than the minimum amount: ${left}${denom} < min_asset ${min.amount}${min.denom} (slippage)`);
  }

  // 5. post-swap action
  const packet = runAction(ctx, contract, { denom, amount: left }, m.post_swap_action, timeoutNs);

  ctx.emit(
    ev('wasm', {
      _contract_address: contract,
      action: 'swap_and_action',
      swap_venue: venue.name,
      token_in: `${coin.amount}${coin.denom}`,
      token_out: `${grossOut}${denom}`,
      affiliate_fees: fees.map((f) => f.toString()).join(','),
      post_swap_action: Object.keys(m.post_swap_action)[0]!,
      post_swap_amount: `${left}${denom}`,
    }),
  );
  return { denomIn: coin.denom, amountIn: coin.amount, denomOut: denom, grossOut, affiliateFees: fees, amountOut: left, ...(packet ? { packet } : {}) };
}

const issuesText = (issues: readonly { path: readonly PropertyKey[]; message: string }[]): string =>
  issues.map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`).join('; ');

/** The entry point's execute handler (one instance serves every venue chain): `swap_and_action` or `action`. */
export const entryPointHandler: ContractHandler = (ctx, call) => {
  if (typeof call.msg === 'object' && call.msg !== null && 'action' in call.msg) {
    const action = EntryPointAction.safeParse(call.msg);
    if (!action.success) throw failed(`Error parsing into type entry_point::ExecuteMsg: ${issuesText(action.error.issues)}`);
    return { data: runActionMsg(ctx, call.contract, call.funds, action.data.action) };
  }
  const parsed = EntryPointExecuteMsg.safeParse(call.msg);
  if (!parsed.success) {
    throw failed(`Error parsing into type entry_point::ExecuteMsg: ${issuesText(parsed.error.issues)}`);
  }
  const result = run(ctx, call.contract, call.funds, parsed.data.swap_and_action);
  return { data: result };
};

/** Pays a refunded ibc_transfer to its recover_address (see the module comment). */
export const entryPointLifecycle: ContractLifecycle = {
  onPacketRefunded(ctx, packet) {
    const store = ctx.storage(packet.sender);
    const to = store.get<string>(RECOVER_KEY(packet.id));
    if (to === undefined) return;
    store.delete(RECOVER_KEY(packet.id));
    ctx.ledger.send(packet.sender, to, packet.sourceDenom, BigInt(packet.amount));
    ctx.emit(ev('wasm', { _contract_address: packet.sender, action: 'recover', recover_address: to, amount: `${packet.amount}${packet.sourceDenom}` }));
  },
};

/** Venue chains and their entry-point addresses. */
export function entryPoints(world: World): { chainId: string; address: string; venue: string }[] {
  return world.venues.map((v) => ({ chainId: v.chainId, address: v.entryPointContract, venue: v.name }));
}
