/**
 * The LayerZero v2 OFT interface as bytes: `send(SendParam, MessagingFee, address)` and
 * `quoteSend(SendParam, bool)` calldata (ABI-encoded by hand, both ways: the msgs builder
 * writes it, the simulated OFT decodes exactly that), their return data, the OFT message the
 * endpoint carries (OFTMsgCodec: recipient, amount in shared decimals, optional compose part),
 * the message GUID, and the shared-decimals arithmetic that removes dust.
 *
 *   struct SendParam { uint32 dstEid; bytes32 to; uint256 amountLD; uint256 minAmountLD;
 *                      bytes extraOptions; bytes composeMsg; bytes oftCmd; }
 *   struct MessagingFee { uint256 nativeFee; uint256 lzTokenFee; }
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { checkEvmAddress, toChecksumAddress } from '../../../chains/addresses';
import { functionSelector } from '../../msgs/abi';

export const SEND_PARAM_TUPLE = '(uint32,bytes32,uint256,uint256,bytes,bytes,bytes)';
export const OFT_SEND_SIGNATURE = `send(${SEND_PARAM_TUPLE},(uint256,uint256),address)`;
export const OFT_QUOTE_SEND_SIGNATURE = `quoteSend(${SEND_PARAM_TUPLE},bool)`;

export const OFT_SEND_SELECTOR = functionSelector(OFT_SEND_SIGNATURE);
export const OFT_QUOTE_SEND_SELECTOR = functionSelector(OFT_QUOTE_SEND_SIGNATURE);

export interface SendParam {
  dstEid: number;
  /** 32 bytes: the recipient, an EVM address left-padded. */
  to: Uint8Array;
  amountLD: bigint;
  minAmountLD: bigint;
  extraOptions: Uint8Array;
  composeMsg: Uint8Array;
  oftCmd: Uint8Array;
}

export interface MessagingFee {
  nativeFee: bigint;
  lzTokenFee: bigint;
}

export interface SendCall {
  sendParam: SendParam;
  fee: MessagingFee;
  refundAddress: string;
}

/** Malformed calldata or an argument out of range (the simulated contract reverts with it). */
export class AbiError extends Error {
  override name = 'AbiError';
}

// ─────────────────────────────── words ───────────────────────────────

const WORD = 32;
const UINT256_MAX = (1n << 256n) - 1n;
const UINT64_MAX = (1n << 64n) - 1n;
const UINT32_MAX = (1n << 32n) - 1n;

function uintWord(value: bigint, max = UINT256_MAX): Uint8Array {
  if (value < 0n || value > max) throw new AbiError(`value out of range: ${value}`);
  return hexToBytes(value.toString(16).padStart(64, '0'));
}

const concat = (parts: readonly Uint8Array[]): Uint8Array => concatBytes(...parts);

/** A `bytes` tail: its length word, then the bytes padded to whole words. */
function bytesTail(b: Uint8Array): Uint8Array {
  const padded = new Uint8Array(Math.ceil(b.length / WORD) * WORD);
  padded.set(b);
  return concat([uintWord(BigInt(b.length)), padded]);
}

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

/** Reads ABI words out of a byte string, checking bounds and the padding Solidity's decoder checks. */
class Reader {
  constructor(readonly bytes: Uint8Array) {}

  word(at: number): Uint8Array {
    if (at < 0 || at + WORD > this.bytes.length) throw new AbiError('calldata too short');
    return this.bytes.slice(at, at + WORD);
  }

  uint(at: number, max = UINT256_MAX): bigint {
    const v = BigInt(`0x${bytesToHex(this.word(at))}`);
    if (v > max) throw new AbiError(`value out of range at byte ${at}`);
    return v;
  }

  address(at: number): string {
    const w = this.word(at);
    if (w.slice(0, 12).some((b) => b !== 0)) throw new AbiError(`not an address at byte ${at}`);
    return bytes32ToAddress(w);
  }

  bool(at: number): boolean {
    const v = this.uint(at, 1n);
    return v === 1n;
  }

  /** A dynamic `bytes` whose head (at `headAt`) holds its offset from `base`. */
  dynamicBytes(base: number, headAt: number): Uint8Array {
    const offset = Number(this.uint(headAt, BigInt(this.bytes.length)));
    const start = base + offset;
    const length = Number(this.uint(start, BigInt(this.bytes.length)));
    if (start + WORD + length > this.bytes.length) throw new AbiError('bytes run past the end of the calldata');
    return this.bytes.slice(start + WORD, start + WORD + length);
  }
}

