/**
 * Operations of a route: an object with exactly one wrapper key naming the kind, plus the
 * siblings `tx_index`, `amount_in`, `amount_out`. Body fields follow openapi.yml. Reading
 * policy (../reading-policy.ts): the kind and its object body are essential, every field
 * inside it and every sibling is read leniently (unknown when absent, blank or malformed).
 */
import { z } from 'zod';
import { normaliseOperation } from '../normalise';
import { Asset, SmartRelayFeeQuote, SwapVenue } from './common';
import { F, pick } from './fields';
import { DecimalString, IntegerString, keyedUnion, unknownBranch, wrapperBranches } from './primitives';
import { lenient } from '../reading-policy';

// ─────────────────────────────── transfer ───────────────────────────────

export const Transfer = z.looseObject(
  lenient({
    port: z.string(),
    channel: z.string(),
    ...pick('from_chain_id', 'to_chain_id', 'pfm_enabled', 'supports_memo', 'denom_in', 'denom_out'),
    fee_amount: F.fee_amount.nullable(),
    usd_fee_amount: F.usd_fee_amount.nullable(),
    fee_asset: Asset.nullable(),
    ...pick('bridge_id', 'smart_relay'),
    to_chain_entry_contract_address: F.to_chain_entry_contract_address.nullable(),
    to_chain_callback_contract_address: F.to_chain_callback_contract_address.nullable(),
    /** @deprecated Use `denom_out`; normalise.ts fills `denom_out` from it. */
    dest_denom: F.denom_out,
  }),
);
export type Transfer = z.infer<typeof Transfer>;

// ───────────────────────────────── swap ─────────────────────────────────

export const SwapOperation = z.looseObject(
  lenient({
    pool: z.string(),
    ...pick('denom_in', 'denom_out'),
    interface: z.string().nullable(),
  }),
);
export type SwapOperation = z.infer<typeof SwapOperation>;

/** `swap_in`: exact amount in. */
export const SwapIn = z.looseObject(
  lenient({
    swap_venue: SwapVenue,
    swap_operations: z.array(SwapOperation),
    swap_amount_in: F.swap_amount_in.nullable(),
    price_impact_percent: F.price_impact_percent.nullable(),
    estimated_amount_out: F.estimated_amount_out.nullable(),
  }),
);
export type SwapIn = z.infer<typeof SwapIn>;

/** `swap_out`: exact amount out. */
export const SwapOut = z.looseObject(
  lenient({
    swap_venue: SwapVenue,
    swap_operations: z.array(SwapOperation),
    swap_amount_out: IntegerString,
    price_impact_percent: F.price_impact_percent.nullable(),
  }),
);
export type SwapOut = z.infer<typeof SwapOut>;

/** One leg of a split (smart) swap. */
export const SwapRoute = z.looseObject(
  lenient({
    ...pick('swap_amount_in', 'denom_in'),
    swap_operations: z.array(SwapOperation),
  }),
);
export type SwapRoute = z.infer<typeof SwapRoute>;

/** `smart_swap_in`: exact amount in, possibly split over several routes. */
export const SmartSwapIn = z.looseObject(
  lenient({
    swap_venue: SwapVenue,
    swap_routes: z.array(SwapRoute),
    estimated_amount_out: F.estimated_amount_out.nullable(),
  }),
);
export type SmartSwapIn = z.infer<typeof SmartSwapIn>;

const swapSiblings = lenient({
  /** Amount followed by denom, no separator ("0uosmo"). */
  estimated_affiliate_fee: z.string(),
  // from_chain_id is an alias of chain_id.
  ...pick('from_chain_id', 'chain_id', 'denom_in', 'denom_out'),
  swap_venues: z.array(SwapVenue),
});

export const SWAP_BODIES = { swap_in: SwapIn, swap_out: SwapOut, smart_swap_in: SmartSwapIn } as const;
export type SwapKind = keyof typeof SWAP_BODIES;
export const SWAP_KINDS = Object.keys(SWAP_BODIES) as SwapKind[];

