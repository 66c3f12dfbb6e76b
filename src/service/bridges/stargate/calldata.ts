/**
 * The Stargate v2 pool's ABI (IStargate extends LayerZero's IOFT), encoded and decoded by
 * hand like the rest of the service:
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
import { toChecksumAddress } from '../../../chains/addresses';
import { concat as join, encodeAddress as addressToBytes32, encodeStringTail as bytesTail, encodeUint, functionSelector as selectorOf } from '../../msgs/abi';

export { addressToBytes32 };

const SEND_PARAM = '(uint32,bytes32,uint256,uint256,bytes,bytes,bytes)';
export const SEND_SIGNATURE = `send(${SEND_PARAM},(uint256,uint256),address)`;
export const QUOTE_SEND_SIGNATURE = `quoteSend(${SEND_PARAM},bool)`;
/** Pays out tokens a failed delivery left cached in the destination pool (anyone may call it). */
export const RETRY_RECEIVE_TOKEN_SIGNATURE = 'retryReceiveToken(bytes32,uint8,uint32,address,uint256,bytes)';

export const SEND_SELECTOR = selectorOf(SEND_SIGNATURE);
export const QUOTE_SEND_SELECTOR = selectorOf(QUOTE_SEND_SIGNATURE);
export const RETRY_RECEIVE_TOKEN_SELECTOR = selectorOf(RETRY_RECEIVE_TOKEN_SIGNATURE);

export interface SendParam {
  dstEid: number;
  /** The receiver as 32 bytes (an EVM address left-padded with zeros). */
  to: Uint8Array;
  amountLD: bigint;
  minAmountLD: bigint;
  extraOptions: Uint8Array;
  composeMsg: Uint8Array;
  oftCmd: Uint8Array;
}

export interface SendCall {
  sendParam: SendParam;
  nativeFee: bigint;
  lzTokenFee: bigint;
  refundAddress: string;
}

const WORD = 32;

const uintWord = (value: bigint | number, bits = 256): Uint8Array => encodeUint(BigInt(value), bits);

/** The SendParam tuple (dynamic: its three bytes fields follow its seven head words). */
function encodeSendParam(p: SendParam): Uint8Array {
  if (p.to.length !== WORD) throw new RangeError(`SendParam.to needs 32 bytes, got ${p.to.length}`);
  const tails = [p.extraOptions, p.composeMsg, p.oftCmd].map(bytesTail);
  let offset = 7 * WORD;
  const offsets = tails.map((t) => {
    const o = uintWord(offset);
    offset += t.length;
    return o;
  });
  return join([uintWord(p.dstEid, 32), p.to, uintWord(p.amountLD), uintWord(p.minAmountLD), ...offsets, ...tails]);
}

export function encodeSend(c: SendCall): string {
  const param = encodeSendParam(c.sendParam);
  const head = join([uintWord(4 * WORD), uintWord(c.nativeFee), uintWord(c.lzTokenFee), addressToBytes32(c.refundAddress)]);
  return SEND_SELECTOR + bytesToHex(join([head, param]));
}

export function encodeQuoteSend(p: SendParam, payInLzToken: boolean): string {
  return QUOTE_SEND_SELECTOR + bytesToHex(join([uintWord(2 * WORD), uintWord(payInLzToken ? 1 : 0), encodeSendParam(p)]));
}

// ─────────────────────────────── decoding ───────────────────────────────

/** Reads ABI words out of calldata with bounds checks; every failure names what was wrong. */
class Reader {
  constructor(private readonly b: Uint8Array) {}

  word(at: number, what: string): Uint8Array {
    if (!Number.isSafeInteger(at) || at < 0 || at + WORD > this.b.length) throw new Error(`calldata too short for ${what}`);
    return this.b.subarray(at, at + WORD);
  }

  uint(at: number, what: string, bits = 256): bigint {
    const v = BigInt(`0x${bytesToHex(this.word(at, what))}`);
    if (bits < 256 && v >= 1n << BigInt(bits)) throw new Error(`${what} does not fit in uint${bits}`);
    return v;
  }

