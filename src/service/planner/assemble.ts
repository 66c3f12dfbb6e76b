/**
 * Turns the chosen legs and their quotes into the spec's Route object: operations with every
 * field of their kind, tx indices, chains, fees, USD values and duration.
 */
import { formatUsd, lossPercentString } from '../pricing';
import { toWireAsset, toWireVenue, type Venue, type WireVenue, type World } from '../world';
import type { LegQuote, QuoteContext } from './quote';
import type { PlanRequest } from './request';
import { axelarSeconds, cctpSeconds, type TimingTable } from './timing';
import { foldsIntoAxelar, type TxPlan } from './txs';
import type { AxelarLeg, CctpLeg, Leg, SwapLeg, TransferLeg } from './types';
import type { WireAxelarTransfer, WireCctpTransfer, WireFee, WireOperation, WireRoute, WireSwap, WireTransfer } from './wire';

export interface ChosenRoute {
  legs: readonly Leg[];
  quotes: readonly LegQuote[];
  txs: TxPlan;
  amountIn: bigint;
  amountOut: bigint;
}

export interface AssembledRoute {
  route: WireRoute;
  /** The swap leg, when the route swaps (for the price-safety check). */
  swap?: { leg: SwapLeg; quote: LegQuote };
}

function transferBody(world: World, leg: TransferLeg, entryVenue: Venue | undefined): WireTransfer {
  const from = world.chain(leg.fromChainId)!;
  return {
    port: leg.end.portId,
    channel: leg.end.channelId,
    from_chain_id: leg.fromChainId,
    to_chain_id: leg.toChainId,
    pfm_enabled: from.pfmEnabled,
    supports_memo: from.supportsMemo,
    denom_in: leg.denomIn,
    denom_out: leg.denomOut,
    // relayers carry IBC packets for free in this World
    fee_amount: null,
    usd_fee_amount: null,
    fee_asset: null,
    bridge_id: 'IBC',
    smart_relay: false,
    // the ibc-hooks memo calls the venue's entry point when a swap follows in the same tx
    to_chain_entry_contract_address: entryVenue ? entryVenue.entryPointContract : null,
    to_chain_callback_contract_address: null,
    dest_denom: leg.denomOut,
  };
}

function venueRef(v: Venue): WireVenue {
  return { name: v.name, chain_id: v.chainId };
}

function swapBody(leg: SwapLeg, q: LegQuote, mode: 'in' | 'out'): WireSwap {
  const s = q.swap!;
  const ops = leg.hops.map((h) => ({ pool: h.pool.id, denom_in: h.denomIn, denom_out: h.denomOut }));
  const impact = lossPercentString(s.keptNum, s.keptDen);
  const common = {
    estimated_affiliate_fee: `${s.affiliate}${leg.denomOut}`,
    from_chain_id: leg.chainId,
    chain_id: leg.chainId,
    denom_in: leg.denomIn,
    denom_out: leg.denomOut,
    swap_venues: [toWireVenue(leg.venue)],
  };
  if (mode === 'out') {
    return {
      swap_out: { swap_venue: venueRef(leg.venue), swap_operations: ops, swap_amount_out: s.gross.toString(), price_impact_percent: impact },
      ...common,
    };
  }
  return {
    swap_in: {
      swap_venue: venueRef(leg.venue),
      swap_operations: ops,
      swap_amount_in: q.amountIn.toString(),
      price_impact_percent: impact,
      estimated_amount_out: s.gross.toString(),
    },
    ...common,
  };
}

function cctpBody(leg: CctpLeg, q: LegQuote, smartRelay: boolean): WireCctpTransfer {
  return {
    from_chain_id: leg.from.chainId,
    to_chain_id: leg.to.chainId,
    burn_token: leg.from.denom,
    denom_in: leg.from.denom,
    denom_out: leg.to.denom,
    bridge_id: 'CCTP',
    smart_relay: smartRelay,
    smart_relay_fee_quote: q.fee
      ? { fee_amount: q.fee.amount.toString(), fee_denom: q.fee.asset.denom, fee_payment_address: null }
      : null,
  };
}

function axelarChainName(world: World, chainId: string): string {
  const c = world.chain(chainId);
  return c?.axelarChainName ?? c?.chainName ?? chainId;
}

function axelarBody(
  world: World,
  leg: AxelarLeg,
  q: LegQuote,
  smartRelay: boolean,
  ibcIn: WireTransfer | undefined,
  ibcOut: TransferLeg | undefined,
): WireAxelarTransfer {
  const fromChainId = ibcIn ? ibcIn.from_chain_id : leg.from.chainId;
  const toChainId = ibcOut ? ibcOut.toChainId : leg.to.chainId;
  const fee = q.fee;
  const body: WireAxelarTransfer = {
    from_chain_id: fromChainId,
    to_chain_id: toChainId,
    asset: leg.asset.axelarDenom,
    // unwrapping to a native gas token is not modelled: tokens arrive as they are listed
    should_unwrap: false,
    denom_in: ibcIn ? ibcIn.denom_in : leg.from.denom,
    denom_out: ibcOut ? ibcOut.denomOut : leg.to.denom,
    fee_amount: (fee?.amount ?? 0n).toString(),
    usd_fee_amount: fee?.usd !== undefined ? formatUsd(fee.usd) : '0.00',
    fee_asset: toWireAsset(fee?.asset ?? leg.from.asset),
    is_testnet: false,
    bridge_id: 'AXELAR',
    smart_relay: smartRelay,
    from_chain: axelarChainName(world, fromChainId),
    to_chain: axelarChainName(world, toChainId),
  };
  if (ibcIn) body.ibc_transfer_to_axelar = ibcIn;
  return body;
}

