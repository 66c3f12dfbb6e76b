/**
 * How long a route usually takes when the API gives no `estimated_route_duration_seconds`
 * (production leaves it out, also inside msgs_direct). The tracker paces its polls by it
 * (schedule.ts) and the activity view compares the elapsed time with it, so it must be of the
 * right order: polling a 20-minute CCTP transfer as if it were a 30-second IBC hop wastes
 * requests, and the other way round shows a landed transfer late.
 *
 * A route's operations run one after the other, so the typical duration is the sum of its
 * steps'. These are orders of magnitude, not promises; the view calls them "typical".
 */
import { describeOperation, type Operation, type OperationKind } from '../../api';

/** Typical seconds per step, by operation kind (bridge). Why each number: */
export const TYPICAL_STEP_SECONDS = {
  /** IBC: a relayer carries the packet a block or two after it lands (6 s blocks): ~30 s a hop. */
  transfer: 30,
  /** IBC Eureka (IBC v2 to Ethereum): waits for Ethereum finality and a proof: minutes. */
  eureka_transfer: 15 * 60,
  /** CCTP: Circle attests a burn only after the source chain's finality (Ethereum ~13–19 min). */
  cctp_transfer: 20 * 60,
  cctp_transfer_v2: 20 * 60,
  /** Axelar: source-chain confirmations (Ethereum ~15 min), then the Axelar network's vote. */
  axelar_transfer: 15 * 60,
  /** Go Fast: a solver fills on the destination as soon as it sees the order: seconds. */
  go_fast_transfer: 15,
  /** Hyperlane: validators sign after the source chain's finality setting: minutes. */
  hyperlane_transfer: 5 * 60,
  /** Stargate and LayerZero: the DVNs wait for block confirmations on the source: minutes. */
  stargate_transfer: 5 * 60,
  layer_zero_transfer: 5 * 60,
  /** Swaps and sends execute inside the transaction (or packet) that reaches them. */
  swap: 0,
  evm_swap: 0,
  bank_send: 0,
} as const satisfies Record<Exclude<OperationKind, 'op_init_transfer'>, number>;

/**
 * OPinit moves one way fast and the other way slowly: a deposit (L1 → L2) is relayed by the
 * executor within seconds; a withdrawal (L2 → L1) waits out the rollup's finalisation period
 * (7 days on Initia's mainnet rollups).
 */
export const OPINIT_DEPOSIT_SECONDS = 15;
export const OPINIT_WITHDRAWAL_SECONDS = 7 * 24 * 60 * 60;

/** Initia's L1 chain ids: an OPinit transfer from one of them is a deposit. */
const INITIA_L1_CHAIN_IDS = new Set(['interwoven-1', 'initiation-1', 'initiation-2']);

/** A step of a kind Courier does not know: about one IBC-like hop, so polling stays frequent. */
export const UNKNOWN_STEP_SECONDS = 60;

function stepSeconds(op: Operation): number {
  const described = describeOperation(op);
  if (described.kind === 'unknown') return UNKNOWN_STEP_SECONDS;
  if (described.kind === 'op_init_transfer') {
    const from = (described.body as { from_chain_id?: unknown } | undefined)?.from_chain_id;
    return typeof from === 'string' && INITIA_L1_CHAIN_IDS.has(from) ? OPINIT_DEPOSIT_SECONDS : OPINIT_WITHDRAWAL_SECONDS;
  }
  return TYPICAL_STEP_SECONDS[described.kind];
}

/** Most steps kept per route (a route has a handful; the rest would not change the pacing). */
export const MAX_STEPS = 12;

/**
 * The route's crossings in order, each with its typical seconds: the operations that take time
 * (swaps and sends run inside the transaction or packet that reaches them, so they are left out).
 * The tracker paces its polls by the step in progress (schedule.ts).
 */
export function typicalSteps(operations: readonly Operation[]): { kind: string; seconds: number }[] {
  const steps: { kind: string; seconds: number }[] = [];
  for (const op of operations) {
    const seconds = stepSeconds(op);
    if (seconds <= 0) continue;
    const described = describeOperation(op);
    steps.push({ kind: described.kind === 'unknown' ? 'unknown' : described.kind, seconds });
  }
  return steps.slice(0, MAX_STEPS);
}

/** The route's typical duration in seconds (at least one block's worth), from its steps. */
export function typicalRouteSeconds(operations: readonly Operation[]): number {
  const total = operations.reduce((sum, op) => sum + stepSeconds(op), 0);
  return Math.max(6, total);
}
