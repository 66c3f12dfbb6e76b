/**
 * Amounts along a chosen sequence of legs: forward for exact-in, backward for exact-out.
 * Every step is monotone, so the backward pass yields the smallest input whose forward pass
 * delivers at least the requested output; the planner then runs forward from that input so
 * that every operation's amounts are consistent with what the chains will do.
 */
import {
  affiliateFee,
  baseUnitsForUsd,
  grossForNet,
  keptFraction,
  parseUsd,
  priceScaled,
  swapExactIn,
  swapExactOut,
  usdValue,
  type CpReserves,
  type UsdScaled,
} from '../pricing';
import type { Pool, World, WorldAsset } from '../world';
import { bridgeOf } from '../bridges/registry';
import type { PlannerConfig } from './config';
import type { BridgeLeg, Leg, SwapLeg } from './types';

export type FeeBehavior = 'FEE_BEHAVIOR_DEDUCTED' | 'FEE_BEHAVIOR_ADDITIONAL';

export interface BridgeFee {
  amount: bigint;
  asset: WorldAsset;
  /** Deducted from the bridged amount (Cosmos source) or paid on top of it (EVM/SVM source). */
  behavior: FeeBehavior;
  usd: UsdScaled | undefined;
  /** Reported in estimated_fees (as `feeType`, SMART_RELAY unless said otherwise). */
  smartRelay: boolean;
  feeType?: string;
  /** How an error names it ("the CCTP smart relay fee"); default "the <bridge> fee". */
  label?: string;
}

export interface SwapQuote {
  /** Pool output before the affiliate fee. */
  gross: bigint;
  affiliate: bigint;
  /** Product over the hops of Rin / (Rin + in·(1−fee)): 1 − kept is the price impact. */
  keptNum: bigint;
  keptDen: bigint;
}

export interface LegQuote {
  amountIn: bigint;
  amountOut: bigint;
  fee?: BridgeFee;
  swap?: SwapQuote;
}

/** A refused quote; `cover` names what the amount fell short of (a fee, a swap's output), when that is the reason. */
export type QuoteResult = { ok: true; quotes: LegQuote[] } | { ok: false; reason: string; cover?: string };
export type InverseResult = { ok: true; amountIn: bigint } | { ok: false; reason: string };

const genesisReserves = new WeakMap<Pool, readonly [bigint, bigint]>();

export class QuoteContext {
  private readonly fees = new Map<BridgeLeg, BridgeFee | null>();

  constructor(
    readonly world: World,
    readonly cfg: PlannerConfig,
    readonly smartRelay: boolean,
    readonly affiliateBps: bigint,
  ) {}

  price(asset: WorldAsset): string | undefined {
    return this.cfg.priceUsd ? this.cfg.priceUsd(asset) : this.world.priceOfAsset(asset);
  }

  usd(asset: WorldAsset, amount: bigint): UsdScaled | undefined {
    const p = this.price(asset);
    return p === undefined || asset.decimals === undefined ? undefined : usdValue(amount, asset.decimals, p);
  }

  reserves(pool: Pool, inIndex: 0 | 1): CpReserves {
    let r: readonly [bigint, bigint] | undefined;
    if (this.cfg.poolReserves) {
      const s = this.cfg.poolReserves(pool);
      r = [BigInt(s[0]), BigInt(s[1])];
    } else {
      r = genesisReserves.get(pool);
      if (!r) {
        r = [BigInt(pool.reserves[0]), BigInt(pool.reserves[1])];
        genesisReserves.set(pool, r);
      }
    }
    return {
      reserveIn: r[inIndex],
      reserveOut: r[inIndex === 0 ? 1 : 0],
      feeBps: BigInt(pool.feeBps),
    };
  }

  /** The fee a bridge leg charges, or null when it charges none. */
  bridgeFee(leg: BridgeLeg): BridgeFee | null {
    let f = this.fees.get(leg);
    if (f === undefined) {
      f = bridgeOf(leg.bridge).planner.fee(this, leg);
      this.fees.set(leg, f);
    }
    return f;
  }

  /** Base units of `asset` worth `usdText` dollars at the price table (0 when it has no price). */
  feeIn(asset: WorldAsset, usdText: string): { amount: bigint; usd: UsdScaled | undefined } {
    const p = this.price(asset);
    // a fee asset without a price or decimals cannot be charged a USD-denominated fee
    if (p === undefined || asset.decimals === undefined || priceScaled(p) <= 0n) return { amount: 0n, usd: undefined };
    const amount = baseUnitsForUsd(parseUsd(usdText), asset.decimals, p);
    return { amount, usd: usdValue(amount, asset.decimals, p) };
  }

