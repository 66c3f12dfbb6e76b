/**
 * Solidity ABI encoding and decoding by hand (no ethers/viem in the service): the words,
 * dynamic tails and selectors every bridge's calldata is made of. A leaf module.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { evmAddressBytes, leftPad32 } from '../../chains/addresses';

/** First 4 bytes of keccak256 of a function signature, as 0x-hex. */
export function functionSelector(signature: string): string {
  return `0x${bytesToHex(keccak_256(utf8ToBytes(signature)).slice(0, 4))}`;
}

const UINT256_MAX = (1n << 256n) - 1n;

export function encodeUint(value: bigint, bits = 256): Uint8Array {
  if (value < 0n || value > (bits === 256 ? UINT256_MAX : (1n << BigInt(bits)) - 1n)) {
    throw new Error(`uint${bits} out of range: ${value}`);
  }
  return hexToBytes(value.toString(16).padStart(64, '0'));
}

export function encodeAddress(address: string): Uint8Array {
  return leftPad32(evmAddressBytes(address));
}

export function encodeBytes32(bytes: Uint8Array): Uint8Array {
  if (bytes.length !== 32) throw new Error(`bytes32 needs 32 bytes, got ${bytes.length}`);
  return bytes;
}

/** A dynamic `string`/`bytes` tail: its length word, then the bytes padded to a whole word. */
export function encodeStringTail(text: string | Uint8Array): Uint8Array {
  const data = typeof text === 'string' ? utf8ToBytes(text) : text;
  const padded = new Uint8Array(Math.ceil(data.length / 32) * 32);
  padded.set(data);
  return concat([encodeUint(BigInt(data.length)), padded]);
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function calldata(signature: string, words: readonly Uint8Array[]): string {
  return functionSelector(signature) + bytesToHex(concat(words));
}

/**
 * ABI-encodes arguments where each is dynamic (string/bytes: encoded as a tail) or a uint256
 * word in place: heads hold offsets (from the start of the arguments) to the tails, in order.
 */
export function encodeArgs(args: readonly (string | Uint8Array | bigint)[]): Uint8Array[] {
  const tails = args.filter((a): a is string | Uint8Array => typeof a !== 'bigint').map(encodeStringTail);
  const heads: Uint8Array[] = [];
  let at = args.length * 32;
  let t = 0;
  for (const a of args) {
    if (typeof a === 'bigint') {
      heads.push(encodeUint(a));
    } else {
      heads.push(encodeUint(BigInt(at)));
      at += tails[t]!.length;
      t += 1;
    }
  }
  return [...heads, ...tails];
}

/** Splits calldata into its selector and 32-byte words (tests, debugging, the simulator). */
export function splitCalldata(data: string): { selector: string; words: string[] } {
  const hex = data.replace(/^0x/, '');
  if (hex.length < 8 || (hex.length - 8) % 64 !== 0) throw new Error('calldata is not a selector plus whole words');
  const words: string[] = [];
  for (let i = 8; i < hex.length; i += 64) words.push(hex.slice(i, i + 64));
  return { selector: `0x${hex.slice(0, 8)}`, words };
}

/** Reads the ABI arguments of calldata whose types are 'string' | 'bytes' | 'uint256'. */
export function decodeArgs(data: string, signature: string, types: readonly ('string' | 'bytes' | 'uint256')[]): (string | Uint8Array | bigint)[] {
  const hex = data.replace(/^0x/, '');
  if (`0x${hex.slice(0, 8)}` !== functionSelector(signature)) throw new Error(`not ${signature.split('(')[0]} calldata`);
  const args = hexToBytes(hex.slice(8));
  const word = (at: number): bigint => BigInt(`0x${bytesToHex(args.slice(at, at + 32))}`);
  return types.map((type, i) => {
    if (type === 'uint256') return word(i * 32);
    const offset = Number(word(i * 32));
    const length = Number(word(offset));
    const bytes = args.slice(offset + 32, offset + 32 + length);
    return type === 'string' ? new TextDecoder().decode(bytes) : bytes;
  });
}

