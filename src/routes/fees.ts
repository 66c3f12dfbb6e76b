/**
 * A route's fees, each counted once: the one source of what a route costs in fees for the route
 * cards, the Route view, Build and the bridge's `routes` method (`fees_usd`).
 *
 * A fee can be named twice in one answer: by the operation that charges it (Go Fast's `fee`
 * parts, CCTP's and Eureka's `smart_relay_fee_quote`, Axelar's, Hyperlane's and IBC's
 * `fee_amount`, Stargate's and LayerZero's messaging fee, Stargate's OFT fee) and by the route's
 * `estimated_fees`. The two are matched by operation (`operation_index`, else the bridge and
 * `tx_index`), bridge and token, and kept as one fee: the estimated entry's figures and
 * `fee_behavior` where it gives them (production blanks its amount, USD value and asset), the
 * operation's where it does not. Neither is ever added to the other.
 *
 * Who pays: `deducted` (taken from the amount sent: the quote already counts it), `additional`
 * (paid on top of the amount sent, in the fee's token), or `unknown`. An operation's fee that no
 * estimated entry describes gets its payer from what the operation says: Go Fast's fee and
 * Stargate's OFT fee come out of the amount; a fee in another token than the one the operation
 * moves cannot; a fee in the same token was taken when the operation's amounts differ by it, and
 * is paid on top when they do not differ at all.
 *
 * Pure and zod-free (types only), like ./compare.ts, which the popup's first paint loads.
 */
import type { Asset, Fee } from '../api/schemas/common';
import type { Route } from '../api/schemas/route';
import { decimalToScaled } from '../chains/amounts';
import { operationBridge, operationWrapper } from './operation';
import { bridgeName } from '../words/bridges';

export type FeePayer = 'deducted' | 'additional' | 'unknown';

/** One part of a fee the operation itemises (Go Fast: basis points, source chain, destination chain). */
export interface FeePart {
  label: string;
  /** Base units of the fee's token, or null when not given. */
  amount: string | null;
  usd: string | null;
}

export interface RouteFee {
  label: string;
  /** The bridge that charges it, or null when neither the operation nor the entry names one. */
  bridge: string | null;
  /** The operation that incurs it, or null when unknown. */
  operationIndex: number | null;
  txIndex: number | null;
  /** The chain where it is collected (the fee token's chain when known). */
  chainId: string | null;
  /** The fee's token as the API describes it, or null when not given. */
  asset: Asset | null;
  denom: string | null;
  /** Base units of the fee's token; null when the API left it blank ("fee unknown"). */
  amount: string | null;
  usd: string | null;
  payer: FeePayer;
  /** Named by the operation only, by `estimated_fees` only, or by both (matched, counted once). */
  source: 'operation' | 'estimated' | 'both';
  /** The operation's breakdown when it itemises the fee; empty otherwise. */
  parts: FeePart[];
}

export interface RouteFeeSummary {
  /** In route order (by operation; entries that name none last). */
  fees: RouteFee[];
  /** Sum of the fees' USD values that are known (a decimal string), or null when none is. */
  totalUsd: string | null;
  /** Fees without a USD value, left out of `totalUsd`. */
  unpriced: number;
}

type Json = Record<string, unknown>;

const rec = (v: unknown): Json => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null);
const units = (v: unknown): bigint | null => (typeof v === 'string' && /^[0-9]+$/.test(v) ? BigInt(v) : null);
const nonZero = (v: string | null): boolean => v !== null && !/^0*$/.test(v);
const isAsset = (v: unknown): v is Asset => typeof v === 'object' && v !== null && typeof (v as Json).denom === 'string';

/** EVM contract addresses are compared without case; every other denom exactly. */
function sameDenom(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return false;
  return a.startsWith('0x') && b.startsWith('0x') ? a.toLowerCase() === b.toLowerCase() : a === b;
}

/** Same token: same denom, on the same chain when both chains are known. */
function sameToken(a: { chainId: string | null; denom: string | null }, b: { chainId: string | null; denom: string | null }): boolean {
  return sameDenom(a.denom, b.denom) && (a.chainId === null || b.chainId === null || a.chainId === b.chainId);
}


/** An operation's own fee, before matching. */
interface OperationFee {
  label: string;
  operationIndex: number;
  txIndex: number | null;
  bridge: string | null;
  chainId: string | null;
  asset: Asset | null;
  denom: string | null;
  amount: string | null;
  usd: string | null;
  payer: FeePayer;
  parts: FeePart[];
  estimated: Fee | null;
}

function sumUnits(values: readonly (string | null)[]): string | null {
  let sum = 0n;
  for (const v of values) {
    const n = units(v);
    if (n === null) return null;
    sum += n;
  }
  return sum.toString();
}

/** USD values are added at this many decimals (far below a cent), never through floats. */
const USD_SCALE = 12;

