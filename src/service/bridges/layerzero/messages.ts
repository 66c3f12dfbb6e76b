/**
 * LayerZero in /msgs: reads a caller's `layer_zero_transfer` operation back (checking it
 * against the World: the OFT contract, the endpoint id, the fee's asset) and writes the one
 * EVM transaction that starts the crossing: the OFT's `send` on the source chain, the
 * messaging fee as the transaction's value, and, from weETH's home chain, the ERC-20 approval
 * of the adapter that locks it (an OFT elsewhere burns the caller's own balance: no approval).
 */
import { invalidArgument } from '../../http/errors';
import { toWireAsset, type World } from '../../world';
import type { FeeJson } from '../../msgs/build';
import type { BridgeMsgs, MsgsBridgeLeg, MsgsLegBase } from '../types';
import { deploymentOn, type LayerZeroData } from './data';
import { nativeAssetOf } from './fees';
import { AbiError, addressToBytes32, encodeSend, removeDust } from './oft';
import type { LayerZeroLegData, QuotedFee } from './planner';

export type LayerZeroMsgsLeg = MsgsBridgeLeg<LayerZeroLegData>;

/** The fee read() took from the operation (every leg /msgs builds went through read()). */
function quotedFee(leg: LayerZeroMsgsLeg): QuotedFee {
  if (!leg.data.fee) throw new Error(`operation ${leg.index} (layer_zero_transfer) was not read from a route`);
  return leg.data.fee;
}

type Body = Record<string, unknown>;

const sameAddress = (a: unknown, b: string): boolean => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

const whereOf = (index: number): string => `operation ${index} (layer_zero_transfer)`;

export function layerZeroMsgs(data: LayerZeroData): BridgeMsgs<LayerZeroLegData> {
  const decimals = { localDecimals: data.localDecimals, sharedDecimals: data.sharedDecimals };
  return {
    operationKey: 'layer_zero_transfer',

    read(world, body, base, where) {
      return { ...base, ...readBody(world, data, body, base, where), kind: 'bridge', bridge: 'LAYER_ZERO' };
    },

    amountOut: (_leg, amountIn) => removeDust(amountIn, decimals),

    cannotFollow: (_world, _prev, leg) =>
      `a LayerZero transfer starts its own transaction: the OFT send on ${leg.from} is an EVM call signed there, so it cannot follow another operation in the same transaction`,

    cannotContinue: (_world, leg) =>
      `a LayerZero transfer ends the transaction: the OFT credits the recipient on ${leg.to} without a compose message, so what follows needs a new transaction signed there`,

    startTx(b, leg, amount) {
      const where = whereOf(leg.index);
      const sent = removeDust(amount, decimals);
      if (sent === 0n) {
        throw invalidArgument(
          `${where}: ${amount} is below the smallest amount the ${data.symbol} OFT carries (${10n ** BigInt(data.localDecimals - data.sharedDecimals)} base units: it sends ${data.sharedDecimals} decimals)`,
        );
      }
      const sender = b.address(leg.fromPos);
      const recipient = b.address(leg.toPos);
      const fee = quotedFee(leg);
      let to: Uint8Array;
      try {
        to = addressToBytes32(recipient);
        addressToBytes32(sender);
      } catch (e) {
        throw invalidArgument(`${where}: ${(e as AbiError).message}`);
      }
      const calldata = encodeSend({
        sendParam: {
          dstEid: leg.data.destination.eid,
          to,
          amountLD: amount,
          // the OFT charges no fee: what arrives is what is sent, less the dust it cannot carry
          minAmountLD: sent,
          // empty: the OFT's enforced options give lzReceive its gas
          extraOptions: new Uint8Array(),
          composeMsg: new Uint8Array(),
          oftCmd: new Uint8Array(),
        },
        fee: { nativeFee: fee.amount, lzTokenFee: 0n },
        refundAddress: sender,
      });
      const { source } = leg.data;
      const approvals = source.kind === 'adapter' ? [{ token_contract: source.token, spender: source.oft, amount: amount.toString() }] : [];
      return [b.evmTx(source.oft, fee.amount, calldata, approvals)];
    },

    fees(world, leg, txIndex) {
      const fee = quotedFee(leg);
      if (fee.amount === 0n) return [];
      const native = nativeAssetOf(world, leg.from);
      const entry: FeeJson = {
        fee_type: 'SMART_RELAY',
        bridge_id: 'LAYER_ZERO',
        amount: fee.amount.toString(),
        usd_amount: fee.usd,
        origin_asset: native ? toWireAsset(native) : fee.asset,
        chain_id: leg.from,
        tx_index: txIndex,
        operation_index: leg.index,
        fee_behavior: 'FEE_BEHAVIOR_ADDITIONAL',
      };
      return [entry];
    },
  };
}

