/** route, msgs and msgs_direct: quoting a route and building what to sign. */
import { z } from 'zod';
import { ChainAffiliates, Fee, SmartSwapOptions, SwapVenue } from './common';
import { GasWarningType, RouteWarningType } from './enums';
import { F, pick } from './fields';
import { Operation } from './operations';
import { BasisPoints, ChainId, DecimalString } from './primitives';
import { Msg, PostRouteHandler, Tx } from './txs';
import { lenient, unknownable } from '../reading-policy';

/** Marks a route unsafe (poor price) or unverifiable (no pricing data). */
export const RouteWarning = z.looseObject({
  type: RouteWarningType,
  message: unknownable(F.message),
});
export type RouteWarning = z.infer<typeof RouteWarning>;

const assetPair = pick('source_asset_denom', 'source_asset_chain_id', 'dest_asset_denom', 'dest_asset_chain_id');

/**
 * A quoted route: the 200 body of route, and `route` inside msgs_direct. Essential (refused when
 * missing or malformed): the amounts, both assets, the operations and
 * `required_chain_addresses`; everything else is read leniently (reading-policy.ts).
 * Production omits `estimated_route_duration_seconds`, also inside msgs_direct.
 */
export const Route = z.looseObject({
  ...pick('amount_in', 'amount_out'),
  ...assetPair,
  operations: z.array(Operation),
  /** Chain ids needing an address, in order of use (msgs' `address_list` follows it). */
  required_chain_addresses: z.array(ChainId),
  ...lenient({
    ...pick('chain_ids', 'estimated_amount_out', 'txs_required'),
    estimated_route_duration_seconds: z.number().int().nonnegative(),
    does_swap: z.boolean(),
    swap_venues: z.array(SwapVenue),
    /** Single-venue variant seen in msgs_direct's embedded route. */
    swap_venue: SwapVenue,
    usd_amount_in: DecimalString,
    usd_amount_out: DecimalString,
    swap_price_impact_percent: DecimalString.nullable(),
    warning: RouteWarning.nullable(),
    estimated_fees: z.array(Fee),
  }),
});
export type Route = z.infer<typeof Route>;

/** Options shared by route and msgs_direct requests. */
const routeOptions = {
  swap_venues: z.array(SwapVenue),
  ...pick('allow_unsafe', 'experimental_features', 'allow_multi_tx', 'bridges', 'smart_relay'),
  smart_swap_options: SmartSwapOptions,
  ...pick('allow_swaps', 'go_fast'),
};

/** Options shared by msgs and msgs_direct requests. */
const msgsOptions = {
  ...pick('slippage_tolerance_percent'),
  /** Every chain listed must carry the same cumulative affiliate bps. */
  chain_ids_to_affiliates: z.record(ChainId, ChainAffiliates),
  post_route_handler: PostRouteHandler,
  ...pick('timeout_seconds', 'enable_gas_warnings', 'fee_payer_address'),
};

/** POST /v2/fungible/route. The spec marks no field required, and allows only one amount. */
export const RouteRequest = z
  .looseObject({
    ...assetPair,
    ...pick('amount_in', 'amount_out'),
    cumulative_affiliate_fee_bps: BasisPoints.nullable(),
    ...routeOptions,
  })
  .partial()
  .check((payload) => {
    if (payload.value.amount_in !== undefined && payload.value.amount_out !== undefined) {
      payload.issues.push({
        code: 'custom',
        message: 'give only one of amount_in and amount_out',
        input: payload.value,
        path: ['amount_out'],
      });
    }
  });
export type RouteRequest = z.infer<typeof RouteRequest>;

export const RouteResponse = Route;
export type RouteResponse = z.infer<typeof RouteResponse>;

/** POST /v2/fungible/msgs: a route's output plus one address per required chain. */
export const MsgsRequest = z
  .looseObject({
    ...assetPair,
    ...pick('amount_in', 'amount_out', 'estimated_amount_out'),
    address_list: z.array(F.address),
    operations: z.array(Operation),
    ...msgsOptions,
  })
  .partial();
export type MsgsRequest = z.infer<typeof MsgsRequest>;

/** Essential in msgs and msgs_direct: `txs` or `msgs` (what to sign). */
const SIGNABLE_LISTS = { txs: z.array(Tx), msgs: z.array(Msg) } as const;

/**
 * Refuses a body where neither `txs` nor `msgs` is readable, naming the field: the first
 * present list's own issues (prefixed with its name), else "expected txs or msgs". Checked
 * on the raw body, since the lists themselves are read leniently (one unreadable list
 * beside a readable one is unknown, not an error).
 */
function withSignables<T extends z.ZodType>(schema: T) {
  return z.preprocess((raw, ctx) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
    const body = raw as Record<string, unknown>;
    let firstFailure: { key: string; issues: z.core.$ZodIssue[] } | undefined;
    for (const [key, list] of Object.entries(SIGNABLE_LISTS)) {
      if (body[key] === undefined || body[key] === null) continue;
      const result = list.safeParse(body[key]);
      if (result.success) return raw;
      firstFailure ??= { key, issues: result.error.issues };
    }
    if (firstFailure === undefined) {
      ctx.addIssue({ code: 'custom', message: 'expected txs or msgs (what to sign)', path: ['txs'], input: raw });
    } else {
      for (const issue of firstFailure.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: [firstFailure.key, ...issue.path], input: raw });
      }
    }
    return raw;
  }, schema);
}

/** An account on the route that cannot pay gas (msgs asked with `enable_gas_warnings`). */
export const GasWarning = z.looseObject({
  type: GasWarningType,
  message: unknownable(F.message),
});
export type GasWarning = z.infer<typeof GasWarning>;

const signables = {
  msgs: unknownable(SIGNABLE_LISTS.msgs),
  txs: unknownable(SIGNABLE_LISTS.txs),
  /** Minimum output after all operations, fees and slippage. */
  min_amount_out: unknownable(F.min_amount_out),
  estimated_fees: unknownable(z.array(Fee)),
  /** Only when asked with enable_gas_warnings; an unreadable one is unknown, never a refusal. */
  warning: unknownable(GasWarning.nullable()),
};

export const MsgsResponse = withSignables(z.looseObject(signables));
export type MsgsResponse = z.infer<typeof MsgsResponse>;

/** POST /v2/fungible/msgs_direct: route and msgs in one call. */
export const MsgsDirectRequest = z
  .looseObject({
    ...assetPair,
    /** For a swap give only one of amount_in and amount_out. */
    ...pick('amount_in', 'amount_out'),
    /** Chain id → address, for every chain that may be on the path. */
    chain_ids_to_addresses: z.record(ChainId, F.address),
    ...routeOptions,
    ...msgsOptions,
  })
  .partial();
export type MsgsDirectRequest = z.infer<typeof MsgsDirectRequest>;

export const MsgsDirectResponse = withSignables(z.looseObject({ ...signables, route: Route }));
export type MsgsDirectResponse = z.infer<typeof MsgsDirectResponse>;
