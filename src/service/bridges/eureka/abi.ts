/**
 * The slice of the Solidity ABI that Eureka's contracts take: uint256/uint64, address, string
 * and tuples of them (static and dynamic), encoded and decoded by the head/tail rules of the
 * ABI spec (msgs/abi.ts has the words; this adds tuples). Decoding is strict (padding,
 * ranges, offsets inside the data) so that calldata a real contract would reject makes the
 * simulated one revert too.
 */
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { toChecksumAddress } from '../../../chains/addresses';
import { concat, encodeAddress, encodeStringTail, encodeUint, functionSelector } from '../../msgs/abi';

export type AbiType = 'uint256' | 'uint64' | 'address' | 'string' | { tuple: readonly AbiType[] };
export type AbiValue = bigint | string | readonly AbiValue[];

const WORD = 32;

/** `(address,string,…)`: the canonical spelling used in function signatures. */
export function typeName(t: AbiType): string {
  return typeof t === 'string' ? t : `(${t.tuple.map(typeName).join(',')})`;
}

export function signatureOf(name: string, params: readonly AbiType[]): string {
  return `${name}(${params.map(typeName).join(',')})`;
}

/** First four bytes of keccak256(signature), 0x-hex. */
export const selectorOf = functionSelector;

function isDynamic(t: AbiType): boolean {
  return t === 'string' || (typeof t !== 'string' && t.tuple.some(isDynamic));
}

/** Size of a type's head slot: one word, or a static tuple's words inline. */
function headSize(t: AbiType): number {
  if (typeof t !== 'string' && !isDynamic(t)) return t.tuple.reduce((n, m) => n + headSize(m), 0);
  return WORD;
}

function encodeOne(t: AbiType, v: AbiValue): Uint8Array {
  if (t === 'uint256' || t === 'uint64') {
    if (typeof v !== 'bigint') throw new Error(`${t} needs a bigint`);
    return encodeUint(v, t === 'uint256' ? 256 : 64);
  }
  if (t === 'address') {
    if (typeof v !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(v)) throw new Error(`not an address: ${String(v)}`);
    return encodeAddress(v);
  }
  if (t === 'string') {
    if (typeof v !== 'string') throw new Error('string needs a string');
    return encodeStringTail(v);
  }
  if (!Array.isArray(v) || v.length !== t.tuple.length) throw new Error(`tuple ${typeName(t)} needs ${t.tuple.length} values`);
  return encodeSequence(t.tuple, v);
}

/** Heads (values in place, offsets to tails) then tails, offsets counted from the sequence's start. */
function encodeSequence(types: readonly AbiType[], values: readonly AbiValue[]): Uint8Array {
  const heads: Uint8Array[] = [];
  const tails: Uint8Array[] = [];
  let tailAt = types.reduce((n, t) => n + headSize(t), 0);
  types.forEach((t, i) => {
    const enc = encodeOne(t, values[i]!);
    if (isDynamic(t)) {
      heads.push(encodeUint(BigInt(tailAt)));
      tails.push(enc);
      tailAt += enc.length;
    } else heads.push(enc);
  });
  return concat([...heads, ...tails]);
}

export function encodeParams(types: readonly AbiType[], values: readonly AbiValue[]): string {
  return bytesToHex(encodeSequence(types, values));
}

/** Selector + ABI-encoded arguments. */
export function encodeCall(signature: string, types: readonly AbiType[], values: readonly AbiValue[]): string {
  return selectorOf(signature) + encodeParams(types, values);
}

class Reader {
  constructor(private readonly data: Uint8Array) {}

  word(at: number): bigint {
    if (at < 0 || at + WORD > this.data.length) throw new Error(`calldata too short: word at ${at} of ${this.data.length} bytes`);
    return BigInt(`0x${bytesToHex(this.data.slice(at, at + WORD))}`);
  }

  offset(at: number, base: number): number {
    const o = this.word(at);
    if (o > BigInt(this.data.length)) throw new Error(`offset ${o} points outside the calldata`);
    return base + Number(o);
  }

  bytes(at: number, length: number): Uint8Array {
    if (at + length > this.data.length) throw new Error('calldata too short for a string');
    return this.data.slice(at, at + length);
  }
}

function decodeOne(r: Reader, t: AbiType, at: number): AbiValue {
  if (t === 'uint256') return r.word(at);
  if (t === 'uint64') {
    const v = r.word(at);
    if (v >= 1n << 64n) throw new Error(`uint64 out of range: ${v}`);
    return v;
  }
  if (t === 'address') {
    const v = r.word(at);
    if (v >> 160n !== 0n) throw new Error('address word has dirty high bits');
    return toChecksumAddress(v.toString(16).padStart(40, '0'));
  }
  if (t === 'string') {
    const length = r.word(at);
    if (length > 1_000_000n) throw new Error('string too long');
    const bytes = r.bytes(at + WORD, Number(length));
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new Error('string is not valid UTF-8');
    }
  }
  return decodeSequence(r, t.tuple, at);
}

function decodeSequence(r: Reader, types: readonly AbiType[], base: number): AbiValue[] {
  let head = base;
  return types.map((t) => {
    const value = isDynamic(t) ? decodeOne(r, t, r.offset(head, base)) : decodeOne(r, t, head);
    head += headSize(t);
    return value;
  });
}

/** Decodes the arguments of `signature` from calldata; throws (with a reason) when they are not that call. */
export function decodeCall(signature: string, types: readonly AbiType[], data: string): AbiValue[] {
  const hex = data.replace(/^0x/i, '');
  if (!/^[0-9a-fA-F]*$/.test(hex) || hex.length % 2 !== 0) throw new Error('calldata is not hex');
  if (`0x${hex.slice(0, 8).toLowerCase()}` !== selectorOf(signature)) throw new Error(`not ${signature.split('(')[0]} calldata`);
  return decodeSequence(new Reader(hexToBytes(hex.slice(8))), types, 0);
}
