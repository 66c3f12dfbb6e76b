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
import type { BridgeEvent, TxRecord } from '../chains/blocks';
import type { BridgeGenesisHolding } from '../chains/genesis';
import type { CosmosMsgJson } from '../msgs/cosmos';
import type { Erc20ApprovalJson, FeeJson, TxJson } from '../msgs/build';
import type { Delivery } from '../msgs/memo';
import type { ExecContext } from '../chains/executors';
import type { PacketMiddleware } from '../chains/middleware';
import type { CollateralPair } from '../chains/collateral';
import type { MsgCodec, Executor } from '../chains';
import type { PlannerIndex } from '../planner/graph';
import type { BridgeFee, LegQuote, QuoteContext } from '../planner/quote';
import type { TimingTable } from '../planner/timing';
import type { Leg as PlannerLeg, Position, TransferLeg } from '../planner/types';
import type { PacketRecord } from '../chains/ics20';
import type { Built, StatusSource } from '../status/legs';
import type { World } from '../world';
import { BRIDGE_IDS } from '../../api/bridge-ids';

/** The API's bridge ids (openapi BridgeType), in the spec's order: written once, in src/api/, which the service may load. */
export { BRIDGE_IDS };
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
  /**
   * A fee that depends on the amount (Go Fast's basis points): the exact fee and what arrives
   * for `amountIn` (null when the fee eats it all), and its inverse, the least `amountIn` that
   * delivers `amountOut`. Without them the planner deducts `fee` as a fixed amount.
   */
  quote?(ctx: QuoteContext, leg: PlannedBridgeLeg<D>, amountIn: bigint): { amountOut: bigint; fee: BridgeFee } | null;
  amountInFor?(ctx: QuoteContext, leg: PlannedBridgeLeg<D>, amountOut: bigint): bigint;
  /**
   * What arrives for `amountIn` when the crossing changes the amount other than by a deducted
   * fee (Stargate: shared decimals, its protocol fee); the planner uses it instead of the fee,
   * and `amountInFor` for the way back.
   */
  amountOut?(leg: PlannedBridgeLeg<D>, amountIn: bigint): bigint;
  /**
   * What the crossing delivers of what enters it after its fee, when that is not all of it (a
   * LayerZero OFT leaves behind the dust its shared decimals cannot carry), and the inverse:
   * the least that delivers at least `amountOut`. Without it a crossing carries everything.
   */
  carries?: { forward(leg: PlannedBridgeLeg<D>, amountIn: bigint): bigint; backward(leg: PlannedBridgeLeg<D>, amountOut: bigint): bigint };
  /** The route operation: its wire key (`go_fast_transfer`) and body, without tx_index/amount_in/amount_out. */
  operation(ctx: QuoteContext, leg: PlannedBridgeLeg<D>, quote: LegQuote, o: { smartRelay: boolean; absorbed?: Absorbed }): { key: string; body: Body };
  /**
   * IBC hops this bridge carries inside its own operation (Axelar: the transfer into its hub,
   * or the one hop out of it): such a hop is not an operation of its own, and needs no PFM.
   */
  absorbs?: {
    before?(world: World, transfer: TransferLeg, leg: PlannedBridgeLeg<D>): boolean;
    after?(world: World, leg: PlannedBridgeLeg<D>, transfer: TransferLeg): boolean;
  };
}

/** The IBC hops folded into a bridge operation (see BridgePlanner.absorbs). */
export interface Absorbed {
  before?: TransferLeg;
  after?: TransferLeg;
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
  /** Who pays the fees of a transaction signed on Solana (fee_payer_address), if not its signer. */
  readonly svmFeePayer: string | undefined;
  /**
   * What the rest of the transaction after this leg needs on arrival: the receiver and memo
   * (PFM forward, ibc-hooks swap, post-route handler); undefined when this leg ends the route's
   * transaction at the user's own address. `extraNs` delays absolute timeouts by the bridge's own time.
   */
  onward(extraNs?: bigint): Delivery | undefined;
  /** An evm_tx signed by the leg's sender on its source chain. */
  evmTx(to: string, value: bigint, data: string, approvals: Erc20ApprovalJson[]): TxJson;
  /** A cosmos_tx signed by the leg's sender on its source chain, over this transaction's path. */
  cosmosTx(msgs: CosmosMsgJson[]): TxJson;
}

