/**
 * LayerZero v2's IOFT `send` and `quoteSend`, ABI-encoded by hand both ways: the msgs builder
 * writes the calldata and the simulated contracts decode exactly that. Stargate's pools and
 * every OFT (or OFT adapter) share this interface, so both bridges use this one module. A leaf.
 *
 *   struct SendParam { uint32 dstEid; bytes32 to; uint256 amountLD; uint256 minAmountLD;
 *                      bytes extraOptions; bytes composeMsg; bytes oftCmd; }
 *   struct MessagingFee { uint256 nativeFee; uint256 lzTokenFee; }
 *   send(SendParam, MessagingFee, address refundAddress) payable
 *   quoteSend(SendParam, bool payInLzToken) view returns (MessagingFee)
 */
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { toChecksumAddress } from '../../chains/addresses';
import { concat, encodeStringTail, encodeUint, functionSelector } from './abi';

export const SEND_PARAM_TUPLE = '(uint32,bytes32,uint256,uint256,bytes,bytes,bytes)';
export const OFT_SEND_SIGNATURE = `send(${SEND_PARAM_TUPLE},(uint256,uint256),address)`;
export const OFT_QUOTE_SEND_SIGNATURE = `quoteSend(${SEND_PARAM_TUPLE},bool)`;

export const OFT_SEND_SELECTOR = functionSelector(OFT_SEND_SIGNATURE);
export const OFT_QUOTE_SEND_SELECTOR = functionSelector(OFT_QUOTE_SEND_SIGNATURE);

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

export interface MessagingFee {
  nativeFee: bigint;
  lzTokenFee: bigint;
}

export interface OftSendCall {
  sendParam: SendParam;
  fee: MessagingFee;
  refundAddress: string;
}

/** Malformed calldata or an argument out of range (a simulated contract reverts with it). */
export class AbiError extends Error {
  override name = 'AbiError';
}

export const WORD = 32;

/** A uint word; AbiError when the value does not fit `bits`. */
export function uintWord(value: bigint | number, bits = 256): Uint8Array {
  try {
    return encodeUint(BigInt(value), bits);
  } catch (e) {
    throw new AbiError((e as Error).message);
  }
}

/** Reads ABI words out of calldata with bounds checks; every failure is an AbiError naming what was wrong. */
export class AbiReader {
  constructor(readonly bytes: Uint8Array) {}

  word(at: number, what: string): Uint8Array {
    if (!Number.isSafeInteger(at) || at < 0 || at + WORD > this.bytes.length) throw new AbiError(`calldata too short for ${what}`);
    return this.bytes.slice(at, at + WORD);
  }

  uint(at: number, what: string, bits = 256): bigint {
    const v = BigInt(`0x${bytesToHex(this.word(at, what))}`);
    if (bits < 256 && v >= 1n << BigInt(bits)) throw new AbiError(`${what} is out of range: it does not fit in uint${bits}`);
    return v;
  }

  /** The position a head word points to: its offset from `base`. */
  offset(at: number, base: number, what: string): number {
    const o = this.uint(at, `the offset of ${what}`);
    if (o > BigInt(this.bytes.length)) throw new AbiError(`the offset of ${what} points past the calldata`);
    return base + Number(o);
  }

  /** A `bytes` tail (length word, then the bytes) at `at`. */
  bytesAt(at: number, what: string): Uint8Array {
    const len = this.uint(at, `the length of ${what}`);
    if (BigInt(at + WORD) + len > BigInt(this.bytes.length)) throw new AbiError(`${what} runs past the calldata`);
    return this.bytes.slice(at + WORD, at + WORD + Number(len));
  }

  address(at: number, what: string): string {
    const w = this.word(at, what);
    if (w.subarray(0, 12).some((x) => x !== 0)) throw new AbiError(`${what} is not an address (its upper 12 bytes are not zero)`);
    return toChecksumAddress(`0x${bytesToHex(w.subarray(12))}`);
  }

  bool(at: number, what: string): boolean {
    const v = this.uint(at, what);
    if (v > 1n) throw new AbiError(`${what} is out of range for a bool`);
    return v === 1n;
  }
}

