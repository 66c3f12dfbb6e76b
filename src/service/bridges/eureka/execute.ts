/**
 * What starts a Eureka packet on the simulated chains.
 *
 * Ethereum (EVM contracts at their mainnet addresses):
 * - EurekaHandler.transfer(amount, params, fees): reverts "Fee quote expired" past
 *   fees.quoteExpiry; pulls relayFee of params.token to fees.relayFeeRecipient and amount to
 *   itself (one approval of amount + fee to the handler covers both), then sends amount through
 *   the ICS20Transfer on the caller's behalf.
 * - ICS20Transfer.sendTransfer(msg): the same packet without a relay fee (approval to the
 *   ICS20Transfer); returns the packet's sequence.
 * The tokens sent are burnt (see packet.ts). Both check what the ICS26Router checks: a known client (cosmoshub-0), the transfer port, a
 * timeout in the future and at most a day ahead.
 *
 * The Hub: ibc-go v10 MsgTransfer. Over the Ethereum light client (source_channel
 * 08-wasm-1369) it is a Eureka send; over a channel it is the ordinary ICS-20 transfer, which
 * this executor hands to the one it replaces.
 */
import { checkCosmosAddress, checkEvmAddress, toChecksumAddress } from '../../../chains/addresses';
import { ExecError } from '../../chains/errors';
import { spendAllowance } from '../../chains/erc20';
import type { ExecContext, Executor } from '../../chains/executors';
import type { MsgCodec } from '../../chains/messages';
import type { EvmContractCall, EvmContractHandler } from '../types';
import { decodeHandlerTransfer, decodeSendTransfer } from './calldata';
import { laneEnds, laneFrom, type EurekaData, type EurekaLane } from './data';
import { MsgTransferV10Codec, TYPE_MSG_TRANSFER, type MsgTransferV10 } from './hub-msg';
import { nextSequence } from './packet';
import { eurekaSeconds } from './planner';

/** ICS26Router's longest timeout: a packet may not time out more than a day after it is sent. */
export const MAX_TIMEOUT_SECONDS = 86_400n;

/** Packet data encodings ibc-go v10 knows. */
export const KNOWN_ENCODINGS: ReadonlySet<string> = new Set(['', 'application/json', 'application/x-protobuf', 'application/x-solidity-abi']);

const revert = (why: string): ExecError => new ExecError(`execution reverted: ${why}`, 1, 'evm');

/** A send as the relayer will see it. */
export interface EurekaSend {
  lane: EurekaLane;
  sender: string;
  receiver: string;
  amount: bigint;
  timeoutSeconds: bigint;
  memo: string;
  encoding: string;
  relayFee: bigint;
}

/** Burns the tokens, takes a sequence and records the packet for the relayer. Returns the sequence. */
export function sendPacket(data: EurekaData, ctx: ExecContext, s: EurekaSend, router: string): bigint {
  const ends = laneEnds(data, s.lane);
  ctx.ledger.burn(s.sender, ends.denomIn, s.amount);
  const sequence = nextSequence(ctx, router, ends.sourceClient);
  ctx.emitBridge({
    kind: 'eureka_send_packet',
    bridge: 'EUREKA',
    from: s.sender,
    amount: s.amount.toString(),
    destChainId: ends.to,
    sourceDenom: ends.denomIn,
    destDenom: ends.denomOut,
    recipient: s.receiver,
    expectedDelayMs: eurekaSeconds(data, ends.from) * 1000,
    detail: {
      direction: s.lane.direction,
      symbol: s.lane.token.symbol,
      sourceClient: ends.sourceClient,
      destClient: ends.destClient,
      sequence: sequence.toString(),
      timeoutSeconds: s.timeoutSeconds.toString(),
      memo: s.memo,
      encoding: s.encoding,
      relayFee: s.relayFee.toString(),
    },
  });
  ctx.emit({
    type: 'send_packet',
    attributes: [
      { key: 'packet_source_client', value: ends.sourceClient },
      { key: 'packet_dest_client', value: ends.destClient },
      { key: 'packet_sequence', value: sequence.toString() },
      { key: 'packet_timeout_timestamp', value: s.timeoutSeconds.toString() },
    ],
  });
  return sequence;
}

function checkRouterArgs(data: EurekaData, ctx: ExecContext, a: { sourceClient: string; destPort: string; timeoutTimestamp: bigint; amount: bigint }): void {
  if (a.sourceClient !== data.ethereumClientId) throw revert(`IBCClientNotFound(${a.sourceClient})`);
  if (a.destPort !== data.port) throw revert(`ICS20 destination port must be ${data.port}, not ${a.destPort}`);
  const now = BigInt(Math.floor(ctx.time / 1000));
  if (a.timeoutTimestamp <= now) throw revert(`IBCInvalidTimeoutTimestamp(${a.timeoutTimestamp}, ${now})`);
  if (a.timeoutTimestamp - now > MAX_TIMEOUT_SECONDS) throw revert(`IBCInvalidTimeoutDuration(${MAX_TIMEOUT_SECONDS}, ${a.timeoutTimestamp - now})`);
  if (a.amount <= 0n) throw revert('ICS20InvalidAmount(0)');
}

function ethereumLane(data: EurekaData, token: string): EurekaLane {
  const lane = laneFrom(data, data.ethereumChainId, token);
  if (!lane) throw revert(`token ${token} has no Eureka route to ${data.hubChainId} in the local deployment`);
  return lane;
}

