/**
 * The order's payload: what the Osmosis gateway executes on the order's recipient contract
 * when the solver fills (fill_order → WasmMsg::Execute { contract: recipient, msg: data,
 * funds: amountOut }). A route that swaps on Osmosis after the fill sends the swap entry point
 * its `swap_and_action_with_recover` message: the same fields as the ibc-hooks swap, plus
 * `recovery_addr`, the user's Osmosis address that keeps the USDC when the swap or its
 * post-swap action fails (GO_FAST_POST_ACTION_FAILED). A route that goes on from Osmosis over
 * IBC without a swap sends the entry point `action_with_recover` with an `ibc_transfer` action
 * (its memo forwards further where the chains run PFM); if that packet comes back (timeout,
 * error acknowledgement) the entry point pays it to the same address. No payload: the fill is
 * a bank send.
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

export interface OnwardOptions {
  /** The user's address on the fill chain: the receiver of a plain fill, the recovery address otherwise. */
  userAddress: string;
  /** The entry point on the fill chain (the recipient of an onward IBC transfer). */
  entryPoint: string | undefined;
  /** Absolute deadline of the onward IBC transfer, ns since the epoch. */
  timeoutNs: bigint;
}

const exactPayload = (payload: Json): Uint8Array => new TextEncoder().encode(stringifyExact(payload as ExactJson));

/**
 * Where the order goes and what it runs, from the delivery the rest of the route needs on
 * arrival: none (the user's own address), an ibc-hooks `wasm` memo (the entry point's swap),
 * or a PFM `forward` memo (the entry point's IBC transfer onward). Anything else cannot ride
 * in a Go Fast order: throws a message.
 */
export function orderDestination(delivery: { receiver: string; memo?: unknown } | undefined, o: OnwardOptions): OrderDestination {
  const { userAddress } = o;
  if (!delivery || delivery.memo === undefined) return { recipient: recipientBytes(delivery?.receiver ?? userAddress), data: new Uint8Array() };
  const memo = typeof delivery.memo === 'string' ? (JSON.parse(delivery.memo) as unknown) : delivery.memo;
  const forward = isObj(memo) && isObj(memo.forward) ? memo.forward : undefined;
  if (forward && typeof forward.channel === 'string' && typeof forward.receiver === 'string') {
    if (o.entryPoint === undefined) throw new Error('the fill chain has no entry point to send the USDC on over IBC');
    // exact JSON: the memo of the onward packet keeps its own nested timeouts as written
    const next = forward.next === undefined ? '' : typeof forward.next === 'string' ? forward.next : stringifyExact(forward.next as ExactJson);
    const ibcInfo = { source_channel: forward.channel, receiver: forward.receiver, memo: next, recover_address: userAddress };
    const payload = {
      action_with_recover: { timeout_timestamp: o.timeoutNs, action: { ibc_transfer: { ibc_info: ibcInfo } }, exact_out: false, recovery_addr: userAddress },
    };
    return { recipient: recipientBytes(o.entryPoint), data: exactPayload(payload) };
  }
  const wasm = isObj(memo) && isObj(memo.wasm) ? memo.wasm : undefined;
  const msg = wasm && isObj(wasm.msg) ? wasm.msg : undefined;
  if (!wasm || typeof wasm.contract !== 'string' || !msg || !isObj(msg.swap_and_action)) {
    throw new Error('a Go Fast order can carry only a swap or an IBC transfer through the entry point after the fill');
  }
  // exact JSON: the entry point's timeout_timestamp is a nanosecond count past 2^53
  return { recipient: recipientBytes(wasm.contract), data: exactPayload({ swap_and_action_with_recover: { ...msg.swap_and_action, recovery_addr: userAddress } }) };
}

export interface RecoverableCall {
  /** The entry point's own message, without recovery_addr: `swap_and_action` or `action`. */
  msg: { swap_and_action: Json } | { action: Json };
  recoveryAddr: string;
}

/** Reads a payload back: null for none; a recoverable call; or an error message for anything else. */
export function readPayload(data: Uint8Array): RecoverableCall | null | { error: string } {
  if (data.length === 0) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(data));
  } catch {
    return { error: 'the order payload is not UTF-8 JSON' };
  }
  const swap = isObj(parsed) && isObj(parsed.swap_and_action_with_recover) ? parsed.swap_and_action_with_recover : undefined;
  const action = isObj(parsed) && isObj(parsed.action_with_recover) ? parsed.action_with_recover : undefined;
  const inner = swap ?? action;
  if (!inner) return { error: 'the order payload is neither a swap_and_action_with_recover nor an action_with_recover message' };
  const { recovery_addr: recoveryAddr, ...rest } = inner;
  if (typeof recoveryAddr !== 'string' || recoveryAddr === '') return { error: 'the order payload has no recovery_addr' };
  return { msg: swap ? { swap_and_action: rest } : { action: rest }, recoveryAddr };
}
