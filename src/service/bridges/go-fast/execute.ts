/**
 * Go Fast on the simulated chains.
 *
 * Source (each EVM chain's FastTransferGateway, at its public address): submitOrder pulls
 * amountIn of USDC from the caller (transferFrom: the caller must have approved the gateway),
 * numbers the order with the gateway's nonce, keeps it as settlement details and emits
 * OrderSubmitted with the packed order; the crossing starts. After a timeout the gateway pays
 * amountIn back to the order's sender (handle → REFUND_ORDERS, carried here by a step).
 *
 * Destination (the CosmWasm gateway on Osmosis): the solver fills from its own USDC
 * inventory — amountOut goes to the gateway, which pays the recipient (no payload) or executes
 * the payload on the recipient contract with it. The payload is the entry point's
 * swap_and_action_with_recover (a swap, then its post-swap action) or action_with_recover (an
 * IBC transfer onward, with a PFM memo for further hops): when the call fails, the entry point
 * keeps nothing and pays the USDC to recovery_addr (the fill itself stands:
 * GO_FAST_POST_ACTION_FAILED; the crossing ends `refunded` there, on the destination). An
 * onward packet that comes back later (timeout, error acknowledgement) is paid to the same
 * address by the entry point's recover_address (status.ts reads that). initiate_timeout on
 * Osmosis dispatches the refund to the source.
 *
 * No token is minted or burnt by Go Fast: value moves by the solver's inventory on Osmosis
 * and the gateway's holdings on the source (the solver is repaid from those by settlement).
 */
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { toChecksumAddress } from '../../../chains/addresses';
import type { TxEvent } from '../../chains/blocks';
import { spendAllowance } from '../../chains/erc20';
import { ExecError } from '../../chains/errors';
import type { CrossingInput, ExecContext } from '../../chains/executors';
import type { BridgeOutcome, BridgeTransferView, EvmContractCall } from '../types';
import { decodeOrder as decodeOrderBytes, decodeSubmitOrder, encodeOrder, orderId, type GoFastOrder } from './calldata';
import { GO_FAST_DATA, type GoFastData, type GoFastSource } from './data';
import { readPayload, recipientAddress } from './payload';

const ev = (type: string, attrs: Record<string, string>): TxEvent => ({
  type,
  attributes: Object.entries(attrs).map(([key, value]) => ({ key, value })),
});

const revert = (why: string): ExecError => new ExecError(`execution reverted: FastTransferGateway: ${why}`, 1, 'evm');
const wasmFailed = (why: string): ExecError => new ExecError(`${why}: execute wasm contract failed`, 5, 'wasm');

/** The order as the crossing's event detail keeps it (strings: the detail is plain JSON). */
export type GoFastOrderDetail = {
  orderId: string;
  /** 0x-hex of the packed order (OrderSubmitted's `order`). */
  order: string;
  /** The EVM address refunds go to. */
  refundTo: string;
  gateway: string;
  amountIn: string;
  amountOut: string;
  timeoutTimestamp: string;
  sourceDomain: number;
  destinationDomain: number;
};

/** What the EVM gateway hands the simulator when an order is submitted (the crossing's event, before it is stamped). */
export type GoFastCrossingStart = CrossingInput<'GO_FAST', GoFastOrderDetail>;

/** The order a Go Fast crossing's event carries in its detail. */
export function orderOf(event: object): GoFastOrderDetail {
  const d = ((event as { detail?: unknown }).detail ?? {}) as Partial<GoFastOrderDetail>;
  if (typeof d.orderId !== 'string' || typeof d.order !== 'string' || typeof d.refundTo !== 'string') throw new Error('not a Go Fast order');
  return d as GoFastOrderDetail;
}

const orderKey = (id: string): string => `order/${id}`;
type StoredOrder = { status: 'unfilled' | 'filled' | 'refunded'; sender: string; amount: string };

/**
 * The source gateway's submitOrder. Returns the ABI-encoded orderID and what the simulator
 * records as the start of the crossing (`start`).
 */
