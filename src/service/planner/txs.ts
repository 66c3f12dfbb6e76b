/**
 * Which transaction executes each leg. It must agree with how the msgs builder
 * (src/service/msgs/build.ts) groups the route's operations, or `txs_required` and `tx_index`
 * promise something /msgs will not build. One transaction carries a route as far as the
 * chains can continue it on their own:
 * - an IBC transfer (or a bridge leg) leaving a chain the tokens just arrived on needs
 *   packet-forward-middleware there (the memo's `forward`);
 * - a swap on a chain the tokens arrive on needs ibc-hooks there (the memo's `wasm` call into
 *   the venue's entry point); a transfer after the swap is the entry point's own post-swap
 *   action, so it needs nothing more;
 * - a CCTP burn is signed on its own (MsgDepositForBurn / depositForBurn), never from a memo,
 *   and the mint that ends a CCTP transfer carries no memo: a `cctp_transfer` both starts and
 *   ends its transaction;
 * - EVM and SVM chains continue nothing: arriving there ends the transaction; an Axelar
 *   transfer continues only from an EVM chain into Cosmos (its GMP payload carries the memo);
 * - Axelar's gateway takes an IBC transfer in (ibc_transfer_to_axelar) and delivers one hop
 *   out by itself, so those hops fold into the axelar_transfer and need no PFM on Axelar.
 * Anything else starts a new transaction, signed on the chain where the tokens wait.
 */
import type { World } from '../world';
import { legFromChain, type Leg } from './types';

export interface TxBlocker {
  /** The chain where the new transaction starts (where the tokens wait). */
  chainId: string;
  /**
   * Why the route cannot continue there in the same transaction: the chain lacks PFM or
   * ibc-hooks, it is not a Cosmos chain, a CCTP mint delivered the tokens, a CCTP burn has to
   * be signed on its own, or an Axelar transfer delivered them without an onward memo.
   */
  reason: 'pfm' | 'ibc-hooks' | 'non-cosmos' | 'cctp-mint' | 'cctp-burn' | 'axelar-delivery';
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

/** Why `cur` cannot ride on the transaction that `prev` is part of, or undefined when it can. */
function breakBetween(world: World, prev: Leg, cur: Leg): TxBlocker | undefined {
  if (foldsIntoAxelar(world, prev, cur)) return undefined;
  const chainId = legFromChain(cur);
  // a CCTP mint carries no memo, whatever the chain it lands on supports
  if (prev.kind === 'cctp') return { chainId, reason: 'cctp-mint' };
  const chain = world.chain(chainId);
  if (!chain || chain.chainType !== 'cosmos') return { chainId, reason: 'non-cosmos' };
  // nor can a memo sign a CCTP burn
  if (cur.kind === 'cctp') return { chainId, reason: 'cctp-burn' };
  if (prev.kind === 'axelar' && world.chain(prev.from.chainId)?.chainType !== 'evm') return { chainId, reason: 'axelar-delivery' };
  if (cur.kind === 'swap') return prev.kind !== 'swap' && chain.capabilities.ibcHooks ? undefined : { chainId, reason: 'ibc-hooks' };
  // the entry point sends the swap's output on by itself (post-swap action)
  if (prev.kind === 'swap') return undefined;
  // an axelar leg from the hub is only ever reached by the IBC transfer folded into it
  if (cur.kind === 'axelar' && chainId === world.bridges.axelar.axelarChainId) return { chainId, reason: 'axelar-delivery' };
  return chain.pfmEnabled ? undefined : { chainId, reason: 'pfm' };
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

export function describeBlocker(world: World, b: TxBlocker): string {
  const chain = world.chain(b.chainId);
  const name = chain ? `${chain.prettyName} (${b.chainId})` : b.chainId;
  switch (b.reason) {
    case 'pfm':
      return `${name} does not support packet forwarding (PFM), so the route cannot continue from it in the same transaction`;
    case 'ibc-hooks':
      return `${name} does not support ibc-hooks, so a swap there cannot be chained with transfers in one transaction`;
    case 'non-cosmos':
      return `tokens arriving on ${name} cannot be forwarded automatically`;
    case 'cctp-mint':
      return `a CCTP transfer ends the transaction: the USDC it mints on ${name} carries no memo, so the route continues in a new transaction signed there`;
    case 'cctp-burn':
      return `a CCTP transfer starts its own transaction: the burn on ${name} is signed there, so it cannot follow a transfer or a swap in the same transaction`;
    case 'axelar-delivery':
      return `an Axelar transfer ends the transaction: the tokens it delivers to ${name} carry no onward memo`;
  }
}
