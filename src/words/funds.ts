/**
 * A transfer that did not arrive, in one sentence that says where the money is and what to do
 * next: "Your 1.5 ATOM is back on Cosmos Hub: …", "Your USDC is on Osmosis at osmo1…". Read from
 * what the tracker stores (the route summary, the compact status); the API's own error message is
 * never part of it (the UI shows that under Details).
 */
import type { CompactHop, CompactTransfer, TrackedTx } from '../background/tracker/model';
import { amountInToken, shortAddress, tokenOf, type ChainFacts, type TokenFacts } from './amounts';
import { bridgeNameOfKind } from './bridges';
import { chainName } from './chains';

/** What the user can do next: build the transfer again, ask for the status again, or look on chain. */
export type FundsAction = 'rebuild' | 'retry' | 'explorer';

export interface FundsWords {
  sentence: string;
  action: FundsAction;
  /** The chain the funds are on, when Courier can tell. */
  chainId: string | null;
}

export interface FundsContext {
  facts: ChainFacts | null | undefined;
  /** The user's address on a chain, when Courier knows one ("at osmo1…"). */
  addressOn?: (chainId: string) => string | null | undefined;
}

const REFUND_ROLES = new Set(['timeout', 'refund', 'order_refunded']);
const REFUND_STATES = new Set(['GO_FAST_TRANSFER_REFUNDED', 'GO_FAST_TRANSFER_TIMEOUT']);

function refunded(hop: CompactHop): boolean {
  if (hop.state !== null && REFUND_STATES.has(hop.state)) return true;
  if (hop.txs.some((t) => REFUND_ROLES.has(t.role))) return true;
  // an IBC packet refused by the next chain is acknowledged with an error: the sender gets it back
  return hop.state === 'TRANSFER_FAILURE' && hop.txs.some((t) => t.role === 'acknowledge');
}

/** A hop whose first transaction went through: something left the chain it starts on. */
function left(hop: CompactHop): boolean {
  return hop.txs.some((t) => t.tx_hash !== null && t.role !== 'error');
}

function sourceToken(item: TrackedTx, facts: ChainFacts | null | undefined): TokenFacts | null {
  const r = item.route;
  if (!r) return null;
  return r.source ?? tokenOf(facts, r.sourceChainId, r.sourceDenom);
}

/** "Your 1.5 ATOM", "Your ATOM", "Your funds". */
function yours(item: TrackedTx, facts: ChainFacts | null | undefined, withAmount: boolean): string {
  const token = sourceToken(item, facts);
  const amount = withAmount && item.route ? amountInToken(item.route.amountIn, token) : null;
  if (amount !== null) return `Your ${amount}`;
  return token ? `Your ${token.symbol}` : 'Your funds';
}

/** "Your funds are", "Your 1.5 ATOM is". */
function verb(subject: string): string {
  return subject === 'Your funds' ? 'are' : 'is';
}

function at(ctx: FundsContext, chainId: string | null): string {
  const address = chainId ? ctx.addressOn?.(chainId) : null;
  return address ? ` at ${shortAddress(address)}` : '';
}

/** The failed hop and its transfer, else the one the transfer was waiting on. */
function failed(item: TrackedTx): { transfer: CompactTransfer; hop: CompactHop; index: number } | null {
  for (const transfer of item.lastStatus?.transfers ?? []) {
    const index = transfer.hops.findIndex((h) => h.outcome === 'failure');
    if (index >= 0) return { transfer, hop: transfer.hops[index]!, index };
  }
  for (const transfer of item.lastStatus?.transfers ?? []) {
    const index = transfer.next_blocking_index;
    if (index !== null && transfer.hops[index]) return { transfer, hop: transfer.hops[index]!, index };
  }
  return null;
}

/** Where the funds were released, from the last transfer that says so. */
function releaseOf(item: TrackedTx): CompactTransfer['release'] {
  const transfers = item.lastStatus?.transfers ?? [];
  for (let i = transfers.length - 1; i >= 0; i--) {
    const release = transfers[i]!.release;
    if (release?.chain_id) return release;
  }
  return null;
}

/**
 * Where the money of a transfer that did not complete is, and the action that fits; null while
 * it is in progress or once it arrived.
 */
