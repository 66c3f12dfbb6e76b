/**
 * A quoted route as the preview shows it: one step per operation (unknown kinds included, never
 * dropped), every fee the route mentions, the minimum that can arrive, and the warning in words.
 */
import { describeOperation } from '../../api/kinds';
import type { Fee } from '../../api/schemas/common';
import type { Route } from '../../api/schemas/route';
import { decimalToScaled, mulDivBaseUnits } from '../../chains/amounts';
import { estimatedFee, routeFeeSummary, type FeePart, type FeePayer, type RouteFee } from '../../routes/fees';
import { fromApiAsset, type AssetInfo } from './assets';
import { bridgeName } from '../../words/bridges';
import { venueName } from '../../words/venues';

export interface RouteStep {
  index: number;
  /** A known operation kind, or 'unknown'. */
  kind: string;
  /** The wrapper key as received (the unknown kind's name). */
  rawKind: string;
  title: string;
  fromChainId: string | null;
  toChainId: string | null;
  /** Bridge or swap venue. */
  via: string | null;
  denomIn: string | null;
  denomOut: string | null;
  amountIn: string | null;
  amountOut: string | null;
  priceImpactPercent: string | null;
  txIndex: number | null;
  /** The operation as received, for the details disclosure. */
  raw: unknown;
}

const TITLES: Record<string, string> = {
  transfer: 'Transfer',
  swap: 'Swap',
  axelar_transfer: 'Axelar bridge',
  bank_send: 'Send',
  cctp_transfer: 'CCTP bridge',
  cctp_transfer_v2: 'CCTP bridge',
  hyperlane_transfer: 'Hyperlane bridge',
  evm_swap: 'Swap on an EVM chain',
  op_init_transfer: 'OPinit bridge',
  go_fast_transfer: 'Go Fast transfer',
  stargate_transfer: 'Stargate bridge',
  layer_zero_transfer: 'LayerZero bridge',
  eureka_transfer: 'IBC Eureka transfer',
};

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const rec = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {});

export function routeSteps(route: Route): RouteStep[] {
  return route.operations.map((op, index) => {
    const described = describeOperation(op);
    const body = rec(described.body);
    const siblings = op as { tx_index?: number; amount_in?: string; amount_out?: string };
    const step: RouteStep = {
      index,
      kind: described.kind,
      rawKind: described.kind === 'unknown' ? described.rawKind || '(no name)' : described.kind,
      title: described.kind === 'unknown' ? 'Unknown step' : (TITLES[described.kind] ?? described.kind),
      fromChainId: str(body.from_chain_id) ?? str(body.chain_id),
      toChainId: str(body.to_chain_id) ?? str(body.chain_id) ?? str(body.from_chain_id),
      via: str(body.bridge_id),
      denomIn: str(body.denom_in) ?? str(body.denom),
      denomOut: str(body.denom_out) ?? str(body.denom),
      amountIn: str(siblings.amount_in),
      amountOut: str(siblings.amount_out),
      priceImpactPercent: null,
      txIndex: typeof siblings.tx_index === 'number' ? siblings.tx_index : null,
      raw: op,
    };
    if (described.kind === 'swap' || described.kind === 'evm_swap') {
      const inner = rec(body.swap_in ?? body.swap_out ?? body.smart_swap_in);
      const venue = rec(inner.swap_venue);
      const venues = Array.isArray(body.swap_venues) ? body.swap_venues.map(rec) : [];
      const venueId = str(venue.name) ?? str(venues[0]?.name);
      step.via = venueId === null ? null : venueName(venueId);
      step.priceImpactPercent = str(inner.price_impact_percent);
      step.fromChainId = str(body.chain_id) ?? str(body.from_chain_id);
      step.toChainId = step.fromChainId;
    }
    else if (step.via !== null) step.via = bridgeName(step.via);
    if (described.kind === 'transfer' && step.via === null) step.via = 'IBC';
    return step;
  });
}

/** Who pays a fee: taken from the amount sent, paid on top of it, or not stated (src/routes/fees.ts). */
export type FeeBehaviorWord = FeePayer;

export interface FeeLine {
  label: string;
  chainId: string | null;
  asset: AssetInfo | null;
  denom: string | null;
  amount: string | null;
  usd: string | null;
  /**
   * deducted: taken from the amount sent (the quote already counts it); additional: paid on top
   * of it, in the fee's token; unknown: the service did not say.
   */
  behavior: FeeBehaviorWord;
  /** Named by the operation, by `estimated_fees`, or by both (matched: one fee). */
  source: RouteFee['source'];
  operationIndex: number | null;
  /** The operation's breakdown of this fee (Go Fast's three parts), in the fee's token. */
  parts: FeePart[];
}

