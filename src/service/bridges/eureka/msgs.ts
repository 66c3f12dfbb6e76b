/**
 * Eureka in /msgs: reads the caller's `eureka_transfer` back and writes the transaction that
 * starts it.
 * - From Ethereum: an `evm_tx` to the EurekaHandler, `transfer(amount, params, fees)`, after
 *   an ERC-20 approval of amount + relay fee to the handler. The recipient and memo are what
 *   the rest of the route needs on the Hub (a PFM forward to go on over IBC).
 * - From the Hub: a `cosmos_tx` of a bank send of the relay fee to the relayer's fee address
 *   and an ibc-go v10 MsgTransfer of the rest over client 08-wasm-1369, ABI-encoded for the
 *   Solidity ICS20Transfer.
 * The packet's timeout is the transaction's IBC timeout plus the bridge's own time (Ethereum
 * finality alone outlasts the default five minutes).
 */
import { checkCosmosAddress, checkEvmAddress, toChecksumAddress } from '../../../chains/addresses';
import { invalidArgument } from '../../http/errors';
import { amount as readAmount, sameDenom, str } from '../../msgs/read';
import { msgSend } from '../../msgs/cosmos';
import { stringifyExact } from '../../msgs/json';
import { formatUsd, usdValue } from '../../pricing';
import { toWireAsset, type World } from '../../world';
import type { FeeJson, TxJson } from '../../msgs/build';
import type { BridgeMsgs, MsgsBridgeLeg, MsgsLegBase, TxBuilding } from '../types';
import { handlerTransferCalldata } from './calldata';
import { laneEnds, laneFrom, type EurekaData } from './data';
import { msgTransferV10Json } from './hub-msg';
import { eurekaSeconds, relayFeePayee, type EurekaLegData } from './planner';

export type EurekaMsgsLeg = MsgsBridgeLeg<EurekaLegData>;

type Body = Record<string, unknown>;


function readFee(body: Body, where: string, denomIn: string): EurekaLegData['fee'] {
  const quote = body.smart_relay_fee_quote;
  if (quote === undefined || quote === null) return undefined;
  if (typeof quote !== 'object') throw invalidArgument(`${where}: smart_relay_fee_quote is not an object`);
  const q = quote as Body;
  const amount = readAmount(q.fee_amount, `smart_relay_fee_quote.fee_amount of ${where}`);
  const denom = str(q.fee_denom);
  if (denom !== undefined && !sameDenom(denom, denomIn)) throw invalidArgument(`${where}: the Eureka relay fee is paid in ${denomIn}, not ${denom}`);
  return amount === undefined || amount === 0n ? undefined : { amount, payTo: str(q.fee_payment_address) ?? str(q.relayer_address) };
}

function readExpiration(body: Body, where: string): bigint | undefined {
  const q = body.smart_relay_fee_quote as Body | null | undefined;
  const text = q && typeof q === 'object' ? q.expiration : undefined;
  if (text === undefined || text === null) return undefined;
  const ms = typeof text === 'string' ? Date.parse(text) : NaN;
  if (!Number.isFinite(ms)) throw invalidArgument(`${where}: smart_relay_fee_quote.expiration is not a date-time`);
  return BigInt(Math.floor(ms / 1000));
}

export function readEurekaOperation(data: EurekaData, world: World, body: Body, base: MsgsLegBase, where: string): EurekaMsgsLeg {
  const lane = laneFrom(data, base.from, base.denomIn);
  if (!lane) throw invalidArgument(`${where}: Eureka does not carry ${base.denomIn} from ${base.from}`);
  const ends = laneEnds(data, lane);
  if (base.to !== ends.to) throw invalidArgument(`${where}: Eureka takes ${base.denomIn} from ${base.from} to ${ends.to}, not ${base.to}`);
  if (base.denomOut !== '' && !sameDenom(base.denomOut, ends.denomOut)) throw invalidArgument(`${where}: ${base.denomIn} arrives on ${ends.to} as ${ends.denomOut}, not ${base.denomOut}`);
  const client = str(body.source_client);
  if (client !== undefined && client !== ends.sourceClient) throw invalidArgument(`${where}: the source client on ${ends.from} is ${ends.sourceClient}, not ${client}`);
  const port = str(body.destination_port);
  if (port !== undefined && port !== data.port) throw invalidArgument(`${where}: the destination port is ${data.port}, not ${port}`);
  if (!world.chain(ends.from) || !world.chain(ends.to)) throw invalidArgument(`${where}: ${ends.from} or ${ends.to} is not a chain of this deployment`);
  return {
    ...base,
    kind: 'bridge',
    bridge: 'EUREKA',
    denomIn: ends.denomIn,
    denomOut: ends.denomOut,
    data: { lane, fee: readFee(body, where, ends.denomIn), expiresAt: readExpiration(body, where) },
  };
}