/** Checks a layer_zero_transfer body against the World; throws invalidArgument naming the field. */
function readBody(world: World, data: LayerZeroData, body: Body, base: MsgsLegBase, where: string): { denomIn: string; denomOut: string; data: LayerZeroLegData } {
  const bad = (field: string, why: string) => invalidArgument(`${where}: ${field} ${why}`);
  const source = deploymentOn(data, base.from);
  if (!source) throw bad('from_chain_id', `${base.from} has no ${data.symbol} OFT`);
  const destination = deploymentOn(data, base.to);
  if (!destination || destination === source) throw bad('to_chain_id', `${base.to} has no ${data.symbol} OFT to receive from ${base.from}`);
  // base carries the body's denoms (denom_in defaults to what the operation before delivered)
  if (!sameAddress(base.denomIn, source.token)) throw bad('denom_in', `must be ${data.symbol} on ${base.from} (${source.token}), got ${JSON.stringify(base.denomIn)}`);
  if (!sameAddress(base.denomOut, destination.token)) {
    throw bad('denom_out', `must be ${data.symbol} on ${base.to} (${destination.token}), got ${JSON.stringify(body.denom_out)}`);
  }
  if (!sameAddress(body.source_oft_contract_address, source.oft)) {
    throw bad('source_oft_contract_address', `must be the ${source.kind === 'adapter' ? 'OFT adapter' : 'OFT'} on ${base.from} (${source.oft}), got ${JSON.stringify(body.source_oft_contract_address)}`);
  }
  if (body.destination_endpoint_id !== destination.eid) {
    throw bad('destination_endpoint_id', `must be ${destination.eid} (LayerZero's endpoint id of ${base.to}), got ${JSON.stringify(body.destination_endpoint_id)}`);
  }
  if (body.bridge_id !== undefined && body.bridge_id !== 'LAYER_ZERO') throw bad('bridge_id', `must be LAYER_ZERO, got ${JSON.stringify(body.bridge_id)}`);
  const native = nativeAssetOf(world, base.from);
  const feeAsset = body.messaging_fee_asset;
  if (typeof feeAsset !== 'object' || feeAsset === null || Array.isArray(feeAsset)) throw bad('messaging_fee_asset', 'is missing');
  const fa = feeAsset as Body;
  if (!native || fa.denom !== native.denom || (fa.chain_id !== undefined && fa.chain_id !== base.from)) {
    throw bad('messaging_fee_asset', `must be ${base.from}'s gas token${native ? ` (${native.denom})` : ''}: the fee is paid as the transaction's value`);
  }
  const amount = body.messaging_fee_amount;
  if (typeof amount !== 'string' || !/^[0-9]+$/.test(amount)) throw bad('messaging_fee_amount', `must be a base-unit integer string, got ${JSON.stringify(amount)}`);
  const usd = body.messaging_fee_amount_usd;
  if (typeof usd !== 'string' || !/^[0-9]+(\.[0-9]+)?$/.test(usd)) throw bad('messaging_fee_amount_usd', `must be a decimal string, got ${JSON.stringify(usd)}`);
  return {
    denomIn: source.token,
    denomOut: destination.token,
    data: { source, destination, fee: { amount: BigInt(amount), denom: native.denom, usd, asset: fa } },
  };
}
