/**
 * ICS-20 fungible token transfer, both ends, over the ledgers of the simulated chains.
 *
 * Send (on the sending chain): if the token came in over this very channel (its trace starts
 * with `transfer/<this channel>`) the chain is the sink and burns the voucher; otherwise it is
 * the source and escrows the token in the channel's escrow account. The packet carries the
 * full trace path (`transfer/channel-0/uatom`, or `uatom` for a native token).
 * Receive (on the other end): a packet whose denom starts with the sender's `port/channel`
 * is coming home — strip that prefix and release from escrow; otherwise prefix the receiving
 * `port/channel` and mint the voucher. Refund (timeout or error acknowledgement) undoes the
 * send on the sending chain: release from escrow, or mint the burnt voucher back.
 *
 * Together these keep, for every channel, escrow on one side == voucher supply on the other
 * + amounts in flight, so every origin denom's total supply is conserved across chains.
 */
import { joinPath, parseTrace } from '../world/denom';
import type { World } from '../world/world';
import type { ChannelEnd } from '../world/types';
import { checkAddress } from './address';
import { ExecError } from './errors';
import type { ChainLedger } from './ledger';
import type { TxEvent } from './blocks';

export interface TimeoutHeight {
  revisionNumber: bigint;
  revisionHeight: bigint;
}

/** An IBC packet sent by a committed tx: what the relayer consumes. */
export interface PacketRecord {
  /** `${sourceChainId}/${sourcePort}/${sourceChannel}/${sequence}` — unique. */
  id: string;
  sequence: number;
  sourceChainId: string;
  sourcePort: string;
  sourceChannel: string;
  destChainId: string;
  destPort: string;
  destChannel: string;
  /** Denom as the packet data carries it: the full trace path on the sending chain. */
  denom: string;
  /** Trace and base of that path ('' trace for a token native to the sending chain). */
  trace: string;
  baseDenom: string;
  /** The denom as held on the sending chain (`ibc/…` or native): what a refund gives back. */
  sourceDenom: string;
  /** The denom the receiver will get on the destination chain. */
  destDenom: string;
  /** true: the destination releases from its escrow (the token goes home); false: it mints a voucher. */
  destUnwinds: boolean;
  /** true: the sending chain escrowed the tokens (it is the source zone); false: it burnt vouchers. */
  escrowed: boolean;
  amount: string;
  sender: string;
  receiver: string;
  memo: string;
  timeoutHeight: TimeoutHeight;
  /** Nanoseconds since the epoch; 0n = none. */
  timeoutTimestamp: bigint;
  txHash: string;
  height: number;
  /** Block time of the sending tx (epoch ms, simulated). */
  sentAt: number;
  /**
   * The packet whose receive sent this one: a PFM forward, or an entry point's ibc_transfer
   * after a swap on arrival (ibc-hooks). Absent for a packet a user tx sent.
   */
  parentId?: string;
  /** The bridge transfer whose completion sent this one (Axelar delivering into Cosmos over IBC). */
  bridgeId?: string;
}

export interface TransferArgs {
  sourcePort: string;
  sourceChannel: string;
  token: { denom: string; amount: bigint };
  sender: string;
  receiver: string;
  memo: string;
  timeoutHeight?: TimeoutHeight;
  timeoutTimestamp: bigint;
}

/** Trace and base of a denom held on a chain: catalog first, then the denom-trace store. */
export function traceOf(world: World, chainId: string, denom: string): { trace: string; baseDenom: string } | undefined {
  const a = world.asset(chainId, denom);
  if (a && a.denom === denom) return { trace: a.trace, baseDenom: a.trace === '' ? a.denom : world.baseDenomOf(a.originChainId, a.originDenom) };
  return world.denomTrace(denom);
}

export const msToNs = (ms: number): bigint => BigInt(ms) * 1_000_000n;

const ev = (type: string, attrs: Record<string, string>): TxEvent => ({
  type,
  attributes: Object.entries(attrs).map(([key, value]) => ({ key, value })),
});

