/**
 * CCTP's EVM calldata: Circle's TokenMessenger.depositForBurn (the public mainnet deployments)
 * and the smart-relay contract's requestCCTPTransfer, encoded and decoded.
 */
import { hexToBytes } from '@noble/hashes/utils.js';
import { leftPad32, toChecksumAddress } from '../../../chains/addresses';
import { calldata, encodeAddress, encodeBytes32, encodeUint, functionSelector, splitCalldata } from '../../msgs/abi';

export { CCTP_TOKEN_MESSENGERS as CCTP_TOKEN_MESSENGER } from '../../../chains/bridge-contracts';

export const DEPOSIT_FOR_BURN_SIGNATURE = 'depositForBurn(uint256,uint32,bytes32,address)';
/**
 * The smart-relay CCTP contract (simulated, like the swap entry points): pulls
 * transferAmount + feeAmount of burnToken from the sender, keeps the fee for the relayer and
 * burns transferAmount through the TokenMessenger. The real API fronts CCTP with a relayer
 * contract of this shape so the relay fee is paid in the same EVM transaction.
 */
export const REQUEST_CCTP_TRANSFER_SIGNATURE = 'requestCCTPTransfer(uint256,uint32,bytes32,address,uint256)';

/** `depositForBurn(amount, destinationDomain, mintRecipient, burnToken)` calldata. */
export function depositForBurnCalldata(args: {
  amount: bigint;
  destinationDomain: number;
  /** 32 bytes: the recipient's address bytes, left-padded. */
  mintRecipient: Uint8Array;
  burnToken: string;
}): string {
  return calldata(DEPOSIT_FOR_BURN_SIGNATURE, [
    encodeUint(args.amount),
    encodeUint(BigInt(args.destinationDomain), 32),
    encodeBytes32(args.mintRecipient),
    encodeAddress(args.burnToken),
  ]);
}

/** The simulated smart-relay CCTP contract on an EVM chain (shared with Courier's verification). */
export { simulatedCctpRelayerContract as cctpRelayerContract } from '../../../chains/bridge-contracts';

/** `requestCCTPTransfer(transferAmount, destinationDomain, mintRecipient, burnToken, feeAmount)` calldata. */
export function requestCctpTransferCalldata(args: {
  transferAmount: bigint;
  destinationDomain: number;
  mintRecipient: Uint8Array;
  burnToken: string;
  feeAmount: bigint;
}): string {
  return calldata(REQUEST_CCTP_TRANSFER_SIGNATURE, [
    encodeUint(args.transferAmount),
    encodeUint(BigInt(args.destinationDomain), 32),
    encodeBytes32(args.mintRecipient),
    encodeAddress(args.burnToken),
    encodeUint(args.feeAmount),
  ]);
}

/** Decodes depositForBurn calldata back into its arguments (the simulator executes EVM txs with this). */
export function decodeDepositForBurn(data: string): {
  amount: bigint;
  destinationDomain: number;
  mintRecipient: Uint8Array;
  burnToken: string;
} {
  const { selector, words } = splitCalldata(data);
  if (selector !== functionSelector(DEPOSIT_FOR_BURN_SIGNATURE) || words.length !== 4) {
    throw new Error('not depositForBurn calldata');
  }
  return {
    amount: BigInt(`0x${words[0]}`),
    destinationDomain: Number(BigInt(`0x${words[1]}`)),
    mintRecipient: hexToBytes(words[2]!),
    burnToken: toChecksumAddress(words[3]!.slice(24)),
  };
}

/** Decodes requestCCTPTransfer calldata. */
export function decodeRequestCctpTransfer(data: string): {
  transferAmount: bigint;
  destinationDomain: number;
  mintRecipient: Uint8Array;
  burnToken: string;
  feeAmount: bigint;
} {
  const { selector, words } = splitCalldata(data);
  if (selector !== functionSelector(REQUEST_CCTP_TRANSFER_SIGNATURE) || words.length !== 5) {
    throw new Error('not requestCCTPTransfer calldata');
  }
  return {
    transferAmount: BigInt(`0x${words[0]}`),
    destinationDomain: Number(BigInt(`0x${words[1]}`)),
    mintRecipient: hexToBytes(words[2]!),
    burnToken: toChecksumAddress(words[3]!.slice(24)),
    feeAmount: BigInt(`0x${words[4]}`),
  };
}

