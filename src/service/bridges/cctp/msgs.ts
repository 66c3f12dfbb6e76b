/**
 * CCTP in the msgs builder: a cctp_transfer read back from the caller's route becomes the
 * burn on its source chain: Noble's MsgDepositForBurn (+ a MsgSend of the smart-relay fee to
 * the relayer), an EVM depositForBurn on the TokenMessenger (or, when a relay fee is quoted,
 * the relayer contract's requestCCTPTransfer, which pulls the fee with the amount), or the
 * Solana program's deposit_for_burn. The mint on the destination carries no memo.
 */
import { addressBytes, checkAddress, leftPad32 } from '../../../chains/addresses';
import { simulatedCctpRelayerAccount } from '../../../chains/bridge-contracts';
import { invalidArgument } from '../../http/errors';
import { msgSend } from '../../msgs/cosmos';
import { msgDepositForBurn } from './messages';
import type { FeeJson } from '../../msgs/build';
import { bridgeFeeJson } from '../../msgs/fee-json';
import { amount, sameDenom, str, type BridgeFee } from '../../msgs/read';
import { CCTP_TOKEN_MESSENGER, cctpRelayerContract, depositForBurnCalldata, requestCctpTransferCalldata } from './calldata';
import { svmCctpTx } from './svm-tx';
import type { BridgeMsgs, MsgsBridgeLeg, TxBuilding } from '../types';

export interface CctpMsgsData {
  burnToken: string;
  smartRelay: boolean;
  relayFee: (BridgeFee & { payTo: string | undefined }) | undefined;
}

export type CctpMsgsLeg = MsgsBridgeLeg<CctpMsgsData>;

const deducted = (fee: BridgeFee | undefined): bigint => (fee?.behavior === 'FEE_BEHAVIOR_DEDUCTED' ? fee.amount : 0n);

/** The quote's fee payment address, or the simulated relayer's own account on that chain. */
function relayFeeAddress(b: TxBuilding, payTo: string | undefined, chainId: string, index: number): string {
  const chain = b.world.chain(chainId)!;
  if (payTo === undefined) return simulatedCctpRelayerAccount(chain.bech32Prefix, chainId);
  if (!checkAddress(payTo, chain).ok) {
    throw invalidArgument(`operation ${index} (cctp_transfer): smart_relay_fee_quote's fee payment address ${JSON.stringify(payTo)} is not an address on ${chainId}`);
  }
  return payTo;
}