export function feeLine(fee: RouteFee): FeeLine {
  return {
    label: fee.label,
    chainId: fee.chainId,
    asset: fee.asset ? fromApiAsset(fee.asset) : null,
    denom: fee.denom,
    amount: fee.amount,
    usd: fee.usd,
    behavior: fee.payer,
    source: fee.source,
    operationIndex: fee.operationIndex,
    parts: fee.parts,
  };
}

/**
 * Every fee of the route, each once: an operation's own fee fields and the `estimated_fees`
 * entry for the same fee are one line (src/routes/fees.ts). `estimated` replaces the route's
 * `estimated_fees` (Build: the msgs answer's).
 */
export function routeFees(route: Route, estimated?: readonly Fee[]): FeeLine[] {
  return routeFeeSummary(route, estimated ?? route.estimated_fees).fees.map(feeLine);
}

/**
 * One estimated fee on its own. Production sends `amount: ""`, `usd_amount: ""` and
 * `origin_asset: null`, which the schema reads as unknown: the line then has a null amount,
 * asset or USD value, shown as "fee unknown" (never as a zero fee).
 */
export function estimatedFeeLine(fee: Fee): FeeLine {
  return feeLine(estimatedFee(fee));
}

/**
 * What a fee line says about its amount: the amount in its asset; "fee unknown" when the API
 * left the amount blank; the base units and "asset unknown" when only the asset is missing.
 */
export function feeAmountWords(fee: Pick<FeeLine, 'amount' | 'asset'>, display: (amount: string, asset: AssetInfo) => string): string {
  if (fee.amount === null) return 'fee unknown';
  return fee.asset ? display(fee.amount, fee.asset) : `${fee.amount} (base units, asset unknown)`;
}

/** "2 transactions to sign", or "transactions to sign: unknown". */
export function txsToSignWords(count: number | undefined): string {
  if (count === undefined) return 'number of transactions to sign unknown';
  return `${count} transaction${count === 1 ? '' : 's'} to sign`;
}

/** The sum of the USD values that are known, as a decimal string; null when none is. */
export function totalUsd(values: readonly (string | null | undefined)[]): string | null {
  let sum = 0n;
  let any = false;
  for (const v of values) {
    if (!v) continue;
    try {
      sum += decimalToScaled(v, 6, 'half-up');
      any = true;
    } catch {
      // an unreadable value is left out of the total
    }
  }
  if (!any) return null;
  const negative = sum < 0n;
  const digits = (negative ? -sum : sum).toString().padStart(7, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -6)}.${digits.slice(-6)}`;
}

/**
 * What arrives at least, before the messages are built: for a swap, the quoted output less the
 * slippage tolerance (rounded down); otherwise the quoted output. The msgs answer's
 * min_amount_out is authoritative once built.
 */
export function estimatedMinimumOut(route: Route, slippagePercent: string): string {
  const out = route.amount_out;
  if (!route.does_swap) return out;
  try {
    const bps = decimalToScaled(slippagePercent, 2, 'exact'); // 1.5% → 150 bps
    if (bps < 0n || bps > 10_000n) return out;
    return mulDivBaseUnits(out, 10_000n - bps, 10_000n);
  } catch {
    return out;
  }
}

/** Percent of USD value lost between input and output (positive = loss), or null. */
export function usdLossPercent(route: Route): string | null {
  if (!route.usd_amount_in || !route.usd_amount_out) return null;
  try {
    const inn = decimalToScaled(route.usd_amount_in, 6, 'half-up');
    const out = decimalToScaled(route.usd_amount_out, 6, 'half-up');
    if (inn <= 0n) return null;
    const bps = ((inn - out) * 10_000n) / inn; // hundredths of a percent
    const negative = bps < 0n;
    const abs = negative ? -bps : bps;
    return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  } catch {
    return null;
  }
}

export interface WarningWords {
  type: string;
  title: string;
  explanation: string;
  message: string | null;
}

export function routeWarning(route: Route): WarningWords | null {
  const w = route.warning;
  if (!w) return null;
  const message = w.message ?? null;
  switch (w.type) {
    case 'BAD_PRICE_WARNING': {
      const loss = usdLossPercent(route);
      return {
        type: w.type,
        title: 'Poor price',
        explanation:
          `You would receive much less value than you send${loss !== null ? ` (about ${loss}% less in US dollars)` : ''}. ` +
          'The route’s execution price is far from the market price, usually because a pool is too small for this amount.',
        message,
      };
    }
    case 'LOW_INFO_WARNING':
      return {
        type: w.type,
        title: 'Price cannot be checked',
        explanation: 'There is not enough market data for one of the assets to tell whether this price is fair. Compare it yourself before going on.',
        message,
      };
    default:
      return { type: String(w.type), title: 'The service flagged this route', explanation: 'The routing service marked this route with a warning Courier does not know.', message };
  }
}