export function assembleRoute(ctx: QuoteContext, req: PlanRequest, chosen: ChosenRoute, timing: TimingTable): AssembledRoute {
  const world = ctx.world;
  const { legs, quotes, txs } = chosen;
  const operations: WireOperation[] = [];
  const fees: WireFee[] = [];
  const chainIds: string[] = [req.source.chainId];
  const pushChain = (id: string): void => {
    if (chainIds[chainIds.length - 1] !== id) chainIds.push(id);
  };
  let seconds = 0;
  let swap: AssembledRoute['swap'];

  const addFee = (leg: CctpLeg | AxelarLeg, q: LegQuote, txIndex: number): void => {
    const f = q.fee;
    if (!f || !f.smartRelay) return;
    fees.push({
      fee_type: 'SMART_RELAY',
      bridge_id: leg.kind === 'cctp' ? 'CCTP' : 'AXELAR',
      amount: f.amount.toString(),
      usd_amount: f.usd !== undefined ? formatUsd(f.usd) : '0.00',
      origin_asset: toWireAsset(f.asset),
      chain_id: leg.from.chainId,
      tx_index: txIndex,
      operation_index: operations.length,
      fee_behavior: f.behavior,
    });
  };

  for (let i = 0; i < legs.length; i++) {
    const leg = legs[i]!;
    const q = quotes[i]!;
    const tx = txs.legTx[i]!;
    const next = legs[i + 1];
    const nextQ = quotes[i + 1];
    const siblings = (inQ: LegQuote, outQ: LegQuote) => ({
      tx_index: tx,
      amount_in: inQ.amountIn.toString(),
      amount_out: outQ.amountOut.toString(),
    });

    if (leg.kind === 'transfer' && next?.kind === 'axelar' && nextQ && foldsIntoAxelar(world, leg, next)) {
      // IBC into Axelar carried inside the axelar_transfer (ibc_transfer_to_axelar)
      const inner = transferBody(world, leg, undefined);
      addFee(next, nextQ, tx);
      operations.push({ axelar_transfer: axelarBody(world, next, nextQ, req.smartRelay, inner, undefined), ...siblings(q, nextQ) });
      pushChain(next.to.chainId);
      seconds += timing.ibcHopSeconds + axelarSeconds(next.from.chainId, timing);
      i += 1;
      continue;
    }
    if (leg.kind === 'axelar' && next?.kind === 'transfer' && nextQ && foldsIntoAxelar(world, leg, next)) {
      // Axelar delivers one IBC hop beyond its own chain by itself
      addFee(leg, q, tx);
      operations.push({ axelar_transfer: axelarBody(world, leg, q, req.smartRelay, undefined, next), ...siblings(q, nextQ) });
      pushChain(next.toChainId);
      seconds += axelarSeconds(leg.from.chainId, timing) + timing.ibcHopSeconds;
      i += 1;
      continue;
    }
    switch (leg.kind) {
      case 'transfer': {
        const entry = next?.kind === 'swap' && txs.legTx[i + 1] === tx ? next.venue : undefined;
        operations.push({ transfer: transferBody(world, leg, entry), ...siblings(q, q) });
        pushChain(leg.toChainId);
        seconds += timing.ibcHopSeconds;
        break;
      }
      case 'swap':
        operations.push({ swap: swapBody(leg, q, req.mode), ...siblings(q, q) });
        pushChain(leg.chainId);
        seconds += timing.swapSeconds;
        swap = { leg, quote: q };
        break;
      case 'cctp':
        addFee(leg, q, tx);
        operations.push({ cctp_transfer: cctpBody(leg, q, req.smartRelay), ...siblings(q, q) });
        pushChain(leg.to.chainId);
        seconds += cctpSeconds(leg.from.chainId, req.smartRelay, timing);
        break;
      case 'axelar':
        addFee(leg, q, tx);
        operations.push({ axelar_transfer: axelarBody(world, leg, q, req.smartRelay, undefined, undefined), ...siblings(q, q) });
        pushChain(leg.to.chainId);
        seconds += axelarSeconds(leg.from.chainId, timing);
        break;
    }
  }

  const usdIn = ctx.usd(req.source.asset, chosen.amountIn);
  const usdOut = ctx.usd(req.dest.asset, chosen.amountOut);
  const route: WireRoute = {
    amount_in: chosen.amountIn.toString(),
    amount_out: chosen.amountOut.toString(),
    source_asset_denom: req.sourceDenom,
    source_asset_chain_id: req.source.chainId,
    dest_asset_denom: req.destDenom,
    dest_asset_chain_id: req.dest.chainId,
    operations,
    chain_ids: chainIds,
    // every chain on the path needs an address: the sender, the recovery address at each
    // intermediate chain, the receiver
    required_chain_addresses: [...chainIds],
    does_swap: swap !== undefined,
    estimated_amount_out: chosen.amountOut.toString(),
    swap_venues: swap ? [toWireVenue(swap.leg.venue)] : [],
    txs_required: txs.txCount,
    ...(usdIn !== undefined && { usd_amount_in: formatUsd(usdIn) }),
    ...(usdOut !== undefined && { usd_amount_out: formatUsd(usdOut) }),
    ...(swap && { swap_price_impact_percent: lossPercentString(swap.quote.swap!.keptNum, swap.quote.swap!.keptDen) }),
    estimated_fees: fees,
    estimated_route_duration_seconds: seconds,
  };
  return swap ? { route, swap } : { route };
}
