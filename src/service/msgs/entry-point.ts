/**
 * The swap entry-point contract's execute message: the one format the msgs builder writes (as
 * a MsgExecuteContract body, or inside an ibc-hooks `wasm` memo for swap-on-arrival) and the
 * chain simulator executes. Modelled on the entry point the real API targets:
 *
 * {"swap_and_action":{
 *   "sent_asset":{"native":{"denom":"uosmo","amount":"1000000"}},        // MsgExecuteContract only;
 *                                                                        // on arrival the packet's coin is the input
 *   "user_swap":{"swap_exact_asset_in":{"swap_venue_name":"osmosis-poolmanager",
 *                 "operations":[{"pool":"1","denom_in":"uosmo","denom_out":"ibc/2739…"}]}},
 *   "min_asset":{"native":{"denom":"ibc/2739…","amount":"105963"}},      // after affiliate fees
 *   "timeout_timestamp":1688663426000000000,                             // ns since epoch, a JSON number (whole seconds)
 *   "post_swap_action":{"bank_send":{"to_address":"osmo1…"}}
 *                    | {"ibc_transfer":{"ibc_info":{"source_channel":"channel-0","receiver":"cosmos1…",
 *                                        "memo":"<memo string, may hold a forward/wasm memo>",
 *                                        "recover_address":"osmo1…"}}}
 *                    | {"contract_call":{"contract_address":"osmo1…","msg":"<base64 of the JSON msg>"}},
 *   "affiliates":[{"basis_points_fee":"50","address":"osmo1…"}]
 * }}
 *
 * Execution semantics (the simulator follows these):
 * 1. Fail if block time (ns) > timeout_timestamp (funds are refunded / the packet is acked with an error).
 * 2. Swap the input through `operations` in order at the named venue.
 * 3. Pay each affiliate floor(out * basis_points_fee / 10000) of the output (affiliateFeeAmounts).
 * 4. Fail if what is left < min_asset.amount (denom must match the last denom_out).
 * 5. Run post_swap_action with everything left: bank send, IBC transfer (timeout: now + the
 *    difference the builder used, the simulator may use its default), or a contract call.
 */
import { z } from 'zod';
import type { ExactJson } from './json';

const Uint = z.string().regex(/^[0-9]+$/, { error: 'expected an unsigned integer string' });

export const NativeAsset = z.strictObject({ native: z.strictObject({ denom: z.string().min(1), amount: Uint }) });
export type NativeAsset = z.infer<typeof NativeAsset>;

export const EntryPointSwapOperation = z.strictObject({
  pool: z.string().min(1),
  denom_in: z.string().min(1),
  denom_out: z.string().min(1),
});
export type EntryPointSwapOperation = z.infer<typeof EntryPointSwapOperation>;

/**
 * Exact-in only: a route quoted for an exact output (swap_out) has already been turned into
 * the input that produces it, so the entry point swaps that input and min_asset guards the rest.
 */
export const UserSwap = z.strictObject({
  swap_exact_asset_in: z.strictObject({
    swap_venue_name: z.string().min(1),
    operations: z.array(EntryPointSwapOperation).min(1),
  }),
});
export type UserSwap = z.infer<typeof UserSwap>;

export const IbcInfo = z.strictObject({
  source_channel: z.string().regex(/^channel-[0-9]+$/),
  receiver: z.string().min(1),
  /** A memo string for the outgoing packet ('' for none). */
  memo: z.string(),
  recover_address: z.string().min(1),
});
export type IbcInfo = z.infer<typeof IbcInfo>;

export const PostSwapAction = z.union([
  z.strictObject({ bank_send: z.strictObject({ to_address: z.string().min(1) }) }),
  z.strictObject({ ibc_transfer: z.strictObject({ ibc_info: IbcInfo }) }),
  z.strictObject({ contract_call: z.strictObject({ contract_address: z.string().min(1), msg: z.base64() }) }),
]);
export type PostSwapAction = z.infer<typeof PostSwapAction>;