/** A swap whose body is an alternative we do not know (kept, classified as unknown). */
export const UnknownSwap = unknownBranch('swap', swapSiblings);
export type UnknownSwap = z.infer<typeof UnknownSwap>;

/** The swap object: siblings plus exactly one of swap_in / swap_out / smart_swap_in. */
export const Swap = keyedUnion('swap', wrapperBranches(swapSiblings, SWAP_BODIES), UnknownSwap);
export type Swap = z.infer<typeof Swap>;

// ──────────────────────────────── bridges ────────────────────────────────

export const AxelarTransfer = z.looseObject(
  lenient({
    ...pick('from_chain_id', 'to_chain_id'),
    /** Bridge-side name of the asset. */
    asset: z.string(),
    should_unwrap: z.boolean(),
    ...pick('denom_in', 'denom_out', 'fee_amount', 'usd_fee_amount'),
    fee_asset: Asset,
    ...pick('is_testnet'),
    ibc_transfer_to_axelar: Transfer,
    ...pick('bridge_id', 'smart_relay'),
    /** @deprecated Axelar's chain name; use `from_chain_id` (normalise.ts fills it). */
    from_chain: z.string(),
    /** @deprecated Axelar's chain name; use `to_chain_id` (normalise.ts fills it). */
    to_chain: z.string(),
  }),
);
export type AxelarTransfer = z.infer<typeof AxelarTransfer>;

export const CctpTransfer = z.looseObject(
  lenient({
    ...pick('from_chain_id', 'to_chain_id'),
    /** ERC-20 contract on EVM chains, `uusdc` on Noble. */
    burn_token: z.string(),
    ...pick('denom_in', 'denom_out', 'bridge_id', 'smart_relay'),
    smart_relay_fee_quote: SmartRelayFeeQuote.nullable(),
  }),
);
export type CctpTransfer = z.infer<typeof CctpTransfer>;

/** Not described by openapi.yml: modelled like cctp_transfer (unknown fields pass through). */
export const CctpTransferV2 = CctpTransfer;
export type CctpTransferV2 = z.infer<typeof CctpTransferV2>;

export const HyperlaneTransfer = z.looseObject(
  lenient({
    ...pick('from_chain_id', 'to_chain_id', 'denom_in', 'denom_out'),
    hyperlane_contract_address: z.string(),
    ...pick('fee_amount', 'usd_fee_amount'),
    fee_asset: Asset,
    ...pick('bridge_id', 'smart_relay'),
  }),
);
export type HyperlaneTransfer = z.infer<typeof HyperlaneTransfer>;

export const EvmSwap = z.looseObject(
  lenient({
    /** Empty string for the native token. */
    input_token: z.string(),
    swap_calldata: z.string(),
    ...pick('amount_in', 'amount_out', 'from_chain_id', 'denom_in', 'denom_out'),
    swap_venues: z.array(SwapVenue),
  }),
);
export type EvmSwap = z.infer<typeof EvmSwap>;

export const BankSend = z.looseObject(lenient(pick('chain_id', 'denom')));
export type BankSend = z.infer<typeof BankSend>;

export const OpInitTransfer = z.looseObject(
  lenient({
    ...pick('from_chain_id', 'to_chain_id', 'denom_in', 'denom_out'),
    /** Identifies the L1-L2 pair. */
    op_init_bridge_id: z.string(),
    ...pick('bridge_id', 'smart_relay'),
  }),
);
export type OpInitTransfer = z.infer<typeof OpInitTransfer>;

export const GoFastFee = z.looseObject(
  lenient({
    fee_asset: Asset,
    bps_fee: DecimalString,
    bps_fee_amount: IntegerString,
    bps_fee_usd: DecimalString,
    source_chain_fee_amount: IntegerString,
    source_chain_fee_usd: DecimalString,
    destination_chain_fee_amount: IntegerString,
    destination_chain_fee_usd: DecimalString,
  }),
);
export type GoFastFee = z.infer<typeof GoFastFee>;