export function submitOrder(ctx: ExecContext, call: EvmContractCall, source: GoFastSource, data: GoFastData = GO_FAST_DATA): { result: string; start: GoFastCrossingStart } {
  let args;
  try {
    args = decodeSubmitOrder(call.data);
  } catch (e) {
    throw new ExecError(`execution reverted: ${(e as Error).message}`, 1, 'evm');
  }
  const dest = data.destination;
  if (args.destinationDomain !== dest.domain) throw revert('destination domain not found');
  if (args.amountIn <= 0n) throw revert('amountIn must be positive');
  const destChain = ctx.world.chain(dest.chainId);
  if (!destChain) throw revert(`destination chain ${dest.chainId} is not simulated`);
  const recipient = recipientAddress(destChain, args.recipient);
  if (recipient === dest.mailbox) throw revert('order recipient cannot be mailbox');

  const store = ctx.storage(source.gateway);
  const nonce = store.get<number>('nonce') ?? 1;
  const order: GoFastOrder = { ...args, nonce, sourceDomain: source.domain };
  const id = orderId(order);
  const from = toChecksumAddress(call.from);
  const refundTo = toChecksumAddress(bytesToHex(args.sender.slice(12)));
  store.set('nonce', nonce + 1);
  store.set(orderKey(id), { status: 'unfilled', sender: refundTo, amount: args.amountIn.toString() } satisfies StoredOrder);
  // SafeERC20.safeTransferFrom(token, msg.sender, gateway, amountIn)
  spendAllowance(ctx, source.usdc, from, source.gateway, args.amountIn);
  ctx.ledger.send(from, source.gateway, source.usdc, args.amountIn);
  const packed = `0x${bytesToHex(encodeOrder(order))}`;
  ctx.emit(ev('OrderSubmitted', { orderID: id, order: packed }));
  return {
    result: id,
    start: {
      bridge: 'GO_FAST',
      kind: 'go_fast_order',
      // when the solver's fill is due (what the route quotes)
      from,
      amount: args.amountIn.toString(),
      destChainId: dest.chainId,
      sourceDenom: source.usdc,
      destDenom: dest.usdc,
      recipient,
      expectedDelayMs: source.fillSeconds * 1000,
      detail: {
        orderId: id,
        order: packed,
        refundTo,
        gateway: source.gateway,
        amountIn: args.amountIn.toString(),
        amountOut: args.amountOut.toString(),
        timeoutTimestamp: args.timeoutTimestamp.toString(),
        sourceDomain: source.domain,
        destinationDomain: dest.domain,
      },
    },
  };
}

const filledKey = (id: string): string => `filled/${id}`;

/** Why no solver fills this order now, or undefined when one can. */
function unfillable(ctx: ExecContext, order: GoFastOrder, id: string, data: GoFastData): string | undefined {
  const dest = data.destination;
  if (BigInt(Math.floor(ctx.time / 1000)) >= order.timeoutTimestamp) return 'the order has expired';
  if (ctx.storage(dest.gateway).get(filledKey(id)) !== undefined) return 'the order is already filled';
  const held = ctx.ledger.balance(data.solver.address, dest.usdc);
  if (held < order.amountOut) return `the solver holds ${held}${dest.usdc}, less than the order's ${order.amountOut}`;
  return undefined;
}

/** The wasm event that marks a fill (what status looks for in the step's tx). */
export const FILL_ACTION = 'fill_order';

/**
 * The solver's fill_order on Osmosis, as a step: amountOut from the solver's inventory to the
 * gateway, then to the recipient or through the payload. A solver that cannot fill (expired,
 * filled, not enough inventory) leaves the order alone: undefined, nothing moves, and the
 * order waits for its timeout and refund.
 */
