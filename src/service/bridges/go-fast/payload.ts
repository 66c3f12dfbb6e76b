/**
 * The order's payload: what the Osmosis gateway executes on the order's recipient contract
 * when the solver fills (fill_order → WasmMsg::Execute { contract: recipient, msg: data,
 * funds: amountOut }). A route that swaps on Osmosis after the fill sends the swap entry point
 * its `swap_and_action_with_recover` message: the same fields as the ibc-hooks swap, plus
 * `recovery_addr`, the user's Osmosis address that keeps the USDC when the swap or its
 * post-swap action fails (GO_FAST_POST_ACTION_FAILED). No payload: the fill is a bank send.
 */
import { decodeBech32, encodeBech32, leftPad32 } from '../../../chains/addresses';
import { stringifyExact, type ExactJson } from '../../msgs/json';
import type { WorldChain } from '../../world';

export interface OrderDestination {
  /** 32-byte order recipient: the user's account (20 bytes, left-padded) or the contract (32 bytes). */
  recipient: Uint8Array;
  /** UTF-8 JSON of the execute message, or empty for a plain fill. */
  data: Uint8Array;
}

/** The recipient bytes of a bech32 address on the destination. */
export function recipientBytes(address: string): Uint8Array {
  const d = decodeBech32(address);
  if (!d) throw new Error(`${address} is not a bech32 address`);
  return leftPad32(d.data);
}

/** The bech32 address a 32-byte order recipient names on a Cosmos chain: an account left-padded, or a contract. */
export function recipientAddress(chain: WorldChain, recipient: Uint8Array): string {
  if (recipient.length !== 32) throw new Error(`an order recipient is 32 bytes, got ${recipient.length}`);
  const account = recipient.slice(0, 12).every((b) => b === 0);
  return encodeBech32(chain.bech32Prefix, account ? recipient.slice(12) : recipient);
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Where the order goes and what it runs, from the delivery the rest of the route needs on
 * arrival: none (the user's own address), or an ibc-hooks `wasm` memo (the entry point's
 * swap). Anything else (a PFM forward) cannot ride in a Go Fast order: throws a message.
 */
export function orderDestination(userAddress: string, delivery: { receiver: string; memo?: unknown } | undefined): OrderDestination {
  if (!delivery || delivery.memo === undefined) return { recipient: recipientBytes(delivery?.receiver ?? userAddress), data: new Uint8Array() };
  const memo = typeof delivery.memo === 'string' ? (JSON.parse(delivery.memo) as unknown) : delivery.memo;
  const wasm = isObj(memo) && isObj(memo.wasm) ? memo.wasm : undefined;
  const msg = wasm && isObj(wasm.msg) ? wasm.msg : undefined;
  if (!wasm || typeof wasm.contract !== 'string' || !msg || !isObj(msg.swap_and_action)) {
    throw new Error('a Go Fast order can carry only a swap through the entry point after the fill');
  }
  const payload = { swap_and_action_with_recover: { ...msg.swap_and_action, recovery_addr: userAddress } };
  // exact JSON: the entry point's timeout_timestamp is a nanosecond count past 2^53
  return { recipient: recipientBytes(wasm.contract), data: new TextEncoder().encode(stringifyExact(payload as ExactJson)) };
}

export interface RecoverableCall {
  /** The entry point's own message, without recovery_addr. */
  msg: { swap_and_action: Json };
  recoveryAddr: string;
}

/** Reads a payload back: null for none; a recoverable swap; or an error message for anything else. */
export function readPayload(data: Uint8Array): RecoverableCall | null | { error: string } {
  if (data.length === 0) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(data));
  } catch {
    return { error: 'the order payload is not UTF-8 JSON' };
  }
  const inner = isObj(parsed) && isObj(parsed.swap_and_action_with_recover) ? parsed.swap_and_action_with_recover : undefined;
  if (!inner) return { error: 'the order payload is not a swap_and_action_with_recover message' };
  const { recovery_addr: recoveryAddr, ...rest } = inner;
  if (typeof recoveryAddr !== 'string' || recoveryAddr === '') return { error: 'the order payload has no recovery_addr' };
  return { msg: { swap_and_action: rest }, recoveryAddr };
}