/** The EurekaHandler contract on Ethereum. */
export function eurekaHandlerContract(data: EurekaData): EvmContractHandler {
  return (ctx: ExecContext, call: EvmContractCall): string => {
    let t;
    try {
      t = decodeHandlerTransfer(call.data);
    } catch (e) {
      throw revert((e as Error).message);
    }
    if (BigInt(Math.floor(ctx.time / 1000)) >= t.quoteExpiry) throw revert('Fee quote expired');
    const lane = ethereumLane(data, t.token);
    checkRouterArgs(data, ctx, t);
    const from = toChecksumAddress(call.from);
    const token = laneEnds(data, lane).denomIn;
    spendAllowance(ctx, token, from, data.eurekaHandler, t.relayFee + t.amount);
    if (t.relayFee > 0n) ctx.ledger.send(from, t.relayFeeRecipient, token, t.relayFee);
    sendPacket(data, ctx, { lane, sender: from, receiver: t.recipient, amount: t.amount, timeoutSeconds: t.timeoutTimestamp, memo: t.memo, encoding: 'application/x-solidity-abi', relayFee: t.relayFee }, data.ics26Router);
    ctx.emit({
      type: 'EurekaTransfer',
      attributes: [
        { key: 'token', value: token },
        { key: 'amount', value: t.amount.toString() },
        { key: 'relayFee', value: t.relayFee.toString() },
        { key: 'relayFeeRecipient', value: t.relayFeeRecipient },
      ],
    });
    return '0x';
  };
}

/** The ICS20Transfer contract on Ethereum (sendTransfer only: what a wallet may call directly). */
export function ics20TransferContract(data: EurekaData): EvmContractHandler {
  return (ctx: ExecContext, call: EvmContractCall): string => {
    let m;
    try {
      m = decodeSendTransfer(call.data);
    } catch (e) {
      throw revert((e as Error).message);
    }
    const lane = ethereumLane(data, m.denom);
    checkRouterArgs(data, ctx, m);
    const from = toChecksumAddress(call.from);
    spendAllowance(ctx, laneEnds(data, lane).denomIn, from, data.ics20Transfer, m.amount);
    const seq = sendPacket(data, ctx, { lane, sender: from, receiver: m.receiver, amount: m.amount, timeoutSeconds: m.timeoutTimestamp, memo: m.memo, encoding: 'application/x-solidity-abi', relayFee: 0n }, data.ics26Router);
    return `0x${seq.toString(16).padStart(64, '0')}`;
  };
}

/**
 * The Hub's MsgTransfer codec, v10 fields included: the checks of the message it replaces, and
 * for a send over the Ethereum client the IBC v2 rules (timestamp timeout only, a known encoding).
 */
export function msgTransferCodec(data: EurekaData, base: MsgCodec): MsgCodec<MsgTransferV10> {
  return {
    typeUrl: TYPE_MSG_TRANSFER,
    decode: (b) => MsgTransferV10Codec.decode(b),
    signers: (m) => [m.sender],
    validate(m, ctx) {
      const basic = base.validate(m, ctx);
      if (basic) return basic;
      if (!KNOWN_ENCODINGS.has(m.encoding)) return `unsupported packet data encoding ${m.encoding}: invalid request`;
      if (m.sourceChannel !== data.hubClientId) return undefined;
      if (m.timeoutHeight.revisionHeight !== 0n || m.timeoutHeight.revisionNumber !== 0n) return 'timeout height must be zero for IBC v2 transfers: invalid packet timeout';
      if (m.timeoutTimestamp === 0n) return 'timeout timestamp must be set for IBC v2 transfers: invalid packet timeout';
      return undefined;
    },
  };
}

/** The Hub's MsgTransfer executor: Eureka over the Ethereum client, the replaced executor otherwise. */
export function msgTransferExecutor(data: EurekaData, base: Executor): Executor<MsgTransferV10> {
  return (ctx, m) => {
    if (ctx.chainId !== data.hubChainId || m.sourceChannel !== data.hubClientId) return base(ctx, m);
    if (m.sourcePort !== data.port) throw new ExecError(`port ${m.sourcePort} is not bound to client ${m.sourceChannel}: invalid port`, 5, 'ibc');
    const lane = laneFrom(data, ctx.chainId, m.token.denom);
    if (!lane) throw new ExecError(`${m.token.denom} has no Eureka route to ${data.ethereumChainId} in the local deployment: invalid denomination`, 3, 'transfer');
    const nowNs = BigInt(ctx.time) * 1_000_000n;
    if (m.timeoutTimestamp <= nowNs) throw new ExecError(`timeout ${m.timeoutTimestamp} is not after the block time ${nowNs}: invalid packet timeout`, 12, 'channelv2');
    const timeoutSeconds = m.timeoutTimestamp / 1_000_000_000n;
    if (timeoutSeconds - nowNs / 1_000_000_000n > MAX_TIMEOUT_SECONDS) throw new ExecError(`timeout is more than a day away: invalid packet timeout`, 12, 'channelv2');
    const sequence = sendPacket(
      data,
      ctx,
      { lane, sender: m.sender, receiver: m.receiver, amount: BigInt(m.token.amount), timeoutSeconds, memo: m.memo, encoding: m.encoding, relayFee: 0n },
      data.hubEntry,
    );
    return { data: { sequence } };
  };
}

/** Whether `receiver` can receive on the lane's destination: a bech32 Hub address, or a 0x address on Ethereum. */
export function receiverProblem(data: EurekaData, lane: EurekaLane, receiver: string, hubPrefix: string): string | undefined {
  if (lane.direction === 'to-ethereum') return checkEvmAddress(receiver).ok ? undefined : `ICS20InvalidReceiver(${receiver})`;
  const r = checkCosmosAddress(receiver, hubPrefix);
  return r.ok ? undefined : `failed to decode receiver address ${receiver}: ${r.reason}: invalid address`;
}
