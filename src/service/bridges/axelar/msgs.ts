/**
 * Axelar in the msgs builder. An axelar_transfer read back from the caller's route becomes:
 * - from an EVM chain, the gateway call: sendToken, or callContractWithToken whose GMP
 *   payload carries the memo of the delivery into Cosmos (so the route can go on there); the
 *   fee is paid on top in the gas token, as the transaction's value;
 * - on axelar-dojo-1 itself, a LinkRequest and a bank send into the deposit address;
 * - from another Cosmos chain, an IBC transfer into the hub's GMP account with a GMP memo
 *   (the hop into the hub is part of the operation: ibc_transfer_to_axelar).
 * What Axelar delivers from the hub carries no memo.
 */
import { invalidArgument } from '../../http/errors';
import { msgSend, msgTransfer } from '../../msgs/cosmos';
import { axelarDepositAddress, msgLinkRequest } from './messages';
import type { FeeJson } from '../../msgs/build';
import { stringifyExact } from '../../msgs/json';
import { AXELAR_GMP_ACCOUNT, axelarGmpMemo, type Delivery } from '../../msgs/memo';
import { amount, str, type BridgeFee } from '../../msgs/read';
import { toWireAsset as toWire, type World } from '../../world';
import { AXELAR_GATEWAY, callContractWithTokenCalldata, cosmosMemoPayload, sendTokenCalldata } from './calldata';
import { axelarSeconds } from './planner';
import type { BridgeMsgs, MsgsBridgeLeg, TxBuilding } from '../types';

export interface AxelarMsgsData {
  asset: string;
  smartRelay: boolean;
  fee: BridgeFee | undefined;
  /** The IBC leg into axelar-dojo-1 when the transfer starts on another Cosmos chain. */
  ibcLeg: { port: string; channel: string } | undefined;
}

export type AxelarMsgsLeg = MsgsBridgeLeg<AxelarMsgsData>;

const deducted = (fee: BridgeFee | undefined): bigint => (fee?.behavior === 'FEE_BEHAVIOR_DEDUCTED' ? fee.amount : 0n);

/** Axelar's name for a chain: the bridge table's for EVM chains, the registry name for Cosmos ones. */
export function axelarChainName(world: World, chainId: string): string {
  const chain = world.chain(chainId)!;
  if (chain.axelarChainName) return chain.axelarChainName;
  if (chainId === world.bridges.axelar.axelarChainId) return 'Axelarnet';
  return chain.chainName;
}

function isNativeOf(world: World, chainId: string, denom: string): boolean {
  return world.chain(chainId)?.feeAssets[0]?.denom === denom || denom === `${world.chain(chainId)?.chainName}-native`;
}

/** The IBC packet into axelar-dojo-1 that Axelar's GMP module turns into a transfer to `leg.to`. */
function gmpDelivery(b: TxBuilding, leg: AxelarMsgsLeg): Delivery {
  const fee = deducted(leg.data.fee);
  return {
    receiver: AXELAR_GMP_ACCOUNT,
    memo: axelarGmpMemo(axelarChainName(b.world, leg.to), b.address(leg.toPos), fee > 0n ? fee : undefined),
  };
}

