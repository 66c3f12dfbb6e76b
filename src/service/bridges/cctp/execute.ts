/**
 * CCTP on the simulated chains. Noble runs Circle's MsgDepositForBurn (only there); every
 * EVM chain with a CCTP domain has the TokenMessenger (depositForBurn pulls USDC through the
 * sender's approval and burns it) and the smart-relay contract (requestCCTPTransfer pulls
 * amount + fee, keeps the fee, burns the amount). Solana's program runs in svm-execute.ts.
 * One step finishes a crossing: Circle's attestation and the mint on the destination
 * (`cctp_receive_message`), after the timing table's delay for the source chain.
 */
import { toHex } from '@cosmjs/encoding';
import type { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx';
import { toChecksumAddress } from '../../../chains/addresses';
import type { TxEvent } from '../../chains/blocks';
import { cctpChainByDomain, recipientFromBytes32 } from './domains';
import { spendAllowance } from '../../chains/erc20';
import { ExecError } from '../../chains/errors';
import type { ExecContext, Executor } from '../../chains/executors';
import { TYPE_MSG_SEND, type MsgCodec } from '../../chains/messages';
import { depositForBurnCodec, TYPE_MSG_DEPOSIT_FOR_BURN, TYPE_MSG_DEPOSIT_FOR_BURN_WITH_CALLER, type MsgDepositForBurn } from './codec';
import type { BridgeSimulation, EvmContractCall } from '../types';
import { CCTP_TOKEN_MESSENGER, cctpRelayerContract, decodeDepositForBurn, decodeRequestCctpTransfer } from './calldata';
import { cctpSeconds } from './planner';

const ev = (type: string, attrs: Record<string, string>): TxEvent => ({
  type,
  attributes: Object.entries(attrs).map(([key, value]) => ({ key, value })),
});

const revert = (why: string): ExecError => new ExecError(`execution reverted: ${why}`, 1, 'evm');

/** Simulated ms a CCTP crossing takes from `fromChainId` (what routes quote). */
export function cctpDelayMs(fromChainId: string, smartRelay: boolean): number {
  return cctpSeconds(fromChainId, smartRelay) * 1000;
}

/** Noble CCTP: burn USDC from the sender; the relayer mints it on the destination domain. */
const execDepositForBurn: Executor<MsgDepositForBurn> = (ctx, m) => {
  const cctp = ctx.world.cctpChain(ctx.chainId);
  if (ctx.chainId !== ctx.world.bridges.cctp.nobleChainId || !cctp) {
    throw new ExecError(`CCTP is not available on ${ctx.chainId}: unknown request`, 6);
  }
  if (m.burnToken !== cctp.usdcDenom) throw new ExecError(`burn token ${m.burnToken} is not supported: token not supported`, 10, 'cctp');
  const dest = cctpChainByDomain(ctx.world, m.destinationDomain);
  if (!dest || dest.chain.chainId === ctx.chainId) {
    throw new ExecError(`destination domain ${m.destinationDomain} is not a known remote domain: invalid destination domain`, 9, 'cctp');
  }
  ctx.ledger.burn(m.from, m.burnToken, BigInt(m.amount));
  ctx.emitBridge({
    kind: 'cctp_deposit_for_burn',
    bridge: 'CCTP',
    from: m.from,
    amount: m.amount,
    burnToken: m.burnToken,
    destinationDomain: m.destinationDomain,
    mintRecipient: `0x${toHex(m.mintRecipient)}`,
    destinationCaller: m.destinationCaller.length ? `0x${toHex(m.destinationCaller)}` : '',
    destChainId: dest.chain.chainId,
    sourceDenom: m.burnToken,
    destDenom: dest.usdcDenom,
    recipient: recipientFromBytes32(dest.chain, m.mintRecipient),
    // marked smart-relayed when the same tx pays a relay fee (see annotate)
    smartRelay: false,
    expectedDelayMs: cctpDelayMs(ctx.chainId, false),
  });
  ctx.emit(ev('circle.cctp.v1.DepositForBurn', { depositor: m.from, amount: m.amount, burn_token: m.burnToken, destination_domain: String(m.destinationDomain) }));
};

/** The TokenMessenger or the smart-relay contract on an EVM chain. */
function evmBurn(ctx: ExecContext, call: EvmContractCall): string {
  const { world, chainId, ledger } = ctx;
  const from = toChecksumAddress(call.from);
  const cctp = world.cctpChain(chainId);
  if (!cctp) throw revert(`CCTP is not deployed on ${chainId}`);
  const relayed = cctpRelayerContract(chainId).toLowerCase() === call.to.toLowerCase();
  let d: { amount: bigint; destinationDomain: number; mintRecipient: Uint8Array; burnToken: string; fee: bigint };
  try {
    if (relayed) {
      const r = decodeRequestCctpTransfer(call.data);
      d = { amount: r.transferAmount, destinationDomain: r.destinationDomain, mintRecipient: r.mintRecipient, burnToken: r.burnToken, fee: r.feeAmount };
    } else d = { ...decodeDepositForBurn(call.data), fee: 0n };
  } catch (e) {
    throw revert((e as Error).message);
  }
  if (cctp.usdcDenom.toLowerCase() !== d.burnToken.toLowerCase()) throw revert(`burn token ${d.burnToken} is not supported`);
  const dest = cctpChainByDomain(world, d.destinationDomain);
  if (!dest || dest.chain.chainId === chainId) throw revert(`invalid destination domain ${d.destinationDomain}`);
  if (d.amount <= 0n) throw revert('amount must be nonzero');
  // transferFrom(sender, contract, amount + fee): the sender's approval of this contract pays it
  spendAllowance(ctx, cctp.usdcDenom, from, toChecksumAddress(call.to), d.amount + d.fee);
  // the relayer contract keeps its fee (paid on top) and burns the rest through the TokenMessenger
  if (d.fee > 0n) ledger.send(from, toChecksumAddress(call.to), cctp.usdcDenom, d.fee);
  ledger.burn(from, cctp.usdcDenom, d.amount);
  const mintRecipient = `0x${toHex(d.mintRecipient)}`;
  ctx.emitBridge({
    kind: 'cctp_deposit_for_burn',
    bridge: 'CCTP',
    from,
    amount: d.amount.toString(),
    burnToken: cctp.usdcDenom,
    destinationDomain: d.destinationDomain,
    mintRecipient,
    destinationCaller: '',
    destChainId: dest.chain.chainId,
    sourceDenom: cctp.usdcDenom,
    destDenom: dest.usdcDenom,
    recipient: recipientFromBytes32(dest.chain, d.mintRecipient),
    smartRelay: relayed,
    expectedDelayMs: cctpDelayMs(chainId, relayed),
  });
  ctx.emit(ev('DepositForBurn', { depositor: from, amount: d.amount.toString(), burn_token: cctp.usdcDenom, destination_domain: String(d.destinationDomain), mint_recipient: mintRecipient }));
  return '0x';
}

export const cctpSimulation: BridgeSimulation = {
  install(i) {
    const noble = i.world.bridges.cctp.nobleChainId;
    for (const type of [TYPE_MSG_DEPOSIT_FOR_BURN, TYPE_MSG_DEPOSIT_FOR_BURN_WITH_CALLER]) {
      i.registerMsgType(depositForBurnCodec(type) as MsgCodec, execDepositForBurn as Executor, [noble]);
    }
    for (const c of i.world.bridges.cctp.chains) {
      if (i.world.chain(c.chainId)?.chainType !== 'evm') continue;
      const messenger = CCTP_TOKEN_MESSENGER[c.chainId];
      if (messenger) i.registerEvmContract(c.chainId, messenger, evmBurn);
      i.registerEvmContract(c.chainId, cctpRelayerContract(c.chainId), evmBurn);
    }
  },

  annotate(event, tx) {
    // a Noble burn paid for by a fee send in the same tx is smart-relayed (no manual mint wait)
    if (event.kind !== 'cctp_deposit_for_burn' || event.bridge !== 'CCTP' || event.smartRelay) return;
    event.smartRelay = tx.msgs.some(
      (m) => m.typeUrl === TYPE_MSG_SEND && (m.value as MsgSend).toAddress !== tx.signer && (m.value as MsgSend).amount.some((c) => c.denom === event.burnToken),
    );
    event.expectedDelayMs = cctpDelayMs(event.chainId, event.smartRelay);
  },

  steps(transfer) {
    const e = transfer.event;
    return [
      {
        afterMs: e.expectedDelayMs,
        chainId: e.destChainId,
        label: 'cctp_receive_message',
        run(ctx) {
          ctx.ledger.mint(e.recipient, e.destDenom, BigInt(e.amount));
          ctx.emit(ev('circle.cctp.v1.MintAndWithdraw', { mint_recipient: e.recipient, amount: e.amount, denom: e.destDenom, source_chain: e.chainId, source_tx: e.txHash }));
          return { state: 'completed', arrived: { chainId: e.destChainId, denom: e.destDenom, address: e.recipient } };
        },
      },
    ];
  },
};
