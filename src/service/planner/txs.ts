/**
 * Which transaction executes each leg. It must agree with how the msgs builder
 * (src/service/msgs/build.ts) groups the route's operations, or `txs_required` and `tx_index`
 * promise something /msgs will not build. One transaction carries a route as far as the
 * chains can continue it on their own:
 * - an IBC transfer leaving a chain the tokens just arrived on needs packet-forward-middleware
 *   there (the memo's `forward`);
 * - a swap on a chain the tokens arrive on needs ibc-hooks there (the memo's `wasm` call into
 *   the venue's entry point); a transfer after the swap is the entry point's own post-swap
 *   action, so it needs nothing more;
 * - EVM and SVM chains continue nothing from a memo: arriving there ends the transaction;
 * - a bridge crossing says itself whether it can follow the leg before it and whether what
 *   it delivers can run the leg after it (ServiceBridge.planner.cannotFollow/cannotContinue),
 *   and which IBC hops it carries inside its own operation (absorbs).
 * Anything else starts a new transaction, signed on the chain where the tokens wait.
 */
import { bridgeOf } from '../bridges/registry';
import { chainLabel, pfmBreak } from '../bridges/ibc/breaks';
import type { TxBreak } from '../bridges/types';
import type { World } from '../world';
import { legFromChain, type Leg } from './types';

/** Where a new transaction starts and why (IBC's own reasons: pfm, ibc-hooks, non-cosmos). */
export type TxBlocker = TxBreak;

export interface TxPlan {
  /** Transaction index of each leg. */
  legTx: number[];
  txCount: number;
  /** The first chain where a new transaction starts. */
  blocker?: TxBlocker;
}

/** Whether an IBC hop folds into the bridge crossing next to it (one operation, see BridgePlanner.absorbs). */
export function absorbedHop(world: World, prev: Leg, cur: Leg): boolean {
  if (prev.kind === 'transfer' && cur.kind === 'bridge') return bridgeOf(cur.bridge).planner.absorbs?.before?.(world, prev, cur) ?? false;
  if (prev.kind === 'bridge' && cur.kind === 'transfer') return bridgeOf(prev.bridge).planner.absorbs?.after?.(world, prev, cur) ?? false;
  return false;
}

/**
 * Breaks between transfer and bridge legs, by leg pair. The search makes those legs once per
 * World (transfer paths and bridge edges are cached in its index) and never changes them, and
 * a break depends only on the World and the two legs, so each pair's answer (and the words of
 * its explanation) is worked out once. Swap legs are made per candidate and not kept.
 */
const pairBreaks = new WeakMap<Leg, WeakMap<Leg, TxBlocker | null>>();

/** Why `cur` cannot ride on the transaction that `prev` is part of, or undefined when it can. */
function breakBetween(world: World, prev: Leg, cur: Leg): TxBlocker | undefined {
  if (prev.kind === 'swap' || cur.kind === 'swap') return computeBreak(world, prev, cur);
  let after = pairBreaks.get(prev);
  if (!after) {
    after = new WeakMap();
    pairBreaks.set(prev, after);
  }
  let cut = after.get(cur);
  if (cut === undefined) {
    cut = computeBreak(world, prev, cur) ?? null;
    after.set(cur, cut);
  }
  return cut ?? undefined;
}

function computeBreak(world: World, prev: Leg, cur: Leg): TxBlocker | undefined {
  if (absorbedHop(world, prev, cur)) return undefined;
  if (prev.kind === 'bridge') {
    const stop = bridgeOf(prev.bridge).planner.cannotContinue(world, prev, cur);
    if (stop) return stop;
  }
  const chainId = legFromChain(cur);
  const chain = world.chain(chainId);
  if (!chain || chain.chainType !== 'cosmos') {
    return { chainId, reason: 'non-cosmos', explanation: `tokens arriving on ${chainLabel(world, chainId)} cannot be forwarded automatically` };
  }
  if (cur.kind === 'bridge') return bridgeOf(cur.bridge).planner.cannotFollow(world, prev, cur);
  if (cur.kind === 'swap') {
    if (prev.kind !== 'swap' && chain.capabilities.ibcHooks) return undefined;
    return {
      chainId,
      reason: 'ibc-hooks',
      explanation: `${chainLabel(world, chainId)} does not support ibc-hooks, so a swap there cannot be chained with transfers in one transaction`,
    };
  }
  // the entry point sends the swap's output on by itself (post-swap action)
  if (prev.kind === 'swap') return undefined;
  return pfmBreak(world, chainId);
}

export function planTxs(world: World, legs: readonly Leg[]): TxPlan {
  const legTx: number[] = [];
  let tx = 0;
  let blocker: TxBlocker | undefined;
  for (let i = 0; i < legs.length; i++) {
    const prev = i > 0 ? legs[i - 1] : undefined;
    const cut = prev ? breakBetween(world, prev, legs[i]!) : undefined;
    if (cut) {
      tx += 1;
      blocker ??= cut;
    }
    legTx.push(tx);
  }
  return blocker ? { legTx, txCount: tx + 1, blocker } : { legTx, txCount: tx + 1 };
}

/**
 * planTxs(world, [before, ...legs, after]).txCount, without building the plan or the array:
 * the transactions a swap-free stretch takes together with the swap it leads into or follows.
 */
export function txCountAround(world: World, legs: readonly Leg[], before?: Leg, after?: Leg): number {
  let count = 1;
  let prev = before;
  for (const leg of legs) {
    if (prev && breakBetween(world, prev, leg)) count += 1;
    prev = leg;
  }
  if (after && prev && breakBetween(world, prev, after)) count += 1;
  return count;
}

export function describeBlocker(_world: World, b: TxBlocker): string {
  return b.explanation;
}