export interface BridgeMsgs<D = unknown> {
  /** The wire key of the operation this bridge writes and reads (`go_fast_transfer`). */
  operationKey: string;
  /**
   * Reads the caller's operation body; throws invalidArgument starting with `where` for a bad
   * one. `base.denomIn` is the body's denom_in or what the operation before delivered,
   * `base.denomOut` the body's denom_out or ''.
   */
  read(world: World, body: Body, base: MsgsLegBase, where: string): MsgsBridgeLeg<D>;
  /** What arrives, given what enters (fees the crossing deducts). */
  amountOut(leg: MsgsBridgeLeg<D>, amountIn: bigint): bigint;
  /** Why this crossing cannot ride on the transaction of `prev`, or undefined. */
  cannotFollow(world: World, prev: { kind: string; to: string }, leg: MsgsBridgeLeg<D>): string | undefined;
  /** Why `next` cannot ride on this crossing's transaction, or undefined when the bridge carries it on. */
  cannotContinue(world: World, leg: MsgsBridgeLeg<D>, next: { kind: string; from: string }): string | undefined;
  /** The transaction(s) when this crossing starts one, moving `amount`. */
  startTx(b: TxBuilding, leg: MsgsBridgeLeg<D>, amount: bigint): TxJson[];
  /**
   * When this crossing is reached inside a transaction: where the packet that reaches it is
   * addressed, and, when the tokens enter it over one more IBC hop from `leg.from`, that hop's
   * channel (the builder then forwards there with PFM, or sends there from a swap's entry point).
   */
  arrival?(b: TxBuilding, leg: MsgsBridgeLeg<D>): { delivery: Delivery; viaChannel?: string };
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
  /** A Cosmos message type and what it does; `onlyOn` limits the chains that accept it (default: all). */
  registerMsgType(codec: MsgCodec, executor: Executor, onlyOn?: readonly string[]): void;
  registerEvmContract(chainId: string, address: string, handler: EvmContractHandler): void;
  /** A receive middleware after IBC's own (PFM, ibc-hooks): the bridge's module on a Cosmos chain. */
  registerPacketMiddleware(middleware: PacketMiddleware): void;
  /** Runs `after` once a message of this type has executed, in the same tx (a deposit address noticing a bank send). */
  afterMsg(typeUrl: string, after: (ctx: ExecContext, msg: unknown) => void): void;
  /**
   * An account where a lock-and-mint bridge keeps what it locked (OPInit's bridge account on
   * the L1). Genesis funds it with the genesis supply of `backs` (what circulates on the other
   * side at genesis was deposited before it), and supply reports count its holdings as having
   * left their origin, as a burn would: locking is a bridged-out, paying out a bridged-in.
   */
  registerLockAccount(lock: LockAccount): void;
}

export interface LockAccount {
  chainId: string;
  address: string;
  denom: string;
  backs: { chainId: string; denom: string };
}

/** What a bridge's own supply invariant may read (see BridgeSimulation.invariants). */
export interface BridgeSupplyReader {
  balance(chainId: string, address: string, denom: string): bigint;
  supply(chainId: string, denom: string): bigint;
  bech32Prefix(chainId: string): string;
  transfers(): Iterable<BridgeTransferView>;
}

/**
 * A step that moves a pending crossing on: the attestation, the solver's fill, the vote, the
 * delivery, a refund. It runs as a system transaction on `chainId`, `afterMs` simulated ms
 * after the source transaction; throwing ExecError records that tx as failed.
 */
export interface BridgeStep {
  afterMs: number;
  /**
   * The part of `afterMs` a chain enforces to the second (OPinit's finalization period): the
   * relay's jitter stretches only the rest, the relayers' and executors' own latency. The
   * crossing's later steps wait for all of it too.
   */
  fixedMs?: number;
  chainId: string;
  /** Names the system tx (`go_fast_fill`) and the step in the transfer's record. */
  label: string;
  /**
   * Runs after the same step of every earlier crossing of this bridge on this chain (an
   * executor that works through its queue in order: OPinit finalizes deposits by sequence);
   * the crossing's later steps move by the same delay.
   */
  ordered?: boolean;
  /**
   * Runs only once every packet the crossing sent on has settled (acknowledged or refunded):
   * an acknowledgement that waits for a forward (PFM on the Hub answering for a Eureka packet).
   * The relayer looks again every few simulated seconds; the crossing's later steps wait as long.
   */
  afterChildren?: boolean;
  /** Returns the crossing's new state, or undefined to leave it pending for a later step. */
  run(ctx: ExecContext, transfer: BridgeTransferView): BridgeOutcome | undefined;
}

