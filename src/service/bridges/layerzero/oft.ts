/**
 * The LayerZero v2 OFT interface as bytes: `send(SendParam, MessagingFee, address)` and
 * `quoteSend(SendParam, bool)` calldata (ABI-encoded by hand in msgs/oft.ts, which Stargate's
 * pools share; here with EIP-55-checked addresses), their return data, the OFT message the
 * endpoint carries (OFTMsgCodec: recipient, amount in shared decimals, optional compose part),
 * the message GUID, and the shared-decimals arithmetic that removes dust.
 *
 *   struct SendParam { uint32 dstEid; bytes32 to; uint256 amountLD; uint256 minAmountLD;
 *                      bytes extraOptions; bytes composeMsg; bytes oftCmd; }
 *   struct MessagingFee { uint256 nativeFee; uint256 lzTokenFee; }
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils.js';
import { checkEvmAddress, toChecksumAddress } from '../../../chains/addresses';
import {
  AbiError,
  AbiReader,
  OFT_QUOTE_SEND_SELECTOR,
  OFT_QUOTE_SEND_SIGNATURE,
  OFT_SEND_SELECTOR,
  OFT_SEND_SIGNATURE,
  SEND_PARAM_TUPLE,
  WORD,
  decodeOftQuoteSend,
  decodeOftSend,
  encodeOftQuoteSend,
  encodeOftSend,
  uintWord,
  type MessagingFee,
  type OftSendCall as SendCall,
  type SendParam,
} from '../../msgs/oft';

export { AbiError, OFT_QUOTE_SEND_SELECTOR, OFT_QUOTE_SEND_SIGNATURE, OFT_SEND_SELECTOR, OFT_SEND_SIGNATURE, SEND_PARAM_TUPLE, type MessagingFee, type SendCall, type SendParam };

// ─────────────────────────────── words ───────────────────────────────

const UINT64_MAX = (1n << 64n) - 1n;

const concat = (parts: readonly Uint8Array[]): Uint8Array => concatBytes(...parts);

/** An EVM address as a left-padded 32-byte word. */
export function addressToBytes32(address: string): Uint8Array {
  if (!checkEvmAddress(address).ok) throw new AbiError(`not an EVM address: ${address}`);
  const out = new Uint8Array(WORD);
  out.set(hexToBytes(address.slice(2)), 12);
  return out;
}

/** The EVM address in a 32-byte word (its last 20 bytes), checksummed. */
export function bytes32ToAddress(word: Uint8Array): string {
  if (word.length !== WORD) throw new AbiError(`bytes32 needs 32 bytes, got ${word.length}`);
  return toChecksumAddress(`0x${bytesToHex(word.slice(12))}`);
}

/** Return data of `words` static words. */
function resultReader(result: string, words: number, what: string): AbiReader {
  const r = new AbiReader(hexToBytes(result.replace(/^0x/i, '')));
  if (r.bytes.length !== words * WORD) throw new AbiError(`${what}, got ${r.bytes.length} bytes`);
  return r;
}

// ─────────────────────────────── calldata ───────────────────────────────

export function encodeSend(c: SendCall): string {
  return encodeOftSend(c, addressToBytes32);
}

export function decodeSend(data: string): SendCall {
  return decodeOftSend(data, 'OFT send');
}

/** `quoteSend(_sendParam, _payInLzToken)` calldata. */
export const encodeQuoteSend = encodeOftQuoteSend;

export function decodeQuoteSend(data: string): { sendParam: SendParam; payInLzToken: boolean } {
  return decodeOftQuoteSend(data, 'OFT quoteSend');
}

/** quoteSend's return data: MessagingFee (two words). */
export function encodeMessagingFee(fee: MessagingFee): string {
  return `0x${bytesToHex(concat([uintWord(fee.nativeFee), uintWord(fee.lzTokenFee)]))}`;
}

export function decodeMessagingFee(result: string): MessagingFee {
  const r = resultReader(result, 2, 'MessagingFee is two words');
  return { nativeFee: r.uint(0, 'nativeFee'), lzTokenFee: r.uint(WORD, 'lzTokenFee') };
}

export interface SendReceipt {
  guid: Uint8Array;
  nonce: bigint;
  fee: MessagingFee;
  amountSentLD: bigint;
  amountReceivedLD: bigint;
}

