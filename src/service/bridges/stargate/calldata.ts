/**
 * The Stargate v2 pool's ABI (IStargate extends LayerZero's IOFT), encoded and decoded by
 * hand like the rest of the service; send and quoteSend are IOFT's own (msgs/oft.ts):
 *   send((uint32 dstEid, bytes32 to, uint256 amountLD, uint256 minAmountLD, bytes extraOptions,
 *         bytes composeMsg, bytes oftCmd) sendParam, (uint256 nativeFee, uint256 lzTokenFee) fee,
 *        address refundAddress) payable
 *   quoteSend(SendParam, bool payInLzToken) view returns (MessagingFee)
 * An empty oftCmd asks for a taxi (the message leaves at once); a one-byte oftCmd rides the bus.
 * The LayerZero GUID of a message is keccak256(nonce ‖ srcEid ‖ sender ‖ dstEid ‖ receiver),
 * packed, with sender and receiver the two chains' TokenMessaging contracts as bytes32.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { concat as join, encodeAddress as addressToBytes32, encodeStringTail as bytesTail, functionSelector as selectorOf } from '../../msgs/abi';
import {
  AbiReader,
  OFT_QUOTE_SEND_SELECTOR,
  OFT_QUOTE_SEND_SIGNATURE,
  OFT_SEND_SELECTOR,
  OFT_SEND_SIGNATURE,
  WORD,
  calldataReader,
  decodeOftQuoteSend,
  decodeOftSend,
  encodeOftQuoteSend,
  encodeOftSend,
  uintWord,
  type SendParam,
} from '../../msgs/oft';

export { addressToBytes32, type SendParam };

export const SEND_SIGNATURE = OFT_SEND_SIGNATURE;
export const QUOTE_SEND_SIGNATURE = OFT_QUOTE_SEND_SIGNATURE;
/** Pays out tokens a failed delivery left cached in the destination pool (anyone may call it). */
export const RETRY_RECEIVE_TOKEN_SIGNATURE = 'retryReceiveToken(bytes32,uint8,uint32,address,uint256,bytes)';

export const SEND_SELECTOR = OFT_SEND_SELECTOR;
export const QUOTE_SEND_SELECTOR = OFT_QUOTE_SEND_SELECTOR;
export const RETRY_RECEIVE_TOKEN_SELECTOR = selectorOf(RETRY_RECEIVE_TOKEN_SIGNATURE);

/** A pool's send, with the messaging fee's two fields flat. */
export interface SendCall {
  sendParam: SendParam;
  nativeFee: bigint;
  lzTokenFee: bigint;
  refundAddress: string;
}

export function encodeSend(c: SendCall): string {
  return encodeOftSend({ sendParam: c.sendParam, fee: { nativeFee: c.nativeFee, lzTokenFee: c.lzTokenFee }, refundAddress: c.refundAddress }, addressToBytes32);
}

export const encodeQuoteSend = encodeOftQuoteSend;

// ─────────────────────────────── decoding ───────────────────────────────

export function decodeSend(data: string): SendCall {
  const { sendParam, fee, refundAddress } = decodeOftSend(data);
  return { sendParam, nativeFee: fee.nativeFee, lzTokenFee: fee.lzTokenFee, refundAddress };
}

export function decodeQuoteSend(data: string): { sendParam: SendParam; payInLzToken: boolean } {
  return decodeOftQuoteSend(data);
}

export interface RetryReceiveToken {
  guid: string;
  index: number;
  srcEid: number;
  to: string;
  amountLD: bigint;
  composeMsg: Uint8Array;
}

export function encodeRetryReceiveToken(r: RetryReceiveToken): string {
  const guid = hexToBytes(r.guid.replace(/^0x/, ''));
  if (guid.length !== WORD) throw new RangeError('guid needs 32 bytes');
  const head = join([guid, uintWord(r.index, 8), uintWord(r.srcEid, 32), addressToBytes32(r.to), uintWord(r.amountLD), uintWord(6 * WORD)]);
  return RETRY_RECEIVE_TOKEN_SELECTOR + bytesToHex(join([head, bytesTail(r.composeMsg)]));
}

export function decodeRetryReceiveToken(data: string): RetryReceiveToken {
  const r = calldataReader(data, RETRY_RECEIVE_TOKEN_SELECTOR, 'retryReceiveToken');
  return {
    guid: `0x${bytesToHex(r.word(0, 'guid'))}`,
    index: Number(r.uint(WORD, 'index', 8)),
    srcEid: Number(r.uint(2 * WORD, 'srcEid', 32)),
    to: r.address(3 * WORD, 'to'),
    amountLD: r.uint(4 * WORD, 'amountLD'),
    composeMsg: r.bytesAt(r.offset(5 * WORD, 0, 'composeMsg'), 'composeMsg'),
  };
}

/** The EVM address in a SendParam's `to`, or an error when the upper 12 bytes are not zero. */
export function bytes32ToAddress(to: Uint8Array): string {
  return new AbiReader(to).address(0, 'sendParam.to');
}

// ─────────────────────────────── return data and ids ───────────────────────────────

/** send()'s return: (MessagingReceipt(guid, nonce, MessagingFee), OFTReceipt(amountSentLD, amountReceivedLD)). */
export function encodeSendResult(r: { guid: string; nonce: bigint; nativeFee: bigint; lzTokenFee: bigint; amountSentLD: bigint; amountReceivedLD: bigint }): string {
  const guid = hexToBytes(r.guid.replace(/^0x/, ''));
  if (guid.length !== WORD) throw new RangeError('guid needs 32 bytes');
  return `0x${bytesToHex(join([guid, uintWord(r.nonce, 64), uintWord(r.nativeFee), uintWord(r.lzTokenFee), uintWord(r.amountSentLD), uintWord(r.amountReceivedLD)]))}`;
}

/** quoteSend()'s return: MessagingFee(nativeFee, lzTokenFee). */
export function encodeMessagingFee(nativeFee: bigint, lzTokenFee: bigint): string {
  return `0x${bytesToHex(join([uintWord(nativeFee), uintWord(lzTokenFee)]))}`;
}

/** LayerZero v2's message GUID (0x-hex). */
export function layerZeroGuid(m: { nonce: bigint; srcEid: number; sender: string; dstEid: number; receiver: string }): string {
  const packed = join([
    uintWord(m.nonce, 64).subarray(WORD - 8),
    uintWord(m.srcEid, 32).subarray(WORD - 4),
    addressToBytes32(m.sender),
    uintWord(m.dstEid, 32).subarray(WORD - 4),
    addressToBytes32(m.receiver),
  ]);
  return `0x${bytesToHex(keccak_256(packed))}`;
}
