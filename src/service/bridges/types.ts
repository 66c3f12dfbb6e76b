/**
 * The contract between the local deployment's shared machinery and the bridges it simulates.
 *
 * A bridge lives in one folder, `src/service/bridges/<bridge>/`, and hands the service one
 * `ServiceBridge`: its world data, its planner edges with fees and timing, how its operation
 * is written into a route and read back by /msgs, the messages it builds, what its contracts
 * and modules do on the simulated chains, the relayer, solver or attester steps that finish
 * it, its fault kinds and its status in production's shape. The planner, the msgs builder,
 * the relayer and status ask the registry (`registry.ts`); they never name a bridge.
 *
 * IBC is the substrate the others compose with (packets, PFM, ibc-hooks): it is listed in
 * the registry for /v2/info/bridges and `bridges` filters, and its code lives in `ibc/`, but
 * its transfers are the planner's own TransferLeg, not a bridge leg.
 */
import type { TxRecord } from '../chains/blocks';
import type { ExecContext } from '../chains/executors';
import type { MsgCodec, Executor } from '../chains';
import type { PlannerIndex } from '../planner/graph';
import type { BridgeFee, LegQuote, QuoteContext } from '../planner/quote';
import type { TimingTable } from '../planner/timing';
import type { Leg as PlannerLeg, Position } from '../planner/types';
import type { World } from '../world';

/** The API's bridge ids (openapi BridgeType), in the spec's order. */
export const BRIDGE_IDS = ['IBC', 'AXELAR', 'CCTP', 'HYPERLANE', 'OPINIT', 'GO_FAST', 'STARGATE', 'LAYER_ZERO', 'EUREKA'] as const;
export type BridgeId = (typeof BRIDGE_IDS)[number];

type Body = Record<string, unknown>;

// ─────────────────────────────── planner ───────────────────────────────

/** One bridge crossing in a planned route: value at `from` arrives at `to`. */
export interface PlannedBridgeLeg<D = unknown> {
  kind: 'bridge';
  bridge: BridgeId;
  from: Position;
  to: Position;
  /** What the bridge itself needs to remember about this crossing (a route id, an asset). */
  data: D;
}

/** Where a route must start a new transaction, and why, in words a developer can act on. */
export interface TxBreak {
  /** The chain where the new transaction is signed (where the tokens wait). */
  chainId: string;
  /** Short machine reason, e.g. `cctp-mint`, `go-fast-fill`. */
  reason: string;
  explanation: string;
}

export interface BridgePlanner<D = unknown> {
  /** Every crossing this bridge offers in the World (both directions where it has both). */
  edges(ix: PlannerIndex): Iterable<PlannedBridgeLeg<D>>;
  /** The fee of one crossing, or null when it charges none. `fee.feeType` defaults to SMART_RELAY. */
  fee(ctx: QuoteContext, leg: PlannedBridgeLeg<D>): BridgeFee | null;
  /** Typical seconds from the source transaction to the arrival (what the route quotes and the relayer paces). */
  seconds(leg: PlannedBridgeLeg<D>, o: { smartRelay: boolean; timing: TimingTable }): number;
  /** Why this crossing cannot ride on the transaction of the leg before it, or undefined when it can. */
  cannotFollow(world: World, prev: PlannerLeg, leg: PlannedBridgeLeg<D>): TxBreak | undefined;
  /** Why the leg after this crossing cannot ride on its transaction (its delivery runs nothing), or undefined. */
  cannotContinue(world: World, leg: PlannedBridgeLeg<D>, next: PlannerLeg): TxBreak | undefined;
  /** The route operation: its wire key (`go_fast_transfer`) and body, without tx_index/amount_in/amount_out. */
  operation(ctx: QuoteContext, leg: PlannedBridgeLeg<D>, quote: LegQuote, o: { smartRelay: boolean }): { key: string; body: Body };
}

// ─────────────────────────────── msgs ───────────────────────────────