export interface SendContext {
  world: World;
  chainId: string;
  ledger: ChainLedger;
  blockTime: number;
  height: number;
  txHash: string;
  /** Next packet sequence on (port, channel), journaled by the caller's state. */
  nextSequence(portId: string, channelId: string): number;
  /** Latest block height of another chain (for timeout_height). */
  latestHeightOf(chainId: string): number;
  emit(event: TxEvent): void;
}

export function channelEnd(world: World, chainId: string, portId: string, channelId: string): ChannelEnd | undefined {
  const end = world.channel(chainId, channelId);
  return end && end.portId === portId ? end : undefined;
}

/** ICS-20 send on ctx.chainId. Throws ExecError (nothing changed) when it cannot be sent. */
export function sendTransfer(ctx: SendContext, args: TransferArgs): PacketRecord {
  const { world, ledger } = ctx;
  const end = channelEnd(world, ctx.chainId, args.sourcePort, args.sourceChannel);
  if (!end) {
    throw new ExecError(`port ID (${args.sourcePort}) channel ID (${args.sourceChannel}): channel not found`, 18, 'channel');
  }
  const th = args.timeoutHeight ?? { revisionNumber: 0n, revisionHeight: 0n };
  if (args.timeoutTimestamp === 0n && th.revisionHeight === 0n) {
    throw new ExecError('packet timeout height and packet timeout timestamp cannot both be 0: invalid packet timeout', 24, 'channel');
  }
  const nowNs = msToNs(ctx.blockTime);
  if (args.timeoutTimestamp !== 0n && nowNs >= args.timeoutTimestamp) {
    throw new ExecError(
      `receiving chain block timestamp >= packet timeout timestamp (${nowNs} >= ${args.timeoutTimestamp}): packet timeout`,
      12,
      'channel',
    );
  }
  if (th.revisionHeight !== 0n) {
    const destHeight = BigInt(ctx.latestHeightOf(end.counterpartyChainId));
    if (destHeight >= th.revisionHeight) {
      throw new ExecError(
        `receiving chain block height >= packet timeout height (${destHeight} >= ${th.revisionHeight}): packet timeout`,
        12,
        'channel',
      );
    }
  }
  const denom = args.token.denom;
  const t = traceOf(world, ctx.chainId, denom);
  if (!t) throw new ExecError(`denomination trace not found: ${denom}: denomination trace not found`, 6, 'transfer');
  const hops = parseTrace(t.trace);
  const first = hops[0];
  const sink = first !== undefined && first.port === args.sourcePort && first.channel === args.sourceChannel;
  const amount = args.token.amount;
  if (sink) ledger.burn(args.sender, denom, amount);
  else ledger.send(args.sender, ledger.escrowAccount(args.sourceChannel, args.sourcePort), denom, amount);

  // what the other end will hold
  let destTrace: string;
  if (sink) destTrace = hops.slice(1).map((h) => `${h.port}/${h.channel}`).join('/');
  else destTrace = `${end.counterpartyPortId}/${end.counterpartyChannelId}${t.trace === '' ? '' : `/${t.trace}`}`;
  const destDenom = destTrace === '' ? t.baseDenom : world.ibcDenom(destTrace, t.baseDenom);

  const sequence = ctx.nextSequence(args.sourcePort, args.sourceChannel);
  const fullPath = joinPath(t.trace, t.baseDenom);
  const packet: PacketRecord = {
    id: `${ctx.chainId}/${args.sourcePort}/${args.sourceChannel}/${sequence}`,
    sequence,
    sourceChainId: ctx.chainId,
    sourcePort: args.sourcePort,
    sourceChannel: args.sourceChannel,
    destChainId: end.counterpartyChainId,
    destPort: end.counterpartyPortId,
    destChannel: end.counterpartyChannelId,
    denom: fullPath,
    trace: t.trace,
    baseDenom: t.baseDenom,
    sourceDenom: denom,
    destDenom,
    destUnwinds: sink,
    escrowed: !sink,
    amount: amount.toString(),
    sender: args.sender,
    receiver: args.receiver,
    memo: args.memo,
    timeoutHeight: th,
    timeoutTimestamp: args.timeoutTimestamp,
    txHash: ctx.txHash,
    height: ctx.height,
    sentAt: ctx.blockTime,
  };
  ctx.emit(
    ev('send_packet', {
      packet_data: JSON.stringify({ amount: packet.amount, denom: fullPath, memo: args.memo, receiver: args.receiver, sender: args.sender }),
      packet_timeout_height: `${th.revisionNumber}-${th.revisionHeight}`,
      packet_timeout_timestamp: args.timeoutTimestamp.toString(),
      packet_sequence: String(sequence),
      packet_src_port: args.sourcePort,
      packet_src_channel: args.sourceChannel,
      packet_dst_port: end.counterpartyPortId,
      packet_dst_channel: end.counterpartyChannelId,
      packet_channel_ordering: 'ORDER_UNORDERED',
    }),
  );
  ctx.emit(ev('ibc_transfer', { sender: args.sender, receiver: args.receiver, amount: packet.amount, denom: fullPath, memo: args.memo }));
  return packet;
}