export function fundsWords(item: TrackedTx, ctx: FundsContext): FundsWords | null {
  const { facts } = ctx;
  const sourceId = item.route?.sourceChainId ?? item.chainId;
  const source = chainName(facts, sourceId);
  switch (item.outcome) {
    case 'expired':
      return {
        sentence: `Courier stopped checking after 24 hours without a final state: ${yours(item, facts, true).replace(/^Your/, 'your')} may still be on the way. Retry to check again.`,
        action: 'retry',
        chainId: null,
      };
    case 'abandoned':
      return {
        sentence: `${yours(item, facts, true)} did not leave ${source}: the routing service never saw the transaction on chain. If the explorer does not show it either, nothing was spent.`,
        action: 'explorer',
        chainId: sourceId,
      };
    case 'failure':
      break;
    default:
      return null;
  }

  const release = releaseOf(item);
  if (release?.chain_id) {
    const token = release.denom ? tokenOf(facts, release.chain_id, release.denom) : null;
    const amount = release.amount ? amountInToken(release.amount, token) : null;
    const what = amount !== null ? `Your ${amount}` : token ? `Your ${token.symbol}` : yours(item, facts, false);
    if (!facts?.chain(release.chain_id)) {
      return { sentence: 'The transfer failed, and Courier cannot name the chain your funds were released on. Look the transaction up in the explorer.', action: 'explorer', chainId: null };
    }
    const where = `${chainName(facts, release.chain_id)}${at(ctx, release.chain_id)}`;
    const back = release.chain_id === sourceId;
    // all of it back where it started: nothing but the network fee was spent
    const whole = back && release.amount !== null && release.amount === item.route?.amountIn && release.denom === item.route?.sourceDenom;
    const sentence =
      release.released === false
        ? `${what} will be released on ${where}.`
        : back
          ? `${what} ${verb(what)} back on ${where}: the transfer did not complete and was refunded.${whole ? ' Only the network fee was spent.' : ''}`
          : `${what} ${verb(what)} on ${where}.`;
    return {
      sentence,
      action: back ? 'rebuild' : 'explorer',
      chainId: release.chain_id,
    };
  }

  const transfers = item.lastStatus?.transfers ?? [];
  if (item.lastStatus !== null && transfers.length === 0) {
    // the transaction itself failed on its chain: nothing was handed to a bridge
    return { sentence: `${yours(item, facts, true)} never left ${source}; only the network fee was spent.`, action: 'rebuild', chainId: sourceId };
  }
  const found = failed(item);
  if (!found) {
    return { sentence: `The transfer failed, and the routing service did not say where the funds are. Look the transaction up in the explorer.`, action: 'explorer', chainId: null };
  }
  const { transfer, hop, index } = found;
  const bridge = bridgeNameOfKind(hop.kind) ?? 'the';
  const to = chainName(facts, hop.to_chain_id);
  const firstOfAll = index === 0 && transfer === item.lastStatus?.transfers[0];
  if (firstOfAll && !left(hop)) {
    return { sentence: `${yours(item, facts, true)} never left ${source}; only the network fee was spent.`, action: 'rebuild', chainId: sourceId };
  }
  if (refunded(hop)) {
    // a refund goes back the way the packet came, to the sender on the chain the transfer started from
    return {
      sentence: `${yours(item, facts, true)} ${verb(yours(item, facts, true))} back on ${source}${at(ctx, sourceId)}: the ${bridge} transfer to ${to} failed and was refunded. Only the network fee was spent.`,
      action: 'rebuild',
      chainId: sourceId,
    };
  }
  const stuckOn = hop.from_chain_id ?? sourceId;
  if (!facts?.chain(stuckOn)) {
    // a chain the catalog does not know is not a place Courier can name
    return { sentence: `The ${bridge} transfer to ${to} failed, and Courier cannot name the chain your funds are on. Look the transaction up in the explorer.`, action: 'explorer', chainId: null };
  }
  return {
    sentence: `${yours(item, facts, false)} ${verb(yours(item, facts, false))} on ${chainName(facts, stuckOn)}${at(ctx, stuckOn)}: the ${bridge} transfer from there to ${to} failed.`,
    action: 'explorer',
    chainId: stuckOn,
  };
}
