/**
 * Hand-written ABI decoding for the few fixed calldata layouts the routes use: a 4-byte
 * selector, then 32-byte head words, with `string`/`bytes` arguments as offset + tail. Every
 * malformed input comes back as undefined (the caller reports it as unverified), never a throw.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

export type AbiType = 'uint256' | 'address' | 'bytes32' | 'string' | 'bytes';
export type AbiValue = bigint | string | Uint8Array;

export interface AbiFunction {
  name: string;
  types: readonly AbiType[];
  selector: string;
}

export function abiFunction(name: string, types: readonly AbiType[]): AbiFunction {
  const signature = `${name}(${types.join(',')})`;
  return { name, types, selector: bytesToHex(keccak_256(utf8ToBytes(signature)).slice(0, 4)) };
}

/** uint32 arguments are encoded like uint256 words; give their real type for the selector. */
export function abiFunctionWithSignature(name: string, signatureTypes: readonly string[], types: readonly AbiType[]): AbiFunction {
  const signature = `${name}(${signatureTypes.join(',')})`;
  return { name, types, selector: bytesToHex(keccak_256(utf8ToBytes(signature)).slice(0, 4)) };
}

export const DEPOSIT_FOR_BURN = abiFunctionWithSignature('depositForBurn', ['uint256', 'uint32', 'bytes32', 'address'], ['uint256', 'uint256', 'bytes32', 'address']);
export const REQUEST_CCTP_TRANSFER = abiFunctionWithSignature(
  'requestCCTPTransfer',
  ['uint256', 'uint32', 'bytes32', 'address', 'uint256'],
  ['uint256', 'uint256', 'bytes32', 'address', 'uint256'],
);
export const SEND_TOKEN = abiFunction('sendToken', ['string', 'string', 'string', 'uint256']);
export const CALL_CONTRACT_WITH_TOKEN = abiFunction('callContractWithToken', ['string', 'string', 'bytes', 'string', 'uint256']);
export const ERC20_APPROVE = abiFunction('approve', ['address', 'uint256']);

export const KNOWN_FUNCTIONS: readonly AbiFunction[] = [DEPOSIT_FOR_BURN, REQUEST_CCTP_TRANSFER, SEND_TOKEN, CALL_CONTRACT_WITH_TOKEN, ERC20_APPROVE];

/** The lowercase selector (8 hex digits, no 0x) of calldata, or undefined. */
export function selectorOf(data: string): string | undefined {
  const hex = data.startsWith('0x') ? data.slice(2) : data;
  return /^[0-9a-fA-F]{8}/.test(hex) ? hex.slice(0, 8).toLowerCase() : undefined;
}

/** Decodes calldata of `fn`; undefined when the selector differs or the layout is broken. */
export function decodeCall(fn: AbiFunction, data: string): AbiValue[] | undefined {
  const hex = data.startsWith('0x') ? data.slice(2) : data;
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex) || hex.slice(0, 8).toLowerCase() !== fn.selector) return undefined;
  const args = hexToBytes(hex.slice(8));
  if (args.length < fn.types.length * 32) return undefined;
  const word = (at: number): bigint | undefined => (at + 32 <= args.length ? BigInt(`0x${bytesToHex(args.subarray(at, at + 32))}`) : undefined);
  const out: AbiValue[] = [];
  for (let i = 0; i < fn.types.length; i++) {
    const type = fn.types[i]!;
    const w = word(i * 32);
    if (w === undefined) return undefined;
    if (type === 'uint256') out.push(w);
    else if (type === 'bytes32') out.push(args.slice(i * 32, i * 32 + 32));
    else if (type === 'address') {
      if (w >> 160n !== 0n) return undefined;
      out.push(`0x${w.toString(16).padStart(40, '0')}`);
    } else {
      if (w > BigInt(args.length)) return undefined;
      const offset = Number(w);
      const length = word(offset);
      if (length === undefined || BigInt(offset) + 32n + length > BigInt(args.length)) return undefined;
      const bytes = args.slice(offset + 32, offset + 32 + Number(length));
      if (type === 'bytes') out.push(bytes);
      else {
        try {
          out.push(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
        } catch {
          return undefined;
        }
      }
    }
  }
  return out;
}
