/**
 * What a warp transfer puts on the wire between mailboxes, and the EVM side of it.
 *
 * - The Hyperlane message (Message.sol / util.HyperlaneMessage): version (uint8, 3), nonce
 *   (uint32), origin domain (uint32), sender (bytes32: the origin router), destination domain
 *   (uint32), recipient (bytes32: the destination router), body; its id is keccak256 of those
 *   bytes. The warp body (TokenMessage / WarpPayload) is the recipient (bytes32) then the
 *   amount (uint256).
 * - Addresses as 32 bytes: an EVM address or a 20-byte Cosmos account is left-padded with
 *   zeros; on arrival a zero-padded recipient is read back as a 20-byte account (hyperlane-cosmos
 *   WarpPayload.GetCosmosAccount), anything else as a 32-byte one.
 * - TokenRouter.transferRemote(uint32 destination, bytes32 recipient, uint256 amount), payable:
 *   the value pays the interchain gas; HypERC20 (synthetic) burns the sender's tokens.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils.js';
import { addressBytes, encodeBech32, leftPad32, toChecksumAddress, type AddressChain } from '../../../chains/addresses';
import { encodeBytes32, encodeUint, functionSelector } from '../../msgs/abi';

export const HYPERLANE_MESSAGE_VERSION = 3;

export const TRANSFER_REMOTE_SIGNATURE = 'transferRemote(uint32,bytes32,uint256)';
export const TRANSFER_REMOTE_SELECTOR = functionSelector(TRANSFER_REMOTE_SIGNATURE);

/** 32-byte Hyperlane form of an address on `chain` (throws on an invalid address). */
export function addressToBytes32(address: string, chain: AddressChain): Uint8Array {
  return leftPad32(addressBytes(address, chain));
}

/** `0x` + 64 lowercase hex digits: how the Cosmos module writes a HexAddress. */
export function toHexAddress(bytes: Uint8Array): string {
  if (bytes.length !== 32) throw new Error(`a Hyperlane address is 32 bytes, got ${bytes.length}`);
  return `0x${bytesToHex(bytes)}`;
}

export function fromHexAddress(text: string): Uint8Array {
  if (!/^0x[0-9a-fA-F]{64}$/.test(text)) throw new Error(`${JSON.stringify(text)} is not a 32-byte hex address`);
  return hexToBytes(text.slice(2).toLowerCase());
}

const isZeroPadded = (b: Uint8Array): boolean => b.slice(0, 12).every((x) => x === 0);

/** The address a 32-byte recipient names on `chain` (checksummed EVM, or bech32). */
export function bytes32ToAddress(bytes: Uint8Array, chain: { chainType: 'cosmos' | 'evm' | 'svm'; bech32Prefix: string }): string {
  if (bytes.length !== 32) throw new Error(`a Hyperlane recipient is 32 bytes, got ${bytes.length}`);
  switch (chain.chainType) {
    case 'evm':
      if (!isZeroPadded(bytes)) throw new Error(`0x${bytesToHex(bytes)} is not an EVM address (its first 12 bytes are not zero)`);
      return toChecksumAddress(`0x${bytesToHex(bytes.slice(12))}`);
    case 'cosmos':
      return encodeBech32(chain.bech32Prefix, isZeroPadded(bytes) ? bytes.slice(12) : bytes);
    case 'svm':
      throw new Error('the local service has no Hyperlane route to an SVM chain');
  }
}

function u32(n: number): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n);
  return b;
}

/** The warp transfer body: recipient (bytes32) ‖ amount (uint256). */
export function warpBody(recipient: Uint8Array, amount: bigint): Uint8Array {
  const out = new Uint8Array(64);
  out.set(encodeBytes32(recipient), 0);
  out.set(encodeUint(amount), 32);
  return out;
}

export function parseWarpBody(body: Uint8Array): { recipient: Uint8Array; amount: bigint } {
  if (body.length < 64) throw new Error('warp payload is shorter than 64 bytes');
  return { recipient: body.slice(0, 32), amount: BigInt(`0x${bytesToHex(body.slice(32, 64))}`) };
}

export interface HyperlaneMessage {
  nonce: number;
  origin: number;
  sender: Uint8Array;
  destination: number;
  recipient: Uint8Array;
  body: Uint8Array;
}

export function encodeMessage(m: HyperlaneMessage): Uint8Array {
  return concatBytes(Uint8Array.of(HYPERLANE_MESSAGE_VERSION), u32(m.nonce), u32(m.origin), encodeBytes32(m.sender), u32(m.destination), encodeBytes32(m.recipient), m.body);
}

/** The message id the mailboxes and explorers know a message by: keccak256 of its bytes. */
export function messageId(m: HyperlaneMessage): string {
  return `0x${bytesToHex(keccak_256(encodeMessage(m)))}`;
}

/** `transferRemote(destination, recipient, amount)` calldata. */
export function transferRemoteCalldata(args: { destination: number; recipient: Uint8Array; amount: bigint }): string {
  return TRANSFER_REMOTE_SELECTOR + bytesToHex(encodeUint(BigInt(args.destination), 32)) + bytesToHex(encodeBytes32(args.recipient)) + bytesToHex(encodeUint(args.amount));
}

/** Reads transferRemote calldata; throws saying what is wrong with it. */
export function decodeTransferRemote(data: string): { destination: number; recipient: Uint8Array; amount: bigint } {
  const hex = data.replace(/^0x/i, '').toLowerCase();
  if (`0x${hex.slice(0, 8)}` !== TRANSFER_REMOTE_SELECTOR) throw new Error(`function selector 0x${hex.slice(0, 8)} is not ${TRANSFER_REMOTE_SIGNATURE}`);
  if (!/^[0-9a-f]*$/.test(hex) || hex.length < 8 + 3 * 64) throw new Error(`${TRANSFER_REMOTE_SIGNATURE}: calldata too short`);
  const word = (i: number): string => hex.slice(8 + i * 64, 8 + (i + 1) * 64);
  const destination = BigInt(`0x${word(0)}`);
  if (destination > 0xffffffffn) throw new Error(`${TRANSFER_REMOTE_SIGNATURE}: destination does not fit a uint32`);
  return { destination: Number(destination), recipient: hexToBytes(word(1)), amount: BigInt(`0x${word(2)}`) };
}