function argsOf(data: string, selector: string, name: string): Reader {
  const hex = data.replace(/^0x/i, '');
  if (!/^[0-9a-fA-F]*$/.test(hex) || hex.length % 2 !== 0) throw new AbiError('calldata is not hex');
  if (`0x${hex.slice(0, 8).toLowerCase()}` !== selector) throw new AbiError(`not ${name} calldata`);
  return new Reader(hexToBytes(hex.slice(8)));
}

// ─────────────────────────────── SendParam ───────────────────────────────

function encodeSendParam(p: SendParam): Uint8Array {
  if (p.to.length !== WORD) throw new AbiError(`SendParam.to needs 32 bytes, got ${p.to.length}`);
  const tails = [p.extraOptions, p.composeMsg, p.oftCmd].map(bytesTail);
  let at = 7 * WORD;
  const offsets = tails.map((t) => {
    const o = at;
    at += t.length;
    return uintWord(BigInt(o));
  });
  return concat([uintWord(BigInt(p.dstEid), UINT32_MAX), p.to, uintWord(p.amountLD), uintWord(p.minAmountLD), ...offsets, ...tails]);
}

function decodeSendParam(r: Reader, base: number): SendParam {
  return {
    dstEid: Number(r.uint(base, UINT32_MAX)),
    to: r.word(base + WORD),
    amountLD: r.uint(base + 2 * WORD),
    minAmountLD: r.uint(base + 3 * WORD),
    extraOptions: r.dynamicBytes(base, base + 4 * WORD),
    composeMsg: r.dynamicBytes(base, base + 5 * WORD),
    oftCmd: r.dynamicBytes(base, base + 6 * WORD),
  };
}

// ─────────────────────────────── calldata ───────────────────────────────

/** `send(_sendParam, _fee, _refundAddress)` calldata: the SendParam tuple is dynamic, so its head is an offset. */
export function encodeSend(c: SendCall): string {
  const head = concat([uintWord(4n * BigInt(WORD)), uintWord(c.fee.nativeFee), uintWord(c.fee.lzTokenFee), addressToBytes32(c.refundAddress)]);
  return OFT_SEND_SELECTOR + bytesToHex(concat([head, encodeSendParam(c.sendParam)]));
}

export function decodeSend(data: string): SendCall {
  const r = argsOf(data, OFT_SEND_SELECTOR, 'OFT send');
  const base = Number(r.uint(0, BigInt(r.bytes.length)));
  return {
    sendParam: decodeSendParam(r, base),
    fee: { nativeFee: r.uint(WORD), lzTokenFee: r.uint(2 * WORD) },
    refundAddress: r.address(3 * WORD),
  };
}

/** `quoteSend(_sendParam, _payInLzToken)` calldata. */
export function encodeQuoteSend(sendParam: SendParam, payInLzToken: boolean): string {
  return OFT_QUOTE_SEND_SELECTOR + bytesToHex(concat([uintWord(2n * BigInt(WORD)), uintWord(payInLzToken ? 1n : 0n), encodeSendParam(sendParam)]));
}

export function decodeQuoteSend(data: string): { sendParam: SendParam; payInLzToken: boolean } {
  const r = argsOf(data, OFT_QUOTE_SEND_SELECTOR, 'OFT quoteSend');
  const base = Number(r.uint(0, BigInt(r.bytes.length)));
  return { sendParam: decodeSendParam(r, base), payInLzToken: r.bool(WORD) };
}

/** quoteSend's return data: MessagingFee (two words). */
export function encodeMessagingFee(fee: MessagingFee): string {
  return `0x${bytesToHex(concat([uintWord(fee.nativeFee), uintWord(fee.lzTokenFee)]))}`;
}

export function decodeMessagingFee(result: string): MessagingFee {
  const r = new Reader(hexToBytes(result.replace(/^0x/i, '')));
  if (r.bytes.length !== 2 * WORD) throw new AbiError(`MessagingFee is two words, got ${r.bytes.length} bytes`);
  return { nativeFee: r.uint(0), lzTokenFee: r.uint(WORD) };
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
    concat([s.guid, uintWord(s.nonce, UINT64_MAX), uintWord(s.fee.nativeFee), uintWord(s.fee.lzTokenFee), uintWord(s.amountSentLD), uintWord(s.amountReceivedLD)]),
  )}`;
}

export function decodeSendReceipt(result: string): SendReceipt {
  const r = new Reader(hexToBytes(result.replace(/^0x/i, '')));
  if (r.bytes.length !== 6 * WORD) throw new AbiError(`send returns six words, got ${r.bytes.length} bytes`);
  return {
    guid: r.word(0),
    nonce: r.uint(WORD, UINT64_MAX),
    fee: { nativeFee: r.uint(2 * WORD), lzTokenFee: r.uint(3 * WORD) },
    amountSentLD: r.uint(4 * WORD),
    amountReceivedLD: r.uint(5 * WORD),
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
