/**
 * Which transaction executes each leg. One transaction carries a route as far as the chains
 * can continue it on their own:
 * - an IBC transfer (or a bridge leg) leaving a chain the tokens just arrived on needs
 *   packet-forward-middleware there (the memo's `forward`);
 * - a swap on a chain the tokens arrive on, or anything after a swap, needs ibc-hooks there
 *   (the memo's `wasm` call into the venue's entry point, whose post-swap action sends on);
 * - EVM and SVM chains continue nothing: arriving there ends the transaction;
 * - Axelar's gateway takes an IBC transfer in (ibc_transfer_to_axelar) and delivers one hop
 *   out by itself, so those hops fold into the axelar_transfer and need no PFM on Axelar.
 * Anything else starts a new transaction, signed on the chain where the tokens wait.
 */
import type { World } from '../world';
import { legFromChain, type Leg } from './types';

export interface TxBlocker {
  chainId: string;
  /** What the chain lacks for the route to continue in the same transaction. */
  missing: 'pfm' | 'ibc-hooks' | 'non-cosmos';
}

export interface TxPlan {
  /** Transaction index of each leg. */
  legTx: number[];
  txCount: number;
  /** The first chain where a new transaction starts. */
  blocker?: TxBlocker;
}

/** Legs that become one axelar_transfer operation: IBC into Axelar then out, or in then IBC out. */
export function foldsIntoAxelar(world: World, prev: Leg, cur: Leg): boolean {
  const hub = world.bridges.axelar.axelarChainId;
  if (prev.kind === 'transfer' && cur.kind === 'axelar') return prev.toChainId === hub && cur.from.chainId === hub;
  if (prev.kind === 'axelar' && cur.kind === 'transfer') return prev.to.chainId === hub && cur.fromChainId === hub;
  return false;
}

export function planTxs(world: World, legs: readonly Leg[]): TxPlan {
  const legTx: number[] = [];
  let tx = 0;
  let blocker: TxBlocker | undefined;
  for (let i = 0; i < legs.length; i++) {
    const cur = legs[i]!;
    const prev = i > 0 ? legs[i - 1] : undefined;
    if (prev && !foldsIntoAxelar(world, prev, cur)) {
      const chainId = legFromChain(cur);
      const chain = world.chain(chainId);
      const needHooks = prev.kind === 'swap' || cur.kind === 'swap';
      let missing: TxBlocker['missing'] | undefined;
      if (!chain || chain.chainType !== 'cosmos') missing = 'non-cosmos';
      else if (needHooks && !chain.capabilities.ibcHooks) missing = 'ibc-hooks';
      else if (!needHooks && !chain.pfmEnabled) missing = 'pfm';
      if (missing) {
        tx += 1;
        blocker ??= { chainId, missing };
      }
    }
    legTx.push(tx);
  }
  return blocker ? { legTx, txCount: tx + 1, blocker } : { legTx, txCount: tx + 1 };
}

export function describeBlocker(world: World, b: TxBlocker): string {
  const chain = world.chain(b.chainId);
  const name = chain ? `${chain.prettyName} (${b.chainId})` : b.chainId;
  switch (b.missing) {
    case 'pfm':
      return `${name} does not support packet forwarding (PFM), so the route cannot continue from it in the same transaction`;
    case 'ibc-hooks':
      return `${name} does not support ibc-hooks, so a swap there cannot be chained with transfers in one transaction`;
    case 'non-cosmos':
      return `tokens arriving on ${name} cannot be forwarded automatically`;
  }
}