  /** The gas token of a chain, as a World asset. */
  nativeToken(chainId: string): WorldAsset | undefined {
    const chain = this.world.chain(chainId);
    const denom = chain?.feeAssets[0]?.denom;
    return denom === undefined ? undefined : this.world.asset(chainId, denom);
  }
}

function quoteSwapForward(ctx: QuoteContext, leg: SwapLeg, amountIn: bigint): SwapQuote | null {
  let amt = amountIn;
  let keptNum = 1n;
  let keptDen = 1n;
  for (const hop of leg.hops) {
    const r = ctx.reserves(hop.pool, hop.inIndex);
    const k = keptFraction(r, amt);
    keptNum *= k.num;
    keptDen *= k.den;
    amt = swapExactIn(r, amt);
    if (amt <= 0n) return null;
  }
  const affiliate = affiliateFee(amt, ctx.affiliateBps);
  return { gross: amt, affiliate, keptNum, keptDen };
}

/** Amounts of every leg for an exact input. */
export function quoteForward(ctx: QuoteContext, legs: readonly Leg[], amountIn: bigint): QuoteResult {
  const quotes: LegQuote[] = [];
  let amt = amountIn;
  for (const leg of legs) {
    switch (leg.kind) {
      case 'transfer':
        quotes.push({ amountIn: amt, amountOut: amt });
        break;
      case 'swap': {
        const s = quoteSwapForward(ctx, leg, amt);
        if (!s || s.gross - s.affiliate <= 0n) {
          return { ok: false, reason: 'amount is too small to swap', cover: `the fees of the swap on ${leg.venue.name}` };
        }
        quotes.push({ amountIn: amt, amountOut: s.gross - s.affiliate, swap: s });
        amt = s.gross - s.affiliate;
        break;
      }
      default: {
        const planner = bridgeOf(leg.bridge).planner;
        if (planner.quote) {
          // a fee that depends on the amount (bps): the bridge quotes it exactly
          const q = planner.quote(ctx, leg, amt);
          if (!q) {
            const cover = `the ${bridgeOf(leg.bridge).name} fee`;
            return { ok: false, reason: `amount is too small to cover ${cover}`, cover };
          }
          quotes.push({ amountIn: amt, amountOut: q.amountOut, fee: q.fee });
          amt = q.amountOut;
          break;
        }
        const fee = ctx.bridgeFee(leg);
        const bridge = bridgeOf(leg.bridge);
        let out = amt;
        if (bridge.planner.amountOut) {
          out = bridge.planner.amountOut(leg, amt);
          if (out <= 0n) return { ok: false, reason: `amount is too small for ${bridge.name}`, cover: `the ${bridge.name} transfer` };
        } else if (fee && fee.behavior === 'FEE_BEHAVIOR_DEDUCTED') {
          if (amt <= fee.amount) {
            const cover = `the ${fee.label ?? `${bridgeOf(leg.bridge).name} fee`} of ${fee.amount} ${fee.asset.denom}`;
            return { ok: false, reason: `amount is too small to cover ${cover}`, cover };
          }
          out = amt - fee.amount;
        }
        const carries = bridgeOf(leg.bridge).planner.carries;
        if (carries) {
          out = carries.forward(leg, out);
          if (out <= 0n) {
            const cover = `the smallest amount ${bridgeOf(leg.bridge).name} carries`;
            return { ok: false, reason: `amount is too small: it is below ${cover}`, cover };
          }
        }
        quotes.push(fee ? { amountIn: amt, amountOut: out, fee } : { amountIn: amt, amountOut: out });
        amt = out;
      }
    }
  }
  return { ok: true, quotes };
}

/** Smallest input that delivers at least `amountOut` through the legs. */
export function quoteBackward(ctx: QuoteContext, legs: readonly Leg[], amountOut: bigint): InverseResult {
  let amt = amountOut;
  for (let i = legs.length - 1; i >= 0; i--) {
    const leg = legs[i]!;
    switch (leg.kind) {
      case 'transfer':
        break;
      case 'swap': {
        amt = grossForNet(amt, ctx.affiliateBps);
        for (let h = leg.hops.length - 1; h >= 0; h--) {
          const hop = leg.hops[h]!;
          const need = swapExactOut(ctx.reserves(hop.pool, hop.inIndex), amt);
          if (need === null) return { ok: false, reason: `not enough liquidity on ${leg.venue.name} for amount_out` };
          amt = need;
        }
        break;
      }
      default: {
        const planner = bridgeOf(leg.bridge).planner;
        if (planner.amountInFor) {
          amt = planner.amountInFor(ctx, leg, amt);
          break;
        }
        const carries = planner.carries;
        if (carries) amt = carries.backward(leg, amt);
        const fee = ctx.bridgeFee(leg);
        if (fee && fee.behavior === 'FEE_BEHAVIOR_DEDUCTED') amt += fee.amount;
      }
    }
  }
  return { ok: true, amountIn: amt };
}