/** What every leg of the msgs builder knows (see msgs/path.ts). */
export interface MsgsLegBase {
  index: number;
  txIndex: number | undefined;
  from: string;
  to: string;
  /** Positions of `from` / `to` in the chain path (and so in address_list). */
  fromPos: number;
  toPos: number;
  denomIn: string;
  denomOut: string;
  amountIn: bigint | undefined;
  amountOut: bigint | undefined;
}

/** A bridge operation as the msgs builder reads it back from the caller's route. */
export interface MsgsBridgeLeg<D = unknown> extends MsgsLegBase {
  kind: 'bridge';
  bridge: BridgeId;
  data: D;
}

/** Where the packet or payload that ends one step goes, and what runs on arrival. */
export interface Delivery {
  receiver: string;
  memo?: unknown;
}

export interface EvmTxJson {
  chain_id: string;
  to: string;
  value: string;
  data: string;
  required_erc20_approvals: { token_contract: string; spender: string; amount: string }[];
  signer_address: string;
}

export interface CosmosMsgJson {
  msg: string;
  msg_type_url: string;
}

/** What a bridge needs from the msgs builder while it writes its transaction. */
export interface TxBuilding {
  readonly world: World;
  /** The caller's address at a position of the chain path. */
  address(pos: number): string;
  /** The IBC timeout of this transaction, ns since the epoch. */
  readonly timeoutNs: bigint;
  readonly timeoutSeconds: bigint;
  readonly nowMs: bigint;
  /** Operation indices of this transaction. */
  readonly indices: readonly number[];
  /**
   * What the rest of the transaction after this leg needs on arrival: the receiver and memo
   * (PFM forward, ibc-hooks swap, post-route handler); undefined when this leg ends the route's
   * transaction at the user's own address. `extraNs` delays absolute timeouts by the bridge's own time.
   */
  onward(extraNs?: bigint): Delivery | undefined;
  evmTx(to: string, value: bigint, data: string, approvals: EvmTxJson['required_erc20_approvals']): { evm_tx: EvmTxJson; operations_indices: number[] };
  cosmosTx(msgs: CosmosMsgJson[]): { cosmos_tx: { chain_id: string; path: string[]; signer_address: string; msgs: CosmosMsgJson[] }; operations_indices: number[] };
}

export interface FeeJson {
  fee_type: string;
  bridge_id: string;
  amount: string;
  usd_amount: string;
  origin_asset: unknown;
  chain_id: string;
  tx_index: number;
  operation_index: number | null;
  fee_behavior?: string;
}

export interface BridgeMsgs<D = unknown> {
  /** The wire key of the operation this bridge writes and reads (`go_fast_transfer`). */
  operationKey: string;
  /** Reads the caller's operation body; throws invalidArgument naming the field for a bad one. */
  read(world: World, body: Body, base: MsgsLegBase): MsgsBridgeLeg<D>;
  /** What arrives, given what enters (fees the crossing deducts). */
  amountOut(leg: MsgsBridgeLeg<D>, amountIn: bigint): bigint;
  /** Why this crossing cannot ride on the transaction of `prev`, or undefined. */
  cannotFollow(world: World, prev: { kind: string; to: string }, leg: MsgsBridgeLeg<D>): string | undefined;
  /** Why `next` cannot ride on this crossing's transaction, or undefined when the bridge carries it on. */
  cannotContinue(world: World, leg: MsgsBridgeLeg<D>, next: { kind: string; from: string }): string | undefined;
  /** The transaction(s) when this crossing starts one, moving `amount`. */
  startTx(b: TxBuilding, leg: MsgsBridgeLeg<D>, amount: bigint): ReturnType<TxBuilding['evmTx'] | TxBuilding['cosmosTx']>[];
  /** When this crossing is reached inside a transaction: where the packet before it is addressed. */
  arrival?(b: TxBuilding, leg: MsgsBridgeLeg<D>): Delivery;
  /** estimated_fees entries of this crossing. */
  fees(world: World, leg: MsgsBridgeLeg<D>, txIndex: number): FeeJson[];
}

// ─────────────────────────────── simulated chains ───────────────────────────────

/** A call to a simulated EVM contract (value already moved to `to` when > 0). */
export interface EvmContractCall {
  from: string;
  to: string;
  data: string;
  value: bigint;
}