export const cctpMsgs: BridgeMsgs<CctpMsgsData> = {
  operationKey: 'cctp_transfer',

  read(world, body, base, where) {
    const { from, to } = base;
    const fromCctp = world.cctpChain(from);
    const toCctp = world.cctpChain(to);
    if (!fromCctp || !toCctp) throw invalidArgument(`${where}: CCTP does not connect ${from} and ${to}`);
    const burnToken = str(body.burn_token) ?? fromCctp.usdcDenom;
    if (!sameDenom(burnToken, fromCctp.usdcDenom) || !sameDenom(base.denomIn, fromCctp.usdcDenom)) {
      throw invalidArgument(`${where}: CCTP burns ${fromCctp.usdcDenom} on ${from}, not ${burnToken}`);
    }
    const quote = body.smart_relay_fee_quote as Record<string, unknown> | null | undefined;
    const relayAmount = amount(quote?.fee_amount ?? undefined, `smart_relay_fee_quote.fee_amount of ${where}`);
    const feeDenom = str(quote?.fee_denom) ?? fromCctp.usdcDenom;
    if (relayAmount !== undefined && relayAmount > 0n && !sameDenom(feeDenom, fromCctp.usdcDenom)) {
      throw invalidArgument(`${where}: the smart relay fee must be paid in ${fromCctp.usdcDenom}, not ${feeDenom}`);
    }
    return {
      ...base,
      kind: 'bridge',
      bridge: 'CCTP',
      denomIn: fromCctp.usdcDenom,
      denomOut: toCctp.usdcDenom,
      data: {
        burnToken: fromCctp.usdcDenom,
        smartRelay: body.smart_relay === true,
        relayFee:
          relayAmount !== undefined && relayAmount > 0n
            ? {
                amount: relayAmount,
                behavior: world.chain(from)!.chainType === 'cosmos' ? 'FEE_BEHAVIOR_DEDUCTED' : 'FEE_BEHAVIOR_ADDITIONAL',
                asset: undefined,
                denom: fromCctp.usdcDenom,
                chainId: from,
                usdAmount: undefined,
                payTo: str(quote?.fee_payment_address) ?? str(quote?.relayer_address),
              }
            : undefined,
      },
    };
  },

  amountOut: (leg, amountIn) => leg.amountOut ?? amountIn - deducted(leg.data.relayFee),

  cannotFollow: (_world, _prev, leg) => `a CCTP burn on ${leg.from} is signed in its own transaction`,

  cannotContinue: (_world, leg) => `CCTP mints on ${leg.to} without running anything after it`,

  startTx(b, leg, amountIn) {
    const { world } = b;
    const source = world.chain(leg.from)!;
    const dest = world.chain(leg.to)!;
    const domain = world.cctpChain(leg.to)!.domain;
    const mintRecipient = leftPad32(addressBytes(b.address(leg.toPos), dest));
    const fee = leg.data.relayFee;
    const signer = b.address(leg.fromPos);
    const burnToken = leg.data.burnToken;
    if (source.chainType === 'svm') {
      return [
        svmCctpTx(world, {
          chainId: leg.from,
          owner: signer,
          feePayer: b.svmFeePayer,
          amount: amountIn,
          destinationDomain: domain,
          mintRecipient,
          burnToken,
          relayFee: fee,
          nowMs: b.nowMs,
          operationIndex: leg.index,
          indices: [...b.indices],
        }),
      ];
    }
    if (source.chainType === 'cosmos') {
      // Noble: the fee comes out of the amount and goes to the relayer in the same tx
      const feeAmount = fee?.amount ?? 0n;
      if (feeAmount >= amountIn) throw invalidArgument(`operation ${leg.index} (cctp_transfer): the relay fee ${feeAmount} is not less than the amount ${amountIn}`);
      const msgs = [msgDepositForBurn({ from: signer, amount: amountIn - feeAmount, destinationDomain: domain, mintRecipient, burnToken })];
      if (fee) msgs.push(msgSend({ from: signer, to: relayFeeAddress(b, fee.payTo, source.chainId, leg.index), denom: burnToken, amount: fee.amount }));
      return [b.cosmosTx(msgs)];
    }
    const messenger = CCTP_TOKEN_MESSENGER[leg.from];
    if (!messenger) throw invalidArgument(`operation ${leg.index} (cctp_transfer): no CCTP TokenMessenger known on chain ${leg.from}`);
    if (!fee) {
      const data = depositForBurnCalldata({ amount: amountIn, destinationDomain: domain, mintRecipient, burnToken });
      return [b.evmTx(messenger, 0n, data, [{ token_contract: burnToken, spender: messenger, amount: amountIn.toString() }])];
    }
    // the relayer contract pulls the fee with the amount and burns the amount, in one tx
    const deductedFee = deducted(fee);
    if (deductedFee >= amountIn) throw invalidArgument(`operation ${leg.index} (cctp_transfer): the relay fee ${fee.amount} is not less than the amount ${amountIn}`);
    const relayer = cctpRelayerContract(leg.from);
    const transferAmount = amountIn - deductedFee;
    const data = requestCctpTransferCalldata({ transferAmount, destinationDomain: domain, mintRecipient, burnToken, feeAmount: fee.amount });
    return [b.evmTx(relayer, 0n, data, [{ token_contract: burnToken, spender: relayer, amount: (transferAmount + fee.amount).toString() }])];
  },

  fees(world, leg, txIndex): FeeJson[] {
    const fee = leg.data.relayFee;
    if (!fee) return [];
    const asset = world.resolveAsset(fee.chainId, fee.denom);
    if (!asset) return [];
    return [bridgeFeeJson(world, { bridgeId: 'CCTP', asset, amount: fee.amount, chainId: leg.from, txIndex, operationIndex: leg.index, behavior: fee.behavior })];
  },
};