export const EntryPointAffiliate = z.strictObject({ basis_points_fee: Uint, address: z.string().min(1) });
export type EntryPointAffiliate = z.infer<typeof EntryPointAffiliate>;

/**
 * ns since the epoch: a JSON number as written (past 2^53, so zod's .int() would refuse it as
 * unsafe; the builder writes whole seconds, which JSON.parse reads exactly) or a digit string.
 */
export const TimeoutTimestamp = z.union([
  z.number().nonnegative().refine((n) => Number.isInteger(n), { error: 'expected a whole number of nanoseconds' }),
  Uint,
]);

export const SwapAndAction = z.strictObject({
  swap_and_action: z.strictObject({
    sent_asset: NativeAsset.optional(),
    user_swap: UserSwap,
    min_asset: NativeAsset,
    timeout_timestamp: TimeoutTimestamp,
    post_swap_action: PostSwapAction,
    affiliates: z.array(EntryPointAffiliate),
  }),
});
export type SwapAndAction = z.infer<typeof SwapAndAction>;

/** The entry point's execute message for a swap (what the msgs builder writes). */
export const EntryPointExecuteMsg = SwapAndAction;
export type EntryPointExecuteMsg = SwapAndAction;

/**
 * The entry point's `action`: the post-swap action alone, without a swap, on the one coin sent
 * (what a Go Fast order's payload runs when the fill goes on over IBC). `min_asset`, when
 * given, must be met by that coin; `exact_out` is false (the local service never writes it true).
 */
export const EntryPointAction = z.strictObject({
  action: z.strictObject({
    sent_asset: NativeAsset.optional(),
    timeout_timestamp: TimeoutTimestamp,
    action: PostSwapAction,
    exact_out: z.literal(false),
    min_asset: NativeAsset.optional(),
  }),
});
export type EntryPointAction = z.infer<typeof EntryPointAction>;

// ─────────────────────────────── shared arithmetic ───────────────────────────────

export const BPS_DENOMINATOR = 10_000n;

/** Each affiliate's cut of a swap output: floor(out * bps / 10000), in list order. */
export function affiliateFeeAmounts(amountOut: bigint, affiliates: readonly { basis_points_fee: string }[]): bigint[] {
  return affiliates.map((a) => (amountOut * BigInt(a.basis_points_fee)) / BPS_DENOMINATOR);
}

/** What is left of a swap output after the affiliates are paid. */
export function amountAfterAffiliates(amountOut: bigint, affiliates: readonly { basis_points_fee: string }[]): bigint {
  return affiliateFeeAmounts(amountOut, affiliates).reduce((left, fee) => left - fee, amountOut);
}

/** A timeout_timestamp as ns. */
export function timeoutTimestampNs(value: number | string): bigint {
  return BigInt(value);
}

// ─────────────────────────────── builder ───────────────────────────────

export interface SwapAndActionArgs {
  sentAsset?: { denom: string; amount: bigint };
  venue: string;
  operations: readonly EntryPointSwapOperation[];
  minAsset: { denom: string; amount: bigint };
  timeoutTimestampNs: bigint;
  postSwapAction: PostSwapAction;
  affiliates: readonly EntryPointAffiliate[];
}

/** The execute message as exact JSON (the timeout stays a bigint until serialised). */
export function swapAndActionMsg(args: SwapAndActionArgs): ExactJson {
  const operations = args.operations.map((o) => ({ pool: o.pool, denom_in: o.denom_in, denom_out: o.denom_out }));
  const userSwap = { swap_exact_asset_in: { swap_venue_name: args.venue, operations } };
  return {
    swap_and_action: {
      sent_asset: args.sentAsset && { native: { denom: args.sentAsset.denom, amount: args.sentAsset.amount.toString() } },
      user_swap: userSwap,
      min_asset: { native: { denom: args.minAsset.denom, amount: args.minAsset.amount.toString() } },
      timeout_timestamp: args.timeoutTimestampNs,
      post_swap_action: args.postSwapAction as ExactJson,
      affiliates: args.affiliates.map((a) => ({ basis_points_fee: a.basis_points_fee, address: a.address })),
    },
  };
}