function feePayee(data: EurekaData, world: World, leg: EurekaMsgsLeg): string {
  const payTo = leg.data.fee?.payTo;
  if (payTo === undefined) return relayFeePayee(data, leg.from);
  const chain = world.chain(leg.from)!;
  const ok = chain.chainType === 'evm' ? checkEvmAddress(payTo).ok : checkCosmosAddress(payTo, chain.bech32Prefix).ok;
  if (!ok) throw invalidArgument(`operation ${leg.index} (eureka_transfer): smart_relay_fee_quote's fee payment address ${JSON.stringify(payTo)} is not an address on ${leg.from}`);
  return chain.chainType === 'evm' ? toChecksumAddress(payTo) : payTo;
}

function startEureka(data: EurekaData, b: TxBuilding, leg: EurekaMsgsLeg, amount: bigint): TxJson[] {
  const where = `operation ${leg.index} (eureka_transfer)`;
  const ends = laneEnds(data, leg.data.lane);
  const bridgeNs = BigInt(eurekaSeconds(data, leg.from)) * 1_000_000_000n;
  const timeoutNs = b.timeoutNs + bridgeNs;
  const delivery = b.onward(bridgeNs) ?? { receiver: b.address(leg.toPos) };
  const memo = delivery.memo === undefined ? '' : stringifyExact(delivery.memo);
  const fee = leg.data.fee?.amount ?? 0n;
  const payee = feePayee(data, b.world, leg);
  const sender = b.address(leg.fromPos);
  if (leg.from === data.ethereumChainId) {
    const nowSeconds = b.nowMs / 1000n;
    const quoteExpiry = leg.data.expiresAt ?? nowSeconds + BigInt(data.quoteValiditySeconds);
    if (quoteExpiry <= nowSeconds) throw invalidArgument(`${where}: the smart relay fee quote expired; request a new route`);
    const calldata = handlerTransferCalldata({
      amount,
      token: ends.denomIn,
      recipient: delivery.receiver,
      sourceClient: ends.sourceClient,
      destPort: data.port,
      timeoutTimestamp: timeoutNs / 1_000_000_000n,
      memo,
      relayFee: fee,
      relayFeeRecipient: payee,
      quoteExpiry,
    });
    return [b.evmTx(data.eurekaHandler, 0n, calldata, [{ token_contract: ends.denomIn, spender: data.eurekaHandler, amount: (amount + fee).toString() }])];
  }
  // from the Hub the fee comes out of the amount, paid to the relayer in the same tx
  if (fee >= amount) throw invalidArgument(`${where}: the relay fee ${fee} is not less than the amount ${amount}`);
  const msgs = [
    msgTransferV10Json({
      sourceChannel: ends.sourceClient,
      denom: ends.denomIn,
      amount: amount - fee,
      sender,
      receiver: delivery.receiver,
      timeoutTimestampNs: timeoutNs,
      ...(delivery.memo === undefined ? {} : { memo: delivery.memo }),
      encoding: data.encodingToEthereum,
    }),
  ];
  if (fee > 0n) msgs.unshift(msgSend({ from: sender, to: payee, denom: ends.denomIn, amount: fee }));
  return [b.cosmosTx(msgs)];
}

function eurekaFees(data: EurekaData, world: World, leg: EurekaMsgsLeg, txIndex: number): FeeJson[] {
  const fee = leg.data.fee;
  const asset = world.resolveAsset(leg.from, leg.denomIn);
  if (!fee || !asset) return [];
  const price = world.priceOfAsset(asset);
  return [
    {
      fee_type: 'SMART_RELAY',
      bridge_id: 'EUREKA',
      amount: fee.amount.toString(),
      usd_amount: price !== undefined && asset.decimals !== undefined ? formatUsd(usdValue(fee.amount, asset.decimals, price)) : '0.00',
      origin_asset: toWireAsset(asset),
      chain_id: leg.from,
      tx_index: txIndex,
      operation_index: leg.index,
      fee_behavior: leg.from === data.hubChainId ? 'FEE_BEHAVIOR_DEDUCTED' : 'FEE_BEHAVIOR_ADDITIONAL',
    },
  ];
}

/** Why nothing after this crossing rides on its transaction (only IBC hops from the Hub do). */
function arrivalProblem(leg: EurekaMsgsLeg): string {
  return leg.data.lane.direction === 'to-hub'
    ? 'what Eureka delivers to the Cosmos Hub goes on from there by IBC only: anything else is a transaction of its own'
    : 'Eureka delivers to Ethereum without running anything after it';
}

export function eurekaMsgs(data: EurekaData): BridgeMsgs<EurekaLegData> {
  return {
    operationKey: 'eureka_transfer',
    read: (world, body, base, where) => readEurekaOperation(data, world, body, base, where),
    amountOut: (leg, amountIn) => (leg.from === data.hubChainId ? amountIn - (leg.data.fee?.amount ?? 0n) : amountIn),
    cannotFollow: (_world, _prev, leg) => `a Eureka transfer starts its own transaction on ${leg.from}`,
    // an IBC hop on from the Hub rides in the memo as a PFM forward (the builder checks the Hub runs PFM)
    cannotContinue: (_world, leg, next) => (leg.data.lane.direction === 'to-hub' && next.kind === 'transfer' ? undefined : arrivalProblem(leg)),
    startTx: (b, leg, amount) => startEureka(data, b, leg, amount),
    fees: (world, leg, txIndex) => eurekaFees(data, world, leg, txIndex),
  };
}
