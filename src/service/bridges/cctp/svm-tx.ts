/**
 * The `svm_tx` of a Solana-source CCTP transfer, and the `fee_payer_address` option that lets
 * someone other than the owner pay its fees (a sponsor): the message is then signed by both.
 */
import { checkAddress, describeAddressProblem } from '../../../chains/addresses';
import { invalidArgument } from '../../http/errors';
import type { World } from '../../world';
import type { Leg } from '../../msgs/path';
import type { BridgeFee } from '../../msgs/read';
import { CCTP_TOKEN_MESSENGER_MINTER_PROGRAM, SPL_TOKEN_PROGRAM, depositForBurnData, encodeSvmTx, localBlockhash, simulatedSvmRelayer, splTransferData, type SvmInstruction } from './svm';

export interface SvmTxJson {
  chain_id: string;
  signer_address: string;
  /** Base64 legacy transaction, signature slots zeroed. */
  tx: string;
}

/**
 * fee_payer_address: absent, empty or `false` (its declared default) means the signer pays;
 * otherwise a base58 address on the Solana chain that signs a transaction of this route.
 */
export function parseFeePayer(world: World, legs: readonly Leg[], raw: unknown): string | undefined {
  if (raw === undefined || raw === null || raw === false || raw === '') return undefined;
  if (typeof raw !== 'string') throw invalidArgument('invalid fee_payer_address: expected a base58 Solana address');
  const svmSource = legs.map((l) => world.chain(l.from)!).find((c) => c.chainType === 'svm');
  if (!svmSource) throw invalidArgument('fee_payer_address applies only to transactions signed on Solana (Solana-source CCTP transfers); this route signs none');
  const check = checkAddress(raw, svmSource);
  if (!check.ok) throw invalidArgument(`invalid fee_payer_address: ${describeAddressProblem(raw, svmSource, check.reason)}`);
  return raw;
}

export interface SvmCctpArgs {
  chainId: string;
  owner: string;
  feePayer: string | undefined;
  amount: bigint;
  destinationDomain: number;
  mintRecipient: Uint8Array;
  /** The USDC mint. */
  burnToken: string;
  relayFee: (BridgeFee & { payTo: string | undefined }) | undefined;
  nowMs: bigint;
  operationIndex: number;
  indices: number[];
}

/** deposit_for_burn of the amount (less a deducted relay fee), preceded by the relay fee's transfer. */
export function svmCctpTx(world: World, a: SvmCctpArgs): { svm_tx: SvmTxJson; operations_indices: number[] } {
  const chain = world.chain(a.chainId)!;
  const fee = a.relayFee;
  const deducted = fee?.behavior === 'FEE_BEHAVIOR_DEDUCTED' ? fee.amount : 0n;
  if (deducted >= a.amount) throw invalidArgument(`operation ${a.operationIndex} (cctp_transfer): the relay fee ${deducted} is not less than the amount ${a.amount}`);
  const feePayer = a.feePayer ?? a.owner;
  const instructions: SvmInstruction[] = [];
  if (fee && fee.amount > 0n) {
    const relayer = fee.payTo ?? simulatedSvmRelayer(a.chainId);
    if (!checkAddress(relayer, chain).ok) {
      throw invalidArgument(`operation ${a.operationIndex} (cctp_transfer): smart_relay_fee_quote's fee payment address ${JSON.stringify(relayer)} is not an address on ${a.chainId}`);
    }
    instructions.push({
      programId: SPL_TOKEN_PROGRAM,
      accounts: [
        { address: a.owner, signer: false, writable: true },
        { address: relayer, signer: false, writable: true },
        { address: a.owner, signer: true, writable: false },
      ],
      data: splTransferData(fee.amount),
    });
  }
  instructions.push({
    programId: CCTP_TOKEN_MESSENGER_MINTER_PROGRAM,
    accounts: [
      { address: a.owner, signer: true, writable: false },
      { address: feePayer, signer: true, writable: true },
      { address: a.owner, signer: false, writable: true },
      { address: a.burnToken, signer: false, writable: true },
    ],
    data: depositForBurnData({ amount: a.amount - deducted, destinationDomain: a.destinationDomain, mintRecipient: a.mintRecipient }),
  });
  const tx = encodeSvmTx({ feePayer, recentBlockhash: localBlockhash(a.chainId, a.nowMs), instructions });
  return { svm_tx: { chain_id: a.chainId, signer_address: a.owner, tx }, operations_indices: a.indices };
}