function usdScaled(value: unknown): bigint | null {
  if (typeof value !== 'string' || value === '') return null;
  try {
    return decimalToScaled(value, USD_SCALE, 'half-up');
  } catch {
    return null;
  }
}

function scaledToDecimal(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const fraction = digits.slice(-scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${digits.slice(0, -scale)}${fraction ? `.${fraction}` : ''}`;
}

/** The sum of the USD values that are readable, as a decimal string; null when none is. */
export function sumUsd(values: readonly (string | null | undefined)[]): string | null {
  let total: bigint | null = null;
  for (const v of values) {
    const n = usdScaled(v);
    if (n !== null) total = (total ?? 0n) + n;
  }
  return total === null ? null : scaledToDecimal(total, USD_SCALE);
}

/** Every USD value known: their sum; else null. */
function sumAllUsd(values: readonly (string | null)[]): string | null {
  return values.every((v) => usdScaled(v) !== null) ? sumUsd(values) : null;
}

function operationFees(op: unknown, index: number): OperationFee[] {
  const o = rec(op);
  const operation = operationWrapper(o);
  if (!operation) return [];
  const { kind, body } = operation;
  const bridge = operationBridge(kind, body);
  // the bridge's name as people know it; an IBC hop's fee reads as a transfer's
  const name = kind === 'transfer' ? 'IBC transfer' : bridge !== null ? bridgeName(bridge) : kind;
  const txIndex = int(o.tx_index);
  const fromChain = str(body.from_chain_id) ?? str(body.chain_id);
  const input = { chainId: fromChain, denom: str(body.denom_in) ?? str(body.burn_token) ?? str(body.denom) };
  const amountIn = units(o.amount_in);
  const amountOut = units(o.amount_out);
  const found: OperationFee[] = [];

  const push = (label: string, amount: string | null, usd: unknown, assetValue: unknown, extra: { denom?: unknown; payer?: FeePayer; parts?: FeePart[] } = {}) => {
    const asset = isAsset(assetValue) ? assetValue : null;
    found.push({
      label,
      operationIndex: index,
      txIndex,
      bridge,
      chainId: str(asset?.chain_id) ?? fromChain,
      asset,
      denom: str(asset?.denom) ?? str(extra.denom),
      amount,
      usd: str(usd),
      payer: extra.payer ?? 'unknown',
      parts: extra.parts ?? [],
      estimated: null,
    });
  };
  /** A fee the operation states, when it is more than zero. */
  const stated = (label: string, amount: unknown, usd: unknown, assetValue: unknown, extra: { denom?: unknown; payer?: FeePayer } = {}) => {
    if (nonZero(str(amount))) push(label, str(amount), usd, assetValue, extra);
  };

  switch (kind) {
    case 'transfer':
    case 'axelar_transfer':
    case 'hyperlane_transfer':
      stated(`${name} fee`, body.fee_amount, body.usd_fee_amount, body.fee_asset);
      break;
    case 'go_fast_transfer': {
      // one fee in three parts, all in the fee asset; the solver is paid out of the amount sent
      const fee = rec(body.fee);
      const bps = str(fee.bps_fee);
      const parts: FeePart[] = [
        { label: bps ? `Solver fee (${bps} bps)` : 'Solver fee', amount: str(fee.bps_fee_amount), usd: str(fee.bps_fee_usd) },
        { label: 'Source chain fee', amount: str(fee.source_chain_fee_amount), usd: str(fee.source_chain_fee_usd) },
        { label: 'Destination chain fee', amount: str(fee.destination_chain_fee_amount), usd: str(fee.destination_chain_fee_usd) },
      ].filter((p) => nonZero(p.amount) || (usdScaled(p.usd) ?? 0n) > 0n);
      if (parts.length > 0) push('Go Fast fee', sumUnits(parts.map((p) => p.amount)), sumAllUsd(parts.map((p) => p.usd)), fee.fee_asset, { payer: 'deducted', parts });
      break;
    }
    case 'stargate_transfer':
      // the OFT fee comes out of the tokens bridged; the messaging fee is paid in the chain's gas token
      stated('Stargate OFT fee', body.oft_fee_amount, body.oft_fee_amount_usd, body.oft_fee_asset, { payer: 'deducted' });
      stated('Stargate messaging fee', body.messaging_fee_amount, body.messaging_fee_amount_usd, body.messaging_fee_asset);
      break;
    case 'layer_zero_transfer':
      stated('LayerZero messaging fee', body.messaging_fee_amount, body.messaging_fee_amount_usd, body.messaging_fee_asset);
      break;
    case 'cctp_transfer':
    case 'cctp_transfer_v2':
    case 'eureka_transfer': {
      const quote = rec(body.smart_relay_fee_quote);
      stated(`${name} relay fee`, quote.fee_amount, null, null, { denom: quote.fee_denom });
      break;
    }
  }

  // who pays, from the operation itself, for the fees it does not say it takes:
  // a fee in another token than the one moved cannot come out of it
  for (const f of found) {
    if (f.payer === 'unknown' && f.denom !== null && input.denom !== null && !sameToken(f, input)) f.payer = 'additional';
  }
  // a fee in the token moved: taken when the operation's amounts differ by it, on top when they differ by nothing else
  const open = found.filter((f) => f.payer === 'unknown' && units(f.amount) !== null && sameToken(f, input));
  if (open.length > 0 && amountIn !== null && amountOut !== null) {
    const sum = (list: OperationFee[]) => list.reduce((s, f) => s + (units(f.amount) ?? 0n), 0n);
    const taken = sum(found.filter((f) => f.payer === 'deducted' && sameToken(f, input)));
    const payer: FeePayer | null = amountIn - amountOut === taken + sum(open) ? 'deducted' : amountIn - amountOut === taken ? 'additional' : null;
    if (payer) for (const f of open) f.payer = payer;
  }
  return found;
}

function payerOf(fee: Fee): FeePayer {
  return fee.fee_behavior === 'FEE_BEHAVIOR_DEDUCTED' ? 'deducted' : fee.fee_behavior === 'FEE_BEHAVIOR_ADDITIONAL' ? 'additional' : 'unknown';
}

/** The operation's own fee an estimated entry describes, if any. */
function matchOf(entry: Fee, fees: readonly OperationFee[]): OperationFee | null {
  const operationIndex = int(entry.operation_index);
  const bridge = str(entry.bridge_id);
  // without an operation index, the bridge must say which operation
  if (operationIndex === null && bridge === null) return null;
  let candidates = fees.filter(
    (f) => f.estimated === null && (operationIndex === null || f.operationIndex === operationIndex) && (bridge === null || f.bridge === null || f.bridge === bridge),
  );
  const txIndex = int(entry.tx_index);
  if (operationIndex === null && txIndex !== null && candidates.some((f) => f.txIndex === txIndex)) candidates = candidates.filter((f) => f.txIndex === txIndex);
  if (candidates.length === 0) return null;
  if (operationIndex === null) candidates = candidates.filter((f) => f.operationIndex === candidates[0]!.operationIndex);

  const asset = isAsset(entry.origin_asset) ? entry.origin_asset : null;
  const token = { chainId: str(asset?.chain_id) ?? str(entry.chain_id), denom: str(asset?.denom) };
  if (token.denom !== null) {
    // a token is given: only a fee in that token is the same fee
    candidates = candidates.filter((f) => f.denom === null || sameToken(f, token));
  } else {
    // production leaves the token blank: a fee charged the other way is another fee
    const payer = payerOf(entry);
    const compatible = candidates.filter((f) => payer === 'unknown' || f.payer === 'unknown' || f.payer === payer);
    candidates = compatible;
  }
  const amount = str(entry.amount);
  return candidates.find((f) => amount !== null && f.amount === amount) ?? candidates[0] ?? null;
}

function estimatedLabel(fee: Fee): string {
  const kind = fee.fee_type === 'SMART_RELAY' ? 'Smart relay fee' : fee.fee_type ? `Fee (${fee.fee_type})` : 'Fee';
  return fee.bridge_id ? `${kind} · ${bridgeName(fee.bridge_id)}` : kind;
}

/** An estimated entry no operation names, as a fee of its own. */
export function estimatedFee(fee: Fee): RouteFee {
  const asset = isAsset(fee.origin_asset) ? fee.origin_asset : null;
  return {
    label: estimatedLabel(fee),
    bridge: str(fee.bridge_id),
    operationIndex: int(fee.operation_index),
    txIndex: int(fee.tx_index),
    chainId: str(fee.chain_id) ?? str(asset?.chain_id),
    asset,
    denom: str(asset?.denom),
    amount: str(fee.amount),
    usd: str(fee.usd_amount),
    payer: payerOf(fee),
    source: 'estimated',
    parts: [],
  };
}

function merged(f: OperationFee): RouteFee {
  const e = f.estimated;
  const base: RouteFee = {
    label: f.label,
    bridge: f.bridge,
    operationIndex: f.operationIndex,
    txIndex: f.txIndex,
    chainId: f.chainId,
    asset: f.asset,
    denom: f.denom,
    amount: f.amount,
    usd: f.usd,
    payer: f.payer,
    source: 'operation',
    parts: f.parts,
  };
  if (!e) return base;
  const asset = isAsset(e.origin_asset) ? e.origin_asset : null;
  const payer = payerOf(e);
  return {
    ...base,
    bridge: base.bridge ?? str(e.bridge_id),
    txIndex: base.txIndex ?? int(e.tx_index),
    chainId: str(asset?.chain_id) ?? base.chainId ?? str(e.chain_id),
    asset: asset ?? base.asset,
    denom: str(asset?.denom) ?? base.denom,
    amount: str(e.amount) ?? base.amount,
    usd: str(e.usd_amount) ?? base.usd,
    payer: payer === 'unknown' ? base.payer : payer,
    source: 'both',
  };
}

/**
 * The route's fees, each once. `estimated` replaces the route's own `estimated_fees` (Build
 * passes the msgs answer's, the newer word on the same operations).
 */
export function routeFeeSummary(
  route: Partial<Pick<Route, 'operations' | 'estimated_fees'>>,
  estimated: readonly Fee[] | undefined = route.estimated_fees,
): RouteFeeSummary {
  const operations = Array.isArray(route.operations) ? route.operations : [];
  const own = operations.flatMap((op, index) => operationFees(op, index));
  const alone: RouteFee[] = [];
  for (const entry of Array.isArray(estimated) ? estimated : []) {
    if (typeof entry !== 'object' || entry === null) continue;
    const match = matchOf(entry, own);
    if (match) match.estimated = entry;
    else alone.push(estimatedFee(entry));
  }
  const fees = [...own.map(merged), ...alone]
    .map((fee, order) => ({ fee, order }))
    .sort((a, b) => (a.fee.operationIndex ?? Number.MAX_SAFE_INTEGER) - (b.fee.operationIndex ?? Number.MAX_SAFE_INTEGER) || a.order - b.order)
    .map((x) => x.fee);
  return {
    fees,
    totalUsd: sumUsd(fees.map((f) => f.usd)),
    unpriced: fees.filter((f) => usdScaled(f.usd) === null).length,
  };
}

// ─────────────────────────────── fees against the amount sent ───────────────────────────────

export interface FeeWeight {
  /** Fees as a share of the amount sent, in millionths (floor). */
  ppm: bigint;
  /** "12.5": percent, one decimal. */
  percent: string;
  /** Fees that could not be weighed (no USD value and not in the token sent): the share is at least `ppm`. */
  unweighed: number;
}

/** A fee above this share of the amount sent is flagged: a tenth. */
export const HIGH_FEE_PPM = 100_000n;
const WHOLE_PPM = 1_000_000n;

/**
 * How much the fees weigh against what is sent: a fee in the token sent against the amount in
 * base units, any other against the route's `usd_amount_in`. Null when nothing can be weighed.
 */
export function feeWeight(
  route: Pick<Route, 'amount_in' | 'source_asset_chain_id' | 'source_asset_denom' | 'usd_amount_in'>,
  summary: RouteFeeSummary,
): FeeWeight | null {
  const sent = units(route.amount_in);
  const sentUsd = usdScaled(route.usd_amount_in);
  const source = { chainId: route.source_asset_chain_id, denom: route.source_asset_denom };
  let ppm = 0n;
  let weighed = 0;
  let unweighed = 0;
  for (const fee of summary.fees) {
    const amount = units(fee.amount);
    const usd = usdScaled(fee.usd);
    if (amount !== null && sent !== null && sent > 0n && sameToken({ chainId: fee.chainId, denom: fee.denom }, source)) {
      ppm += (amount * WHOLE_PPM) / sent;
      weighed++;
    } else if (usd !== null && sentUsd !== null && sentUsd > 0n) {
      ppm += (usd * WHOLE_PPM) / sentUsd;
      weighed++;
    } else unweighed++;
  }
  if (weighed === 0) return null;
  const tenths = (ppm + 500n) / 1_000n; // tenths of a percent, rounded
  return { ppm, percent: `${tenths / 10n}.${tenths % 10n}`, unweighed };
}

export interface FeeWarning {
  /** `high`: more than a tenth of the amount sent; `exceeds`: more than all of it. */
  level: 'high' | 'exceeds';
  weight: FeeWeight;
  /** The fees by who pays them, in route order; each group names its tokens through its fees. */
  payers: { payer: FeePayer; fees: RouteFee[] }[];
}

/** The warning a route's fees deserve, or null when they are at most a tenth of what is sent. */
export function feeWarning(
  route: Pick<Route, 'amount_in' | 'source_asset_chain_id' | 'source_asset_denom' | 'usd_amount_in'>,
  summary: RouteFeeSummary,
): FeeWarning | null {
  const weight = feeWeight(route, summary);
  if (weight === null || weight.ppm <= HIGH_FEE_PPM) return null;
  const payers: FeeWarning['payers'] = [];
  for (const payer of ['deducted', 'additional', 'unknown'] as const) {
    const fees = summary.fees.filter((f) => f.payer === payer);
    if (fees.length > 0) payers.push({ payer, fees });
  }
  return { level: weight.ppm > WHOLE_PPM ? 'exceeds' : 'high', weight, payers };
}
