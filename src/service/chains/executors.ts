/**
 * DeliverTx: what each message does to a chain's state. The simulator looks executors up by
 * type URL (ChainSimulator.executors); later modules plug in more (or replace these) with
 * registerExecutor(), and contracts with registerContract().
 *
 * An executor signals failure by throwing ExecError: the simulator then rolls back every
 * effect of the tx's messages (balances, accounts, packets, events) and records the tx with
 * that code and log — fee and sequence stay charged, as on a real chain.
 */
import type { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx';
import type { MsgExecuteContract } from 'cosmjs-types/cosmwasm/wasm/v1/tx';
import type { MsgTransfer } from 'cosmjs-types/ibc/applications/transfer/v1/tx';
import type { World } from '../world/world';
import type { WorldChain } from '../world/types';
import type { BridgeEvent, GenericBridgeEvent, TxEvent } from './blocks';
import { ExecError } from './errors';
import type { RecvResult, PacketRecord, TransferArgs } from './ics20';
import type { ChainLedger } from './ledger';
import { TYPE_MSG_EXECUTE_CONTRACT, TYPE_MSG_SEND, TYPE_MSG_TRANSFER } from './messages';

export interface ExecResult {
  /** Extra events (executors may also call ctx.emit). */
  events?: TxEvent[];
  /** Whatever the message returns (e.g. MsgTransferResponse's sequence). */
  data?: unknown;
}

type Stamped = 'id' | 'chainId' | 'txHash' | 'height' | 'time';
/** A bridge event as an executor writes it; the simulator stamps id, chain, tx, height and time. */
export type BridgeEventInput = BridgeEvent extends infer E ? (E extends BridgeEvent ? Omit<E, Stamped> : never) : never;
/** A registered bridge's crossing as its contract or module starts it, with its own id and detail. */
export type CrossingInput<B extends GenericBridgeEvent['bridge'], D> = Omit<GenericBridgeEvent, Stamped | 'bridge' | 'detail'> & { bridge: B; detail: D };

/** A contract's key-value store on its chain: journaled like balances, cleared by reset(). */
export interface ContractStorage {
  get<T = unknown>(key: string): T | undefined;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

/** Everything an executor (or a contract) may do, scoped to one tx on one chain. */
export interface ExecContext {
  readonly world: World;
  readonly chain: WorldChain;
  readonly chainId: string;
  readonly ledger: ChainLedger;
  /** Block the tx is included in. */
  readonly height: number;
  readonly time: number;
  readonly txHash: string;
  /** The tx signer ('' for a system tx). */
  readonly signer: string;
  emit(event: TxEvent): void;
  /** ICS-20 send from this chain (escrow or burn, then a packet for the relayer). */
  sendTransfer(args: TransferArgs): PacketRecord;
  /** ICS-20 receive on this chain of a packet addressed to it (relayer, PFM); records the packet's new state. */
  receivePacket(packet: PacketRecord, receiverOverride?: string): RecvResult;
  /** ICS-20 refund on this chain (the packet's source): after a timeout or an error acknowledgement. */
  refundPacket(packet: PacketRecord, reason: 'timeout' | 'error_ack'): void;
  /** Records a crossing by a registered bridge (a burn, a lock, an order) for the bridge relayer. */
  emitBridge(event: BridgeEventInput): BridgeEvent;
  /** Runs fn as a nested atomic scope: when it throws, only its own effects are undone. */
  atomic<T>(fn: () => T): T;
  /** Executes a contract as `sender` with `funds` (moved to the contract first), like a wasm sub-message. */
  executeContract(call: ContractCall): ExecResult | void;
  /** The contract's own storage on this chain. */
  storage(contract: string): ContractStorage;
}

export type Executor<T = unknown> = (ctx: ExecContext, msg: T) => ExecResult | void;

export interface ContractCall {
  contract: string;
  sender: string;
  /** The execute message, parsed from JSON. */
  msg: unknown;
  funds: { denom: string; amount: bigint }[];
}

/** A simulated CosmWasm contract: funds are already in the contract's account when it runs. */
export type ContractHandler = (ctx: ExecContext, call: ContractCall) => ExecResult | void;

/**
 * A contract's IBC lifecycle callbacks (ibc-hooks' `ibc_lifecycle_complete` sudo): called on
 * the packet's source chain, inside the refund tx, after a packet the contract sent was
 * refunded to it (the tokens are back in the contract's account). Throwing ExecError leaves
 * the refunded tokens with the contract.
 */
export interface ContractLifecycle {
  onPacketRefunded?(ctx: ExecContext, packet: PacketRecord, reason: 'timeout' | 'error_ack'): void;
}

const ev = (type: string, attrs: Record<string, string>): TxEvent => ({
  type,
  attributes: Object.entries(attrs).map(([key, value]) => ({ key, value })),
});

const execSend: Executor<MsgSend> = (ctx, m) => {
  // like the SDK's blocked module accounts: escrow balances must only move through ICS-20
  if (ctx.ledger.isEscrow(m.toAddress)) throw new ExecError(`${m.toAddress} is not allowed to receive funds: unauthorized`, 4);
  for (const c of m.amount) ctx.ledger.send(m.fromAddress, m.toAddress, c.denom, BigInt(c.amount));
  ctx.emit(ev('transfer', { recipient: m.toAddress, sender: m.fromAddress, amount: m.amount.map((c) => `${c.amount}${c.denom}`).join(',') }));
};

const execTransfer: Executor<MsgTransfer> = (ctx, m) => {
  const packet = ctx.sendTransfer({
    sourcePort: m.sourcePort,
    sourceChannel: m.sourceChannel,
    token: { denom: m.token.denom, amount: BigInt(m.token.amount) },
    sender: m.sender,
    receiver: m.receiver,
    memo: m.memo,
    timeoutHeight: m.timeoutHeight,
    timeoutTimestamp: m.timeoutTimestamp,
  });
  return { data: { sequence: packet.sequence } };
};

const execExecuteContract: Executor<MsgExecuteContract> = (ctx, m) => {
  // validate() already checked that msg is a JSON object
  const msg: unknown = JSON.parse(new TextDecoder().decode(m.msg));
  return ctx.executeContract({
    contract: m.contract,
    sender: m.sender,
    msg,
    funds: m.funds.map((f) => ({ denom: f.denom, amount: BigInt(f.amount) })),
  });
};

/** The executors a fresh simulator starts with. */
export function defaultExecutors(): Map<string, Executor> {
  return new Map<string, Executor>([
    [TYPE_MSG_SEND, execSend as Executor],
    [TYPE_MSG_TRANSFER, execTransfer as Executor],
    [TYPE_MSG_EXECUTE_CONTRACT, execExecuteContract as Executor],
  ]);
}
