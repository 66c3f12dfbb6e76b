/**
 * Just enough RLP for signed EVM transactions: decode a byte string or a list (strictly, so
 * trailing or truncated bytes are an error) and encode one back, to rebuild the payload a
 * signature covers. Every malformed input returns undefined, never a throw.
 */
import { concatBytes } from '@noble/hashes/utils.js';

export type RlpItem = Uint8Array | RlpItem[];

/** The item encoded at the start of `bytes`, and where it ends; undefined if malformed. */
function readItem(bytes: Uint8Array, at: number): { item: RlpItem; end: number } | undefined {
  const lead = bytes[at];
  if (lead === undefined) return undefined;
  if (lead < 0x80) return { item: bytes.subarray(at, at + 1), end: at + 1 };
  const isList = lead >= 0xc0;
  const base = isList ? 0xc0 : 0x80;
  let length: number;
  let start: number;
  if (lead - base <= 55) {
    length = lead - base;
    start = at + 1;
  } else {
    const size = lead - base - 55;
    if (size > 4 || at + 1 + size > bytes.length || bytes[at + 1] === 0) return undefined;
    length = 0;
    for (let i = 0; i < size; i++) length = length * 256 + bytes[at + 1 + i]!;
    if (length <= 55) return undefined;
    start = at + 1 + size;
  }
  const end = start + length;
  if (end > bytes.length) return undefined;
  if (!isList) return { item: bytes.subarray(start, end), end };
  const items: RlpItem[] = [];
  let pos = start;
  while (pos < end) {
    const next = readItem(bytes, pos);
    if (!next || next.end > end) return undefined;
    items.push(next.item);
    pos = next.end;
  }
  return { item: items, end };
}

/** Exactly one item filling all of `bytes`. */
export function rlpDecode(bytes: Uint8Array): RlpItem | undefined {
  const read = readItem(bytes, 0);
  return read && read.end === bytes.length ? read.item : undefined;
}

function lengthPrefix(length: number, base: number): Uint8Array {
  if (length <= 55) return Uint8Array.of(base + length);
  const size: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) size.unshift(n % 256);
  return Uint8Array.of(base + 55 + size.length, ...size);
}

export function rlpEncode(item: RlpItem): Uint8Array {
  if (item instanceof Uint8Array) {
    if (item.length === 1 && item[0]! < 0x80) return item;
    return concatBytes(lengthPrefix(item.length, 0x80), item);
  }
  const body = concatBytes(...item.map(rlpEncode));
  return concatBytes(lengthPrefix(body.length, 0xc0), body);
}