export interface RecvContext {
  world: World;
  ledger: ChainLedger;
  prefix: string;
  emit(event: TxEvent): void;
}

/**
 * A receive's outcome. ok: the tokens landed (`receiver` is who got them: the packet's
 * receiver, or PFM's / ibc-hooks' intermediate account); `forwardedAs` is the packet PFM sent
 * onward (its acknowledgement waits for that one); `contract` is the contract ibc-hooks ran.
 */
export type RecvResult =
  | { ok: true; denom: string; receiver: string; forwardedAs?: string; contract?: string }
  | { ok: false; error: string };

/**
 * ICS-20 receive on the destination chain: mint the voucher or release from escrow to the
 * receiver (or to `receiverOverride`, e.g. PFM's intermediate account). On failure nothing
 * changes and the error is what the error acknowledgement carries.
 */
export function receiveTransfer(ctx: RecvContext, packet: PacketRecord, receiverOverride?: string): RecvResult {
  const receiver = receiverOverride ?? packet.receiver;
  const addr = checkAddress(receiver, ctx.prefix);
  if (!addr.ok) return { ok: false, error: `failed to decode receiver address ${receiver}: ${addr.reason}: invalid address` };
  const amount = BigInt(packet.amount);
  const denom = packet.destDenom;
  if (packet.destUnwinds) {
    const escrow = ctx.ledger.escrowAccount(packet.destChannel, packet.destPort);
    if (ctx.ledger.balance(escrow, denom) < amount) {
      return { ok: false, error: `unable to unescrow tokens: escrow ${escrow} holds less than ${amount}${denom}: insufficient funds` };
    }
    ctx.ledger.send(escrow, receiver, denom, amount);
  } else {
    ctx.ledger.mint(receiver, denom, amount);
    if (denom.startsWith('ibc/')) ctx.emit(ev('denomination_trace', { trace_hash: denom.slice(4), denom }));
  }
  ctx.emit(
    ev('fungible_token_packet', {
      module: 'transfer',
      sender: packet.sender,
      receiver,
      denom: packet.denom,
      amount: packet.amount,
      memo: packet.memo,
      success: 'true',
    }),
  );
  return { ok: true, denom, receiver };
}

/** Undoes a send on the sending chain (timeout, or an error acknowledgement). */
export function refundTransfer(ctx: RecvContext, packet: PacketRecord): void {
  const amount = BigInt(packet.amount);
  if (packet.escrowed) ctx.ledger.send(ctx.ledger.escrowAccount(packet.sourceChannel, packet.sourcePort), packet.sender, packet.sourceDenom, amount);
  else ctx.ledger.mint(packet.sender, packet.sourceDenom, amount);
  ctx.emit(ev('refund', { receiver: packet.sender, denom: packet.denom, amount: packet.amount }));
}

