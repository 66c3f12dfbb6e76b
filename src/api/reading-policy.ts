/**
 * Courier's reading policy: which fields of an API answer Courier cannot do without, and how
 * it reads every other one.
 *
 * Production answers differ from the interface description: routes without
 * `estimated_route_duration_seconds`, chains without `pretty_name`, fees with `amount: ""` and
 * `origin_asset: null`, status txs without `explorer_link`. Refusing such a body would show
 * "invalid response" where the user should see a route, so:
 *
 * - ESSENTIAL fields (the table below) are the few without which Courier cannot do its job.
 *   A body missing one, or carrying a malformed one, is refused, and the refusal names the
 *   field's path (the transport puts the first issue's path in its message).
 * - Every other field is read with `unknownable`: absent, `null` where the spec does not allow
 *   it, `""` where a number belongs, or any malformed value becomes `undefined`, which Courier
 *   reads as "unknown" (the UI says "duration unknown", "fee unknown", "amount unknown"; it is
 *   never replaced by a made-up value such as 0). A well-formed value, and a `null` the spec
 *   allows, is kept exactly as received.
 * - Unknown fields pass through; unknown enum values and operation / event / tx kinds are kept
 *   and classified as unknown (./kinds), as before.
 *
 * The schemas in ./schemas/* apply this policy where each field is declared (a field is named
 * once). The local service uses the same schemas; its own wire types (src/service/planner/wire.ts,
 * src/service/world/wire.ts, …) keep its answers complete at compile time.
 */
import { z } from 'zod';
import type { Route } from './schemas/route';

/**
 * A field read leniently: its value when well formed, else `undefined` ("unknown").
 * A null the inner schema accepts (a nullable field) is kept as null.
 */
export function unknownable<T extends z.ZodType>(schema: T): z.ZodCatch<z.ZodOptional<T>> {
  return schema.optional().catch(undefined);
}

type Unknownable<S extends z.core.$ZodLooseShape> = { [K in keyof S]: z.ZodCatch<z.ZodOptional<S[K]>> };

/** Every field of a shape read with `unknownable` (objects that have no essential field). */
export function lenient<S extends Record<string, z.ZodType>>(shape: S): Unknownable<S> {
  const out: Record<string, z.ZodType> = {};
  for (const [key, schema] of Object.entries(shape)) out[key] = unknownable(schema);
  return out as Unknownable<S>;
}

/**
 * The essential fields of each answer Courier reads, as paths into the body: `*` is any array
 * index or record key, `$kind` the wrapper key that names an operation's, tx's or transfer
 * event's kind (its body must be an object; the fields inside it are read leniently unless
 * listed). A path is essential only under essential parents: `route.estimated_fees.0.amount`
 * is not, because `estimated_fees` is not. `a|b` means one of the two is needed.
 */
export const ESSENTIAL_FIELDS = {
  /** What to move, from where to where, and how: without these there is no route to show. */
  route: [
    'amount_in',
    'amount_out',
    'source_asset_denom',
    'source_asset_chain_id',
    'dest_asset_denom',
    'dest_asset_chain_id',
    'operations',
    'operations.*',
    'operations.*.$kind',
    'operations.*.swap.$kind',
    'required_chain_addresses',
    'required_chain_addresses.*',
  ],
  /** What to sign: the transactions (or the legacy messages), each with what signing needs. */
  msgs: [
    'txs|msgs',
    'txs.*',
    'txs.*.$kind',
    'txs.*.cosmos_tx.chain_id',
    'txs.*.cosmos_tx.msgs',
    'txs.*.cosmos_tx.msgs.*',
    'txs.*.cosmos_tx.msgs.*.msg',
    'txs.*.cosmos_tx.msgs.*.msg_type_url',
    'txs.*.evm_tx.chain_id',
    'txs.*.svm_tx.chain_id',
    'msgs.*',
    'msgs.*.$kind',
    'msgs.*.evm_tx.chain_id',
    'msgs.*.svm_tx.chain_id',
  ],
  /** msgs_direct: the route (as `route`) and what to sign (as `msgs`). */
  msgs_direct: ['route'],
  /** The overall state, or the transfers to derive it from; each event's kind. */
  status: ['state|transfers', 'transfers.*', 'transfers.*.transfer_sequence.*', 'transfers.*.transfer_sequence.*.$kind'],
  /** A chain Courier can offer is one it can name by id. */
  chains: ['chains', 'chains.*', 'chains.*.chain_id'],
  /** An asset is a denom on a chain. */
  assets: ['chain_to_assets_map', 'chain_to_assets_map.*', 'chain_to_assets_map.*.assets', 'chain_to_assets_map.*.assets.*', 'chain_to_assets_map.*.assets.*.denom', 'chain_to_assets_map.*.assets.*.chain_id'],
  assets_from_source: ['dest_assets', 'dest_assets.*', 'dest_assets.*.assets', 'dest_assets.*.assets.*', 'dest_assets.*.assets.*.denom', 'dest_assets.*.assets.*.chain_id'],
  ibc_origin_assets: ['origin_assets', 'origin_assets.*'],
  /** Balances per chain; an entry without a readable amount is shown as "amount unknown". */
  balances: ['chains', 'chains.*'],
  /** The hash is what Courier tracks. */
  submit: ['tx_hash'],
  track: ['tx_hash'],
  /** An error answer needs its words; `code` and `details` are read leniently. */
  errors: ['message'],
} as const satisfies Record<string, readonly string[]>;

export type ReadEndpoint = keyof typeof ESSENTIAL_FIELDS;

/** The msgs_direct answer also carries msgs' and route's essentials (the route under `route.`). */
export function essentialPatterns(endpoint: ReadEndpoint): string[] {
  const own: string[] = [...ESSENTIAL_FIELDS[endpoint]];
  if (endpoint !== 'msgs_direct') return own;
  return [...own, ...ESSENTIAL_FIELDS.msgs, ...ESSENTIAL_FIELDS.route.map((p) => `route.${p}`)];
}

/** The chains a route passes through; when `chain_ids` is unknown, the chains needing an address are that path. */
export function routeChainIds(route: Pick<Route, 'chain_ids' | 'required_chain_addresses'>): string[] {
  return route.chain_ids ?? route.required_chain_addresses;
}
