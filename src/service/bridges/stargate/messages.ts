/**
 * Stargate in /msgs: reads a caller's stargate_transfer back (every field checked against the
 * World), and writes the one evm_tx a taxi needs: send(SendParam, MessagingFee, refundAddress)
 * on the source pool, with LayerZero's fee as msg.value and the pool's ERC-20 approval first.
 */
import { formatUsd } from '../../pricing';
import { invalidArgument } from '../../http/errors';
import { toWireAsset, type World } from '../../world';
import type { FeeJson } from '../../msgs/build';
import { amount as readAmount, sameDenom, str } from '../../msgs/read';
import type { BridgeMsgs, MsgsBridgeLeg, MsgsLegBase, TxBuilding } from '../types';
import { addressToBytes32, encodeSend } from './calldata';
import { stargateData, type StargateData } from './data';
import { assetUsd, messagingFee, quoteTransfer } from './math';
import { deliveryBreak, sendBreak, STARGATE_OPERATION_KEY, type StargateLegData } from './planner';

type Body = Record<string, unknown>;
export type StargateMsgsLeg = MsgsBridgeLeg<StargateLegData>;

const EMPTY = new Uint8Array();

export function stargateMsgs(data: StargateData = stargateData()): BridgeMsgs<StargateLegData> {
  const feeMillionth = data.file.fees.protocol_fee_millionth;

  const read = (world: World, body: Body, base: MsgsLegBase, where: string): StargateMsgsLeg => {
    for (const [field, want] of [
      ['from_chain_id', base.from],
      ['to_chain_id', base.to],
    ] as const) {
      const got = str(body[field]);
      if (got !== undefined && got !== want) throw invalidArgument(`${where}: ${field} is ${got}, but the operation runs from ${base.from} to ${base.to}`);
    }
    const fromPool = data.poolForToken(base.from, base.denomIn);
    if (!fromPool) throw invalidArgument(`${where}: denom_in ${base.denomIn} has no Stargate pool on ${base.from}`);
    // denom_out may be left out: the same asset's pool on the destination
    const toPool = base.denomOut === '' ? data.peer(fromPool, base.to) : data.poolForToken(base.to, base.denomOut);
    if (!toPool) throw invalidArgument(`${where}: denom_out ${base.denomOut || '(none)'} has no Stargate pool on ${base.to}`);
    if (toPool.symbol !== fromPool.symbol || toPool.chainId === fromPool.chainId) {
      throw invalidArgument(`${where}: Stargate moves ${fromPool.symbol} to ${fromPool.symbol} on another chain, not to ${toPool.symbol} on ${toPool.chainId}`);
    }
    const poolAddress = str(body.pool_address);
    if (poolAddress !== undefined && !sameDenom(poolAddress, fromPool.address)) {
      throw invalidArgument(`${where}: pool_address ${poolAddress} is not the ${fromPool.symbol} pool on ${base.from} (${fromPool.address})`);
    }
    const eid = body.destination_endpoint_id;
    if (eid !== undefined && eid !== null && eid !== toPool.eid) {
      throw invalidArgument(`${where}: destination_endpoint_id ${String(eid)} is not ${base.to}'s LayerZero endpoint id ${toPool.eid}`);
    }
    // the fees are recomputed below; a malformed one still means a malformed route
    readAmount(body.messaging_fee_amount, `messaging_fee_amount of ${where}`);
    readAmount(body.oft_fee_amount, `oft_fee_amount of ${where}`);
    return { ...base, denomIn: fromPool.token, denomOut: toPool.token, kind: 'bridge', bridge: 'STARGATE', data: { symbol: fromPool.symbol, fromPool, toPool } };
  };

  return {
    operationKey: STARGATE_OPERATION_KEY,
    read,

    amountOut: (leg, amountIn) => quoteTransfer(leg.data.fromPool, leg.data.toPool, amountIn, feeMillionth).receivedLD,

    cannotFollow: (world, _prev, leg) => sendBreak(world, leg.from).explanation,

    cannotContinue: (world, leg) => deliveryBreak(world, leg.to).explanation,

    startTx(b: TxBuilding, leg: StargateMsgsLeg, amount: bigint) {
      const { fromPool, toPool } = leg.data;
      const q = quoteTransfer(fromPool, toPool, amount, feeMillionth);
      if (q.amountSD === 0n) {
        throw invalidArgument(`operation ${leg.index} (${STARGATE_OPERATION_KEY}): ${amount} is below one shared unit of ${fromPool.symbol} on ${leg.from}`);
      }
      const fee = messagingFee(b.world, data, leg.from, leg.to);
      const sender = b.address(leg.fromPos);
      const calldata = encodeSend({
        sendParam: {
          dstEid: toPool.eid,
          to: addressToBytes32(b.address(leg.toPos)),
          amountLD: amount,
          // Stargate's fee is fixed by the fee library: the quote is exactly what arrives
          minAmountLD: q.receivedSourceLD,
          extraOptions: EMPTY,
          composeMsg: EMPTY,
          oftCmd: EMPTY,
        },
        nativeFee: fee.amount,
        lzTokenFee: 0n,
        refundAddress: sender,
      });
      return [b.evmTx(fromPool.address, fee.amount, calldata, [{ token_contract: fromPool.token, spender: fromPool.address, amount: q.sentLD.toString() }])];
    },

    fees(world: World, leg: StargateMsgsLeg, txIndex: number): FeeJson[] {
      const fee = messagingFee(world, data, leg.from, leg.to);
      const usd = assetUsd(world, data, fee.asset, fee.amount);
      return [
        {
          fee_type: 'SMART_RELAY',
          bridge_id: 'STARGATE',
          amount: fee.amount.toString(),
          usd_amount: usd === undefined ? '0.00' : formatUsd(usd),
          origin_asset: toWireAsset(fee.asset),
          chain_id: leg.from,
          tx_index: txIndex,
          operation_index: leg.index,
          fee_behavior: 'FEE_BEHAVIOR_ADDITIONAL',
        },
      ];
    },
  };
}
