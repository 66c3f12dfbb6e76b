/**
 * Small readers the bridge decoders share: JSON values, hex, and raw ABI words and strings for
 * layouts abi.ts does not describe (tuples). Every malformed input comes back undefined.
 */
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

export type Obj = Record<string, unknown>;
export const obj = (v: unknown): Obj | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined);
export const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** `0x`-prefixed (or bare) hex of an even length as bytes. */
export function hexBytes(hex: string | undefined): Uint8Array | undefined {
  const body = hex?.replace(/^0x/i, '');
  return body !== undefined && body.length % 2 === 0 && /^[0-9a-fA-F]*$/.test(body) ? hexToBytes(body) : undefined;
}

export const hexOf = (bytes: Uint8Array): string => `0x${bytesToHex(bytes)}`;

/** Calldata arguments (after the selector) read word by word; offsets are byte positions. */
export class AbiWords {
  private constructor(private readonly args: Uint8Array) {}

  static of(data: string): AbiWords | undefined {
    const bytes = hexBytes(data);
    return bytes && bytes.length >= 4 ? new AbiWords(bytes.subarray(4)) : undefined;
  }

  uint(at: number, bits = 256): bigint | undefined {
    if (at < 0 || at + 32 > this.args.length) return undefined;
    const v = BigInt(`0x${bytesToHex(this.args.subarray(at, at + 32))}`);
    return v >> BigInt(bits) === 0n ? v : undefined;
  }

  /** The raw 32 bytes at `at` (a bytes32 value). */
  word(at: number): Uint8Array | undefined {
    return at < 0 || at + 32 > this.args.length ? undefined : this.args.slice(at, at + 32);
  }

  address(at: number): string | undefined {
    const v = this.uint(at, 160);
    return v === undefined ? undefined : `0x${v.toString(16).padStart(40, '0')}`;
  }

  /** The start of a dynamic value whose offset (from `base`) is the word at `at`. */
  offset(at: number, base: number): number | undefined {
    const o = this.uint(at, 32);
    return o === undefined || base + Number(o) > this.args.length ? undefined : base + Number(o);
  }

  bytes(at: number | undefined): Uint8Array | undefined {
    const length = at === undefined ? undefined : this.uint(at, 32);
    if (at === undefined || length === undefined || at + 32 + Number(length) > this.args.length) return undefined;
    return this.args.slice(at + 32, at + 32 + Number(length));
  }

  string(at: number | undefined): string | undefined {
    const bytes = this.bytes(at);
    if (!bytes) return undefined;
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return undefined;
    }
  }
}