export type BridgeOutcome =
  /**
   * The tokens landed (a mint on the destination) but the crossing goes on (an acknowledgement
   * is still due); without `arrived`, what had landed is gone again (PFM undid its receive) and
   * the crossing waits for its refund.
   */
  | { state: 'pending'; arrived: { chainId: string; denom: string; address: string } | undefined }
  | { state: 'completed'; arrived: { chainId: string; denom: string; address: string }; childPacketIds?: string[] }
  | { state: 'failed'; error: string }
  | { state: 'refunded'; error: string; refund: { chainId: string; denom: string; address: string } };

/** A crossing as the simulator keeps it: the event that started it and every step since. */
export interface BridgeTransferView {
  id: string;
  /** Source chain, tx, block time, sender, amount, denoms, recipient, and the bridge's own fields or `detail`. */
  event: BridgeEvent;
  state: 'pending' | 'completed' | 'failed' | 'refunded';
  /** System txs of the steps that ran, by label, in order. */
  steps: readonly { label: string; tx: TxRecord }[];
  /** Where the tokens went when it completed (or came back to, when refunded). */
  arrived?: { chainId: string; denom: string; address: string };
  /** Packets a step sent on (Axelar's delivery from its hub over IBC). */
  childPacketIds: readonly string[];
  error?: string;
}

export interface BridgeSimulation {
  install(i: BridgeInstaller): void;
  /** Violations of the bridge's own supply invariant, for ChainSimulator.checkInvariants (empty when it holds). */
  invariants?(read: BridgeSupplyReader): string[];
  /**
   * Balances the bridge's own contracts and actors hold at genesis (Go Fast's solver inventory,
   * Stargate's pools, an OFT adapter's lock backing what its OFTs elsewhere start with), given
   * what genesis gives every other account (`planned`: a chain's total of a denom); backed like
   * any genesis balance.
   */
  genesis?(world: World, planned: (chainId: string, denom: string) => bigint): readonly BridgeGenesisHolding[];
  /**
   * false when crossings move existing tokens instead of burning and minting (a solver fronts
   * its inventory, the source gateway holds what it took): no bridge flow in the supply report.
   */
  burnsAndMints?: boolean;
  /**
   * Tokens this bridge mints against a lock it holds on another chain (see chains/collateral.ts):
   * genesis backs them, locking and unlocking are not supply flows, and checkInvariants
   * requires lock = token supply + undelivered crossings.
   */
  collateral?(world: World): readonly CollateralPair[];
  /** Completes a crossing's event from the whole tx that started it (CCTP: a relay fee paid in the same tx). */
  annotate?(event: BridgeEvent, tx: { signer: string; msgs: readonly { typeUrl: string; value: unknown }[] }): void;
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
  /**
   * The crossing's transfer_sequence entry as it stands at simulated time `now`: only txs
   * whose block time is not after `now` count as on chain. `transfer.completeTx` is the tx of
   * the step that settled it. `src` reads the packets the crossing sent on (Go Fast: whether
   * the IBC transfer its fill started came back).
   */
  project(
    transfer: BridgeTransferView & { completeTx?: TxRecord },
    tx: (chainId: string, hash: string, time: number) => StatusTx,
    now: number,
    src?: Pick<StatusSource, 'packet' | 'tx'>,
  ): BridgeStatusLeg;
  /** A bridge whose operation folds IBC hops in (Axelar) builds its legs itself from the status source. */
  leg?(id: string, src: StatusSource, now: number): Built | undefined;
  /** A packet that starts one of this bridge's crossings is that crossing's leg (Axelar's GMP account). */
  inboundLeg?(packet: PacketRecord, src: StatusSource, now: number): Built | undefined;
}

// ─────────────────────────────── the whole bridge ───────────────────────────────

export interface BridgeFaultKind {
  /** The `kind` accepted by POST /local/faults (`go_fast_no_solver`). */
  kind: string;
  /** What it does, for the README's table and the fault endpoint's errors. */
  help: string;
}

export interface ServiceBridge<P = unknown, M = unknown> {
  id: BridgeId;
  /** /v2/info/bridges */
  name: string;
  logoUri: string | null;
  /**
   * A route request flag that turns this bridge on and makes routes prefer it where it can
   * carry them (`go_fast`); without the flag it carries routes only when `bridges` names it.
   */
  requestFlag?: string;
  planner: BridgePlanner<P>;
  msgs: BridgeMsgs<M>;
  simulation: BridgeSimulation;
  status: BridgeStatus;
  faults: readonly BridgeFaultKind[];
}

/** A bridge of any data types, as the registry holds them (each bridge checks its own data). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyServiceBridge = ServiceBridge<any, any>;