/** The arguments of calldata for `selector`, or an AbiError naming the function it is not. */
export function calldataReader(data: string, selector: string, name: string): AbiReader {
  const hex = data.replace(/^0x/i, '').toLowerCase();
  if (!/^([0-9a-f]{2})*$/.test(hex)) throw new AbiError('calldata is not hex');
  if (`0x${hex.slice(0, 8)}` !== selector) throw new AbiError(`not ${name} calldata (selector 0x${hex.slice(0, 8)})`);
  return new AbiReader(hexToBytes(hex.slice(8)));
}

/** The SendParam tuple (dynamic: its three bytes fields follow its seven head words). */
export function encodeSendParam(p: SendParam): Uint8Array {
  if (p.to.length !== WORD) throw new AbiError(`SendParam.to needs 32 bytes, got ${p.to.length}`);
  const tails = [p.extraOptions, p.composeMsg, p.oftCmd].map((b) => encodeStringTail(b));
  let at = 7 * WORD;
  const offsets = tails.map((t) => {
    const o = uintWord(at);
    at += t.length;
    return o;
  });
  return concat([uintWord(p.dstEid, 32), p.to, uintWord(p.amountLD), uintWord(p.minAmountLD), ...offsets, ...tails]);
}

export function decodeSendParam(r: AbiReader, base: number): SendParam {
  return {
    dstEid: Number(r.uint(base, 'sendParam.dstEid', 32)),
    to: r.word(base + WORD, 'sendParam.to'),
    amountLD: r.uint(base + 2 * WORD, 'sendParam.amountLD'),
    minAmountLD: r.uint(base + 3 * WORD, 'sendParam.minAmountLD'),
    extraOptions: r.bytesAt(r.offset(base + 4 * WORD, base, 'sendParam.extraOptions'), 'sendParam.extraOptions'),
    composeMsg: r.bytesAt(r.offset(base + 5 * WORD, base, 'sendParam.composeMsg'), 'sendParam.composeMsg'),
    oftCmd: r.bytesAt(r.offset(base + 6 * WORD, base, 'sendParam.oftCmd'), 'sendParam.oftCmd'),
  };
}

/**
 * `send(_sendParam, _fee, _refundAddress)` calldata: the SendParam tuple is dynamic, so its head
 * is an offset. `refundWord` is the caller's own address encoding (LayerZero's checks EIP-55).
 */
export function encodeOftSend(c: OftSendCall, refundWord: (address: string) => Uint8Array): string {
  const head = concat([uintWord(4 * WORD), uintWord(c.fee.nativeFee), uintWord(c.fee.lzTokenFee), refundWord(c.refundAddress)]);
  return OFT_SEND_SELECTOR + bytesToHex(concat([head, encodeSendParam(c.sendParam)]));
}

/** `send` calldata back; `name` is how errors call the function (e.g. `OFT send`). */
export function decodeOftSend(data: string, name = 'send'): OftSendCall {
  const r = calldataReader(data, OFT_SEND_SELECTOR, name);
  return {
    sendParam: decodeSendParam(r, r.offset(0, 0, 'sendParam')),
    fee: { nativeFee: r.uint(WORD, 'fee.nativeFee'), lzTokenFee: r.uint(2 * WORD, 'fee.lzTokenFee') },
    refundAddress: r.address(3 * WORD, 'refundAddress'),
  };
}

export function encodeOftQuoteSend(p: SendParam, payInLzToken: boolean): string {
  return OFT_QUOTE_SEND_SELECTOR + bytesToHex(concat([uintWord(2 * WORD), uintWord(payInLzToken ? 1 : 0), encodeSendParam(p)]));
}

export function decodeOftQuoteSend(data: string, name = 'quoteSend'): { sendParam: SendParam; payInLzToken: boolean } {
  const r = calldataReader(data, OFT_QUOTE_SEND_SELECTOR, name);
  return { sendParam: decodeSendParam(r, r.offset(0, 0, 'sendParam')), payInLzToken: r.bool(WORD, 'payInLzToken') };
}