/** A simulated EVM contract: returns 0x-hex return data; throws ExecError to revert. */
export type EvmContractHandler = (ctx: ExecContext, call: EvmContractCall) => string;

/** How a bridge plugs into the simulated chains when a simulator starts. */
export interface BridgeInstaller {
  readonly world: World;
  registerMsgType(codec: MsgCodec, executor?: Executor): void;
  registerEvmContract(chainId: string, address: string, handler: EvmContractHandler): void;
}

/**
 * A step that moves a pending crossing on: the attestation, the solver's fill, the vote, the
 * delivery, a refund. It runs as a system transaction on `chainId`, `afterMs` simulated ms
 * after the source transaction; throwing ExecError records that tx as failed.
 */
export interface BridgeStep {
  afterMs: number;
  chainId: string;
  /** Names the system tx (`go_fast_fill`) and the step in the transfer's record. */
  label: string;
  /** Returns the crossing's new state, or undefined to leave it pending for a later step. */
  run(ctx: ExecContext, transfer: BridgeTransferView): BridgeOutcome | undefined;
}

export type BridgeOutcome =
  | { state: 'completed'; arrived: { chainId: string; denom: string; address: string }; childPacketIds?: string[] }
  | { state: 'failed'; error: string }
  | { state: 'refunded'; error: string; refund: { chainId: string; denom: string; address: string } };

/** A crossing as the simulator keeps it: the event that started it and every step since. */
export interface BridgeTransferView {
  id: string;
  bridge: BridgeId;
  /** Source chain, tx, block time, sender, amount, denoms, recipient, and the bridge's own detail. */
  event: {
    chainId: string;
    txHash: string;
    time: number;
    from: string;
    amount: string;
    destChainId: string;
    sourceDenom: string;
    destDenom: string;
    recipient: string;
    detail: Readonly<Record<string, unknown>>;
  };
  state: 'pending' | 'completed' | 'failed' | 'refunded';
  /** System txs of the steps that ran, by label, in order. */
  steps: readonly { label: string; tx: TxRecord }[];
  arrived?: { chainId: string; denom: string; address: string };
  childPacketIds: readonly string[];
  error?: string;
}

export interface BridgeSimulation {
  install(i: BridgeInstaller): void;
  /**
   * The steps that finish a crossing, planned when its source tx commits. `fault` is the
   * bridge's fault kind armed for it (see `faults`), or undefined.
   */
  steps(transfer: BridgeTransferView, o: { timing: TimingTable; fault: string | undefined; world: World }): BridgeStep[];
}

// ─────────────────────────────── status ───────────────────────────────

export interface StatusTx {
  chain_id: string;
  tx_hash: string;
  explorer_link: string;
  on_chain_at: string;
}

/** A crossing's entry in `transfer_sequence`, and what it means for the transfer's state. */
export interface BridgeStatusLeg {
  /** `{ go_fast_transfer: GoFastTransferInfo }`, fields in openapi's order. */
  event: Body;
  status: 'pending' | 'success' | 'failed';
  /** Nothing more will happen to this leg (a failure that is final, a refund that landed). */
  settled: boolean;
  /** The funds went back to the sender (where `from` says). */
  refunded: boolean;
  error?: string;
}

export interface BridgeStatus {
  /** The crossing's transfer_sequence entry as it stands at simulated time `now` (only on-chain txs). */
  project(transfer: BridgeTransferView, tx: (chainId: string, hash: string, time: number) => StatusTx, now: number): BridgeStatusLeg;
}

// ─────────────────────────────── the whole bridge ───────────────────────────────

export interface BridgeFaultKind {
  /** The `kind` accepted by POST /local/faults (`go_fast_no_solver`). */
  kind: string;
  /** What it does, for the README's table and the fault endpoint's errors. */
  help: string;
}

export interface ServiceBridge<D = unknown> {
  id: BridgeId;
  /** /v2/info/bridges */
  name: string;
  logoUri: string | null;
  planner: BridgePlanner<D>;
  msgs: BridgeMsgs<D>;
  simulation: BridgeSimulation;
  status: BridgeStatus;
  faults: readonly BridgeFaultKind[];
}