export function fillOrder(ctx: ExecContext, t: BridgeTransferView, data: GoFastData = GO_FAST_DATA): BridgeOutcome | undefined {
  const d = orderOf(t.event);
  const dest = data.destination;
  const order = decodeOrderHex(d.order);
  const why = unfillable(ctx, order, d.orderId, data);
  if (why !== undefined) {
    ctx.emit(ev('go_fast_solver', { order_id: d.orderId, skipped: why }));
    return undefined;
  }
  const solver = data.solver.address;
  const amount = order.amountOut;
  ctx.ledger.send(solver, dest.gateway, dest.usdc, amount);
  ctx.storage(dest.gateway).set(filledKey(d.orderId), { filler: solver, sourceDomain: order.sourceDomain });
  ctx.emit(ev('wasm', { _contract_address: dest.gateway, action: FILL_ACTION, order_id: d.orderId, filler: solver, amount_out: amount.toString() }));
  const recipient = recipientAddress(ctx.chain, order.recipient);
  const payload = readPayload(order.data);
  if (payload === null) {
    ctx.ledger.send(dest.gateway, recipient, dest.usdc, amount);
    return { state: 'completed', arrived: { chainId: dest.chainId, denom: dest.usdc, address: recipient } };
  }
  if ('error' in payload) throw wasmFailed(payload.error);
  try {
    const res = ctx.atomic(() => ctx.executeContract({ contract: recipient, sender: dest.gateway, msg: payload.msg, funds: [{ denom: dest.usdc, amount }] }));
    const packetId = packetIdOf(res);
    return { state: 'completed', arrived: { chainId: dest.chainId, denom: dest.usdc, address: recipient }, ...(packetId && { childPacketIds: [packetId] }) };
  } catch (e) {
    if (!(e instanceof ExecError)) throw e;
    // swap_and_action_with_recover: the action's effects are undone and the USDC goes to recovery_addr
    ctx.ledger.send(dest.gateway, payload.recoveryAddr, dest.usdc, amount);
    ctx.emit(ev('wasm', { _contract_address: recipient, action: 'recover', recovery_addr: payload.recoveryAddr, amount: `${amount}${dest.usdc}`, error: e.log }));
    // the user holds the USDC again, on the destination: where status says the funds were released
    return {
      state: 'refunded',
      error: `the order was filled but its action failed (${e.log}); ${amount}${dest.usdc} was sent to the recovery address ${payload.recoveryAddr} on ${dest.chainId}`,
      refund: { chainId: dest.chainId, denom: dest.usdc, address: payload.recoveryAddr },
    };
  }
}

function packetIdOf(res: unknown): string | undefined {
  const data = (res as { data?: { packet?: { id?: unknown } } } | undefined)?.data;
  return typeof data?.packet?.id === 'string' ? data.packet.id : undefined;
}

export function decodeOrderHex(hex: string): GoFastOrder {
  return decodeOrderBytes(hexToBytes(hex.replace(/^0x/, '')));
}


/** initiate_timeout on Osmosis: refuses before the deadline or after a fill; dispatches the refund. */
export function initiateTimeout(ctx: ExecContext, t: BridgeTransferView, data: GoFastData = GO_FAST_DATA): void {
  const d = orderOf(t.event);
  const dest = data.destination;
  const order = decodeOrderHex(d.order);
  if (BigInt(Math.floor(ctx.time / 1000)) <= order.timeoutTimestamp) throw wasmFailed('order not timed out');
  if (ctx.storage(dest.gateway).get(filledKey(d.orderId)) !== undefined) throw wasmFailed('order filled');
  ctx.emit(ev('wasm', { _contract_address: dest.gateway, action: 'initiate_timeout', order_id: d.orderId }));
  ctx.emit(ev('dispatch', { _contract_address: dest.mailbox, destination: String(order.sourceDomain), recipient: d.gateway }));
}

/** The source gateway's handle(REFUND_ORDERS): amountIn back to the order's sender. */
export function refundOrder(ctx: ExecContext, t: BridgeTransferView): BridgeOutcome {
  const d = orderOf(t.event);
  const store = ctx.storage(d.gateway);
  const stored = store.get<StoredOrder>(orderKey(d.orderId));
  if (!stored) throw revert('order not found');
  if (stored.status !== 'unfilled') throw revert(`order is ${stored.status}`);
  store.set(orderKey(d.orderId), { ...stored, status: 'refunded' } satisfies StoredOrder);
  ctx.ledger.send(d.gateway, stored.sender, t.event.sourceDenom, BigInt(stored.amount));
  ctx.emit(ev('OrderRefunded', { orderID: d.orderId }));
  return {
    state: 'refunded',
    error: `no solver filled the order before its timeout; ${stored.amount} ${t.event.sourceDenom} was refunded to ${stored.sender} on ${t.event.chainId}`,
    refund: { chainId: t.event.chainId, denom: t.event.sourceDenom, address: stored.sender },
  };
}