export const axelarMsgs: BridgeMsgs<AxelarMsgsData> = {
  operationKey: 'axelar_transfer',

  read(world, body, base, where) {
    const { from, to } = base;
    const fromChain = world.chain(from)!;
    const toChain = world.chain(to)!;
    const axelarId = world.bridges.axelar.axelarChainId;
    const ibc = body.ibc_transfer_to_axelar as Record<string, unknown> | null | undefined;
    let ibcLeg: AxelarMsgsData['ibcLeg'];
    if (fromChain.chainType === 'cosmos' && from !== axelarId) {
      const channel = str(ibc?.channel) ?? world.channelBetween(from, axelarId)?.channelId;
      const end = channel === undefined ? undefined : world.channel(from, channel);
      if (!end || end.counterpartyChainId !== axelarId) throw invalidArgument(`${where}: no transfer channel from ${from} to ${axelarId}`);
      ibcLeg = { port: end.portId, channel: end.channelId };
    }
    if (fromChain.chainType === 'svm' || toChain.chainType === 'svm') throw invalidArgument(`${where}: Axelar does not reach Solana`);
    if (base.denomOut === '') throw invalidArgument(`${where} has no denom_out`);
    const feeAmount = amount(body.fee_amount ?? undefined, `fee_amount of ${where}`) ?? 0n;
    const feeAsset = (body.fee_asset ?? undefined) as Record<string, unknown> | undefined;
    return {
      ...base,
      kind: 'bridge',
      bridge: 'AXELAR',
      data: {
        asset: str(body.asset) ?? '',
        smartRelay: body.smart_relay === true,
        fee:
          feeAmount > 0n
            ? {
                amount: feeAmount,
                behavior: fromChain.chainType === 'cosmos' ? 'FEE_BEHAVIOR_DEDUCTED' : 'FEE_BEHAVIOR_ADDITIONAL',
                asset: feeAsset,
                denom: str(feeAsset?.denom) ?? base.denomIn,
                chainId: str(feeAsset?.chain_id) ?? from,
                usdAmount: str(body.usd_fee_amount),
              }
            : undefined,
        ibcLeg,
      },
    };
  },

  amountOut: (leg, amountIn) => leg.amountOut ?? amountIn - deducted(leg.data.fee),

  cannotFollow(world, prev, leg) {
    if (leg.from === world.bridges.axelar.axelarChainId) return prev.kind === 'transfer' ? undefined : 'the swap output cannot enter Axelar directly';
    if (prev.kind === 'swap') return undefined;
    return world.chain(leg.from)!.capabilities.pfm ? undefined : `${leg.from} does not run packet-forward-middleware`;
  },

  cannotContinue(world, leg) {
    // Axelar from an EVM chain delivers into Cosmos with a memo (GMP payload); nothing else does
    if (world.chain(leg.from)!.chainType !== 'evm' || world.chain(leg.to)!.chainType !== 'cosmos') {
      return `an Axelar transfer delivers to ${leg.to} without running anything after it`;
    }
    return undefined;
  },

  startTx(b, leg, amountIn) {
    const { world } = b;
    const source = world.chain(leg.from)!;
    if (source.chainType === 'evm') {
      const gateway = AXELAR_GATEWAY[leg.from];
      const token = world.asset(leg.from, leg.denomIn);
      if (!gateway || !token?.tokenContract || !token.symbol) {
        throw invalidArgument(`operation ${leg.index} (axelar_transfer): Axelar's gateway on ${leg.from} does not take ${leg.denomIn}`);
      }
      // The fee is paid on top, in the gas token, as the transaction's value (the local gateway
      // takes it for gas and relaying); a fee in the token itself comes out of the amount on Axelar.
      const fee = leg.data.fee;
      const nativeFee = fee && isNativeOf(world, leg.from, fee.denom) ? fee.amount : 0n;
      const destinationChain = axelarChainName(world, leg.to);
      // When the route goes on from the Cosmos chain Axelar delivers to, the gateway call carries
      // the ICS-20 memo (and receiver) of that delivery as a GMP payload; otherwise a plain sendToken.
      // What runs on arrival (a swap's absolute timeout) waits for Axelar first: give it the bridge's time too.
      const onward = b.onward(BigInt(axelarSeconds(leg.from)) * 1_000_000_000n);
      const data =
        onward?.memo !== undefined
          ? callContractWithTokenCalldata({
              destinationChain,
              contractAddress: onward.receiver,
              payload: cosmosMemoPayload(stringifyExact(onward.memo)),
              symbol: token.symbol,
              amount: amountIn,
            })
          : sendTokenCalldata({ destinationChain, destinationAddress: onward?.receiver ?? b.address(leg.toPos), symbol: token.symbol, amount: amountIn });
      return [b.evmTx(gateway, nativeFee, data, [{ token_contract: token.tokenContract, spender: gateway, amount: amountIn.toString() }])];
    }
    if (!leg.data.ibcLeg) {
      // on axelar-dojo-1 itself: link a deposit address to the recipient, then pay into it
      const recipientChain = axelarChainName(world, leg.to);
      const recipient = b.address(leg.toPos);
      const sender = b.address(leg.fromPos);
      return [
        b.cosmosTx([
          msgLinkRequest({ sender, recipientAddr: recipient, recipientChain, asset: leg.denomIn }),
          msgSend({ from: sender, to: axelarDepositAddress(recipientChain, leg.denomIn, recipient), denom: leg.denomIn, amount: amountIn }),
        ]),
      ];
    }
    const d = gmpDelivery(b, leg);
    return [
      b.cosmosTx([
        msgTransfer({
          sourcePort: leg.data.ibcLeg.port,
          sourceChannel: leg.data.ibcLeg.channel,
          denom: leg.denomIn,
          amount: amountIn,
          sender: b.address(leg.fromPos),
          receiver: d.receiver,
          timeoutTimestampNs: b.timeoutNs,
          memo: d.memo,
        }),
      ]),
    ];
  },

  arrival: (b, leg) => ({ delivery: gmpDelivery(b, leg), ...(leg.data.ibcLeg ? { viaChannel: leg.data.ibcLeg.channel } : {}) }),

  fees(world, leg, txIndex): FeeJson[] {
    const fee = leg.data.fee;
    if (!leg.data.smartRelay || !fee) return [];
    const asset =
      fee.asset ??
      (() => {
        const a = world.resolveAsset(fee.chainId, fee.denom);
        return a ? toWire(a) : undefined;
      })();
    if (!asset) return [];
    return [
      {
        fee_type: 'SMART_RELAY',
        bridge_id: 'AXELAR',
        amount: fee.amount.toString(),
        usd_amount: fee.usdAmount ?? '0.00',
        origin_asset: asset,
        // the fee is charged on Axelar's side of the bridge: the hub for a Cosmos source
        chain_id: leg.data.ibcLeg ? world.bridges.axelar.axelarChainId : leg.from,
        tx_index: txIndex,
        operation_index: leg.index,
        fee_behavior: fee.behavior,
      },
    ];
  },
};
