/**
 * How long each kind of leg takes, in seconds. The planner sums these into
 * `estimated_route_duration_seconds`; the chain simulator paces its relayer with the same
 * table so that quoted and simulated durations agree.
 *
 * Figures are typical mainnet values, rounded:
 * - IBC: one hop (send, relay, receive, acknowledge) ≈ 30 s; the route fixtures quote 60 s
 *   for two hops around a swap, and a swap executes inside the receiving transaction (0 s).
 * - CCTP: Circle's attestation waits for source-chain finality: ~13–15 min on Ethereum and
 *   the rollups that settle on it, seconds on Avalanche, Noble and Solana; plus the mint.
 * - Axelar: confirmation on the source chain plus Axelar's own vote; the Cosmos side is fast.
 * - Without smart relay a CCTP transfer waits for the user to submit the mint themselves.
 */

export interface TimingTable {
  ibcHopSeconds: number;
  swapSeconds: number;
  cctpSecondsBySource: Readonly<Record<string, number>>;
  cctpDefaultSeconds: number;
  axelarSecondsBySource: Readonly<Record<string, number>>;
  axelarDefaultSeconds: number;
  /** Added to a CCTP leg that is not smart-relayed: the user relays the attestation. */
  manualRelaySeconds: number;
}

export const DEFAULT_TIMING: TimingTable = Object.freeze({
  ibcHopSeconds: 30,
  swapSeconds: 0,
  cctpSecondsBySource: Object.freeze({
    '1': 900,
    '42161': 900,
    '8453': 900,
    '43114': 30,
    'noble-1': 30,
    solana: 40,
  }),
  cctpDefaultSeconds: 900,
  axelarSecondsBySource: Object.freeze({
    '1': 960,
    '42161': 1200,
    '8453': 1200,
    '43114': 90,
    'axelar-dojo-1': 180,
  }),
  axelarDefaultSeconds: 300,
  manualRelaySeconds: 600,
});

export function ibcHopSeconds(t: TimingTable = DEFAULT_TIMING): number {
  return t.ibcHopSeconds;
}

export function swapSeconds(t: TimingTable = DEFAULT_TIMING): number {
  return t.swapSeconds;
}

/** A CCTP burn on `fromChainId` until the mint on the destination. */
export function cctpSeconds(fromChainId: string, smartRelay: boolean, t: TimingTable = DEFAULT_TIMING): number {
  const base = t.cctpSecondsBySource[fromChainId] ?? t.cctpDefaultSeconds;
  return smartRelay ? base : base + t.manualRelaySeconds;
}

/**
 * An Axelar transfer whose bridge leg starts on `bridgeSourceChainId` (the EVM chain, or
 * axelar-dojo-1 for Cosmos → EVM). An IBC hop folded into the operation is counted apart.
 */
export function axelarSeconds(bridgeSourceChainId: string, t: TimingTable = DEFAULT_TIMING): number {
  return t.axelarSecondsBySource[bridgeSourceChainId] ?? t.axelarDefaultSeconds;
}