/** send's return data: (MessagingReceipt(guid, nonce, fee), OFTReceipt(amountSentLD, amountReceivedLD)), six static words. */
export function encodeSendReceipt(s: SendReceipt): string {
  return `0x${bytesToHex(
    concat([s.guid, uintWord(s.nonce, 64), uintWord(s.fee.nativeFee), uintWord(s.fee.lzTokenFee), uintWord(s.amountSentLD), uintWord(s.amountReceivedLD)]),
  )}`;
}

export function decodeSendReceipt(result: string): SendReceipt {
  const r = resultReader(result, 6, 'send returns six words');
  return {
    guid: r.word(0, 'guid'),
    nonce: r.uint(WORD, 'nonce', 64),
    fee: { nativeFee: r.uint(2 * WORD, 'nativeFee'), lzTokenFee: r.uint(3 * WORD, 'lzTokenFee') },
    amountSentLD: r.uint(4 * WORD, 'amountSentLD'),
    amountReceivedLD: r.uint(5 * WORD, 'amountReceivedLD'),
  };
}

// ─────────────────────────────── the OFT message ───────────────────────────────

export interface OftMessage {
  /** 32 bytes: who gets the tokens on the destination. */
  sendTo: Uint8Array;
  /** The amount in shared decimals. */
  amountSD: bigint;
  /** Present when the send composes: the sender on the source (32 bytes) and the app's compose message. */
  compose?: { from: Uint8Array; msg: Uint8Array };
}

/** OFTMsgCodec: sendTo ‖ uint64 amountSD [‖ composeFrom ‖ composeMsg], packed. */
export function encodeOftMessage(m: OftMessage): Uint8Array {
  if (m.sendTo.length !== WORD) throw new AbiError('sendTo needs 32 bytes');
  const amount = hexToBytes(m.amountSD.toString(16).padStart(16, '0'));
  if (m.amountSD < 0n || m.amountSD > UINT64_MAX) throw new AbiError(`amountSD out of uint64 range: ${m.amountSD}`);
  return m.compose ? concat([m.sendTo, amount, m.compose.from, m.compose.msg]) : concat([m.sendTo, amount]);
}

export function decodeOftMessage(bytes: Uint8Array): OftMessage {
  if (bytes.length < 40 || (bytes.length > 40 && bytes.length < 72)) throw new AbiError(`not an OFT message (${bytes.length} bytes)`);
  const m: OftMessage = { sendTo: bytes.slice(0, 32), amountSD: BigInt(`0x${bytesToHex(bytes.slice(32, 40))}`) };
  if (bytes.length > 40) m.compose = { from: bytes.slice(40, 72), msg: bytes.slice(72) };
  return m;
}

/** The message's GUID: keccak256(nonce ‖ srcEid ‖ sender ‖ dstEid ‖ receiver), packed as EndpointV2 does. */
export function messageGuid(nonce: bigint, srcEid: number, sender: string, dstEid: number, receiver: string): Uint8Array {
  const packed = concat([
    hexToBytes(nonce.toString(16).padStart(16, '0')),
    hexToBytes(srcEid.toString(16).padStart(8, '0')),
    addressToBytes32(sender),
    hexToBytes(dstEid.toString(16).padStart(8, '0')),
    addressToBytes32(receiver),
  ]);
  return keccak_256(packed);
}

// ─────────────────────────────── shared decimals ───────────────────────────────

export interface Decimals {
  localDecimals: number;
  sharedDecimals: number;
}

const rate = (d: Decimals): bigint => 10n ** BigInt(d.localDecimals - d.sharedDecimals);

/** The amount an OFT actually sends: `amountLD` without the digits shared decimals cannot carry. */
export function removeDust(amountLD: bigint, d: Decimals): bigint {
  return (amountLD / rate(d)) * rate(d);
}

/** Local decimals to shared; AbiError when the result does not fit the message's uint64. */
export function toSharedDecimals(amountLD: bigint, d: Decimals): bigint {
  const sd = amountLD / rate(d);
  if (sd > UINT64_MAX) throw new AbiError(`amount ${amountLD} overflows the OFT's uint64 shared-decimals amount`);
  return sd;
}

export function toLocalDecimals(amountSD: bigint, d: Decimals): bigint {
  return amountSD * rate(d);
}

export const hex = (b: Uint8Array): string => `0x${bytesToHex(b)}`;
