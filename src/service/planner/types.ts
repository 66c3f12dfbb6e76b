/** Internal model of the planner: positions of value and the legs that move it. */
import type { PlannedBridgeLeg } from '../bridges/types';
import type { ChannelEnd, Hop, Pool, Venue, WorldAsset, WorldChain } from '../world';

/** A (chain, denom) where value can sit, with everything the search needs about it. */
export interface Position {
  chainId: string;
  /** Canonical denom (uppercase ibc hash, checksummed EVM address as catalogued). */
  denom: string;
  asset: WorldAsset;
  chain: WorldChain;
  /** `${originChainId}\n${originDenom}`: transfers never change it, swaps and bridges do. */
  originKey: string;
  /** Base denom of the ICS-20 trace (the denom on the origin chain). */
  baseDenom: string;
  /** Trace hops; hops[0] is the channel the token arrived on at `chainId`. */
  hops: readonly Hop[];
}

export interface TransferLeg {
  kind: 'transfer';
  fromChainId: string;
  toChainId: string;
  /** Sending end on the from chain. */
  end: ChannelEnd;
  denomIn: string;
  denomOut: string;
}

export interface SwapHop {
  pool: Pool;
  /** Index of denomIn in pool.denoms. */
  inIndex: 0 | 1;
  denomIn: string;
  denomOut: string;
}

export interface SwapLeg {
  kind: 'swap';
  venue: Venue;
  chainId: string;
  denomIn: string;
  denomOut: string;
  hops: readonly SwapHop[];
}

/** A crossing by one of the registered bridges (src/service/bridges/). */
export type BridgeLeg = PlannedBridgeLeg;
export type Leg = TransferLeg | SwapLeg | BridgeLeg;

export function legFromChain(leg: Leg): string {
  switch (leg.kind) {
    case 'transfer':
      return leg.fromChainId;
    case 'swap':
      return leg.chainId;
    default:
      return leg.from.chainId;
  }
}

export function legToChain(leg: Leg): string {
  switch (leg.kind) {
    case 'transfer':
      return leg.toChainId;
    case 'swap':
      return leg.chainId;
    default:
      return leg.to.chainId;
  }
}

export function legDenomIn(leg: Leg): string {
  return leg.kind === 'transfer' || leg.kind === 'swap' ? leg.denomIn : leg.from.denom;
}

export function legDenomOut(leg: Leg): string {
  return leg.kind === 'transfer' || leg.kind === 'swap' ? leg.denomOut : leg.to.denom;
}
