/**
 * Lock-and-mint bridges in the supply books. A bridge that mints a token on one chain against
 * tokens it locks on another (a Hyperlane warp route's synthetic and its collateral) declares
 * the pair (BridgeSimulation.collateral). Then:
 * - genesis backs the token's genesis supply with as much in the lock account, as it backs IBC
 *   vouchers with escrow;
 * - a crossing that locks or unlocks is not a supply flow of the locked denom (it only moves
 *   between accounts), while the mint and the burn on the token's side are;
 * - the books must show lock = token supply + what is dispatched and not (or never) delivered.
 * Leaf module: the simulator and genesis use it; bridges only declare pairs.
 */

export interface CollateralPair {
  /** The token minted against the lock (and burnt to release it). */
  token: { chainId: string; denom: string };
  /** The account holding the backing, on its chain, and the locked denom. */
  lock: { chainId: string; address: string; denom: string };
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** Whether (chainId, denom) is the locked side of one of the pairs. */
export function isLockSide(pairs: readonly CollateralPair[], chainId: string, denom: string): boolean {
  return pairs.some((p) => p.lock.chainId === chainId && same(p.lock.denom, denom));
}

export interface CollateralReader {
  balance(chainId: string, address: string, denom: string): bigint;
  supply(chainId: string, denom: string): bigint;
}

/** A crossing of the bridge that declared the pairs, as the books need it. */
export interface CollateralCrossing {
  chainId: string;
  sourceDenom: string;
  amount: string;
  state: 'pending' | 'completed' | 'failed' | 'refunded';
}

/** Violations of lock = token supply + undelivered, one line per pair (empty when the books balance). */
export function collateralProblems(bridge: string, pairs: readonly CollateralPair[], read: CollateralReader, crossings: Iterable<CollateralCrossing>): string[] {
  const list = [...crossings];
  const problems: string[] = [];
  for (const p of pairs) {
    const locked = read.balance(p.lock.chainId, p.lock.address, p.lock.denom);
    const supply = read.supply(p.token.chainId, p.token.denom);
    let undelivered = 0n;
    for (const c of list) {
      // dispatched but not delivered: locked without a mint yet, or burnt without an unlock yet
      if (c.state !== 'pending' && c.state !== 'failed') continue;
      const fromLock = c.chainId === p.lock.chainId && same(c.sourceDenom, p.lock.denom);
      const fromToken = c.chainId === p.token.chainId && same(c.sourceDenom, p.token.denom);
      if (fromLock || fromToken) undelivered += BigInt(c.amount);
    }
    if (locked !== supply + undelivered) {
      problems.push(`${bridge}: ${p.lock.chainId} locks ${locked}${p.lock.denom} but ${p.token.chainId} has ${supply}${p.token.denom} + ${undelivered} undelivered`);
    }
  }
  return problems;
}