  offset(at: number, base: number, what: string): number {
    const o = this.uint(at, `the offset of ${what}`);
    if (o > BigInt(this.b.length)) throw new Error(`the offset of ${what} points past the calldata`);
    return base + Number(o);
  }

  bytes(at: number, what: string): Uint8Array {
    const len = this.uint(at, `the length of ${what}`);
    if (BigInt(at + WORD) + len > BigInt(this.b.length)) throw new Error(`${what} runs past the calldata`);
    return this.b.slice(at + WORD, at + WORD + Number(len));
  }

  address(at: number, what: string): string {
    const w = this.word(at, what);
    if (w.subarray(0, 12).some((x) => x !== 0)) throw new Error(`${what} is not an address (its upper 12 bytes are not zero)`);
    return toChecksumAddress(`0x${bytesToHex(w.subarray(12))}`);
  }

  bool(at: number, what: string): boolean {
    const v = this.uint(at, what);
    if (v > 1n) throw new Error(`${what} is not a bool`);
    return v === 1n;
  }
}

function body(data: string, selector: string, name: string): Reader {
  const hex = data.toLowerCase();
  if (!hex.startsWith(selector)) throw new Error(`calldata is not ${name} (selector ${hex.slice(0, 10)})`);
  const rest = hex.slice(10);
  if (!/^([0-9a-f]{2})*$/.test(rest)) throw new Error('calldata is not hex');
  return new Reader(hexToBytes(rest));
}

function decodeSendParam(r: Reader, base: number): SendParam {
  return {
    dstEid: Number(r.uint(base, 'sendParam.dstEid', 32)),
    to: r.word(base + WORD, 'sendParam.to').slice(),
    amountLD: r.uint(base + 2 * WORD, 'sendParam.amountLD'),
    minAmountLD: r.uint(base + 3 * WORD, 'sendParam.minAmountLD'),
    extraOptions: r.bytes(r.offset(base + 4 * WORD, base, 'sendParam.extraOptions'), 'sendParam.extraOptions'),
    composeMsg: r.bytes(r.offset(base + 5 * WORD, base, 'sendParam.composeMsg'), 'sendParam.composeMsg'),
    oftCmd: r.bytes(r.offset(base + 6 * WORD, base, 'sendParam.oftCmd'), 'sendParam.oftCmd'),
  };
}

export function decodeSend(data: string): SendCall {
  const r = body(data, SEND_SELECTOR, 'send');
  return {
    sendParam: decodeSendParam(r, r.offset(0, 0, 'sendParam')),
    nativeFee: r.uint(WORD, 'fee.nativeFee'),
    lzTokenFee: r.uint(2 * WORD, 'fee.lzTokenFee'),
    refundAddress: r.address(3 * WORD, 'refundAddress'),
  };
}

export function decodeQuoteSend(data: string): { sendParam: SendParam; payInLzToken: boolean } {
  const r = body(data, QUOTE_SEND_SELECTOR, 'quoteSend');
  return { sendParam: decodeSendParam(r, r.offset(0, 0, 'sendParam')), payInLzToken: r.bool(WORD, 'payInLzToken') };
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
  const r = body(data, RETRY_RECEIVE_TOKEN_SELECTOR, 'retryReceiveToken');
  return {
    guid: `0x${bytesToHex(r.word(0, 'guid'))}`,
    index: Number(r.uint(WORD, 'index', 8)),
    srcEid: Number(r.uint(2 * WORD, 'srcEid', 32)),
    to: r.address(3 * WORD, 'to'),
    amountLD: r.uint(4 * WORD, 'amountLD'),
    composeMsg: r.bytes(r.offset(5 * WORD, 0, 'composeMsg'), 'composeMsg'),
  };
}

/** The EVM address in a SendParam's `to`, or an error when the upper 12 bytes are not zero. */
export function bytes32ToAddress(to: Uint8Array): string {
  return new Reader(to).address(0, 'sendParam.to');
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