export const GoFastTransfer = z.looseObject(
  lenient({
    ...pick('from_chain_id', 'to_chain_id'),
    fee: GoFastFee,
    ...pick('bridge_id', 'denom_in', 'denom_out'),
    source_domain: z.string(),
    destination_domain: z.string(),
  }),
);
export type GoFastTransfer = z.infer<typeof GoFastTransfer>;

export const StargateTransfer = z.looseObject(
  lenient({
    ...pick('from_chain_id', 'to_chain_id', 'denom_in', 'denom_out'),
    pool_address: z.string(),
    ...pick('destination_endpoint_id'),
    oft_fee_asset: Asset,
    oft_fee_amount: IntegerString,
    oft_fee_amount_usd: DecimalString,
    messaging_fee_asset: Asset,
    ...pick('messaging_fee_amount', 'messaging_fee_amount_usd', 'bridge_id'),
  }),
);
export type StargateTransfer = z.infer<typeof StargateTransfer>;

export const LayerZeroTransfer = z.looseObject(
  lenient({
    ...pick('from_chain_id', 'to_chain_id', 'denom_in', 'denom_out'),
    source_oft_contract_address: z.string(),
    ...pick('destination_endpoint_id'),
    messaging_fee_asset: Asset,
    ...pick('messaging_fee_amount', 'messaging_fee_amount_usd', 'bridge_id'),
  }),
);
export type LayerZeroTransfer = z.infer<typeof LayerZeroTransfer>;

export const EurekaTransfer = z.looseObject(
  lenient({
    destination_port: z.string(),
    source_client: z.string(),
    ...pick('from_chain_id', 'to_chain_id', 'pfm_enabled', 'supports_memo', 'denom_in', 'denom_out'),
    /** Eureka entry contract on the source chain. */
    entry_contract_address: z.string(),
    callback_adapter_contract_address: z.string().nullable(),
    ...pick('bridge_id', 'smart_relay'),
    smart_relay_fee_quote: SmartRelayFeeQuote.nullable(),
    to_chain_callback_contract_address: F.to_chain_callback_contract_address.nullable(),
    to_chain_entry_contract_address: F.to_chain_entry_contract_address.nullable(),
  }),
);
export type EurekaTransfer = z.infer<typeof EurekaTransfer>;

// ─────────────────────────────── operation ───────────────────────────────

// Upstream declares these three required, yet its own examples (route 200, msgs requests) leave
// them out: read leniently (reading-policy.ts); the local service always sends them.
const operationSiblings = lenient(pick('tx_index', 'amount_in', 'amount_out'));
export const OPERATION_SIBLING_KEYS = Object.keys(operationSiblings) as (keyof typeof operationSiblings)[];

/** Wrapper key → body schema, for every operation kind we know. */
export const OPERATION_BODIES = {
  transfer: Transfer,
  swap: Swap,
  axelar_transfer: AxelarTransfer,
  bank_send: BankSend,
  cctp_transfer: CctpTransfer,
  cctp_transfer_v2: CctpTransferV2,
  hyperlane_transfer: HyperlaneTransfer,
  evm_swap: EvmSwap,
  op_init_transfer: OpInitTransfer,
  go_fast_transfer: GoFastTransfer,
  stargate_transfer: StargateTransfer,
  layer_zero_transfer: LayerZeroTransfer,
  eureka_transfer: EurekaTransfer,
} as const;
export type OperationKind = keyof typeof OPERATION_BODIES;
export const OPERATION_KINDS = Object.keys(OPERATION_BODIES) as OperationKind[];
/** Body type of each known operation kind. */
export type OperationBodies = { [K in OperationKind]: z.infer<(typeof OPERATION_BODIES)[K]> };

/** An operation whose wrapper key we do not know: kept as received, classified as unknown. */
export const UnknownOperation = unknownBranch('operation', operationSiblings);
export type UnknownOperation = z.infer<typeof UnknownOperation>;

const OperationWire = keyedUnion('operation', wrapperBranches(operationSiblings, OPERATION_BODIES), UnknownOperation);

/** One element of `operations`; deprecated fields are normalised (normalise.ts). */
export type Operation = z.infer<typeof OperationWire>;
export const Operation = OperationWire.transform(normaliseOperation);
