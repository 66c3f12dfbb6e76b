/**
 * A signed EVM transaction (legacy with or without EIP-155, EIP-2930, EIP-1559) read from its
 * bytes: the fields a route depends on, and the signer recovered from the signature.
 */
import { ExtendedSecp256k1Signature, Secp256k1 } from '@cosmjs/crypto';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, concatBytes } from '@noble/hashes/utils.js';
import { toChecksumAddress } from '../chains/addresses';
import { rlpDecode, rlpEncode, type RlpItem } from './rlp';

export interface SignedEvmTx {
  /** Undefined for a pre-EIP-155 legacy transaction, which any chain accepts. */
  chainId: bigint | undefined;
  /** Checksummed; undefined for a contract creation. */
  to: string | undefined;
  value: bigint;
  /** 0x-prefixed lowercase hex. */
  data: string;
  /** Checksummed address recovered from the signature; undefined when it cannot be recovered. */
  from: string | undefined;
}

const int = (b: RlpItem | undefined): bigint | undefined =>
  b instanceof Uint8Array && (b.length === 0 || b[0] !== 0) && b.length <= 32 ? (b.length === 0 ? 0n : BigInt('0x' + bytesToHex(b))) : undefined;

function intBytes(n: bigint): Uint8Array {
  if (n === 0n) return new Uint8Array();
  const hex = n.toString(16);
  const even = hex.length % 2 ? '0' + hex : hex;
  return Uint8Array.from(even.match(/../g)!.map((h) => parseInt(h, 16)));
}

function recover(payload: Uint8Array, r: RlpItem | undefined, s: RlpItem | undefined, recovery: bigint): string | undefined {
  const rn = int(r);
  const sn = int(s);
  if (rn === undefined || sn === undefined || (recovery !== 0n && recovery !== 1n)) return undefined;
  const pad = (n: bigint) => {
    const b = intBytes(n);
    const out = new Uint8Array(32);
    out.set(b, 32 - b.length);
    return out;
  };
  try {
    const signature = new ExtendedSecp256k1Signature(pad(rn), pad(sn), Number(recovery));
    let pubkey = Secp256k1.recoverPubkey(signature, keccak_256(payload));
    if (pubkey.length === 33) pubkey = Secp256k1.uncompressPubkey(pubkey);
    return toChecksumAddress('0x' + bytesToHex(keccak_256(pubkey.subarray(1)).subarray(12)));
  } catch {
    return undefined;
  }
}

function fields(list: RlpItem[], at: { to: number; value: number; data: number }) {
  const to = list[at.to];
  const value = int(list[at.value]);
  const data = list[at.data];
  if (!(to instanceof Uint8Array) || (to.length !== 0 && to.length !== 20) || value === undefined || !(data instanceof Uint8Array)) return undefined;
  return { to: to.length === 0 ? undefined : toChecksumAddress('0x' + bytesToHex(to)), value, data: '0x' + bytesToHex(data) };
}

/** Undefined when the bytes are not a signed EVM transaction of a known type. */
export function decodeSignedEvmTx(bytes: Uint8Array): SignedEvmTx | undefined {
  const type = bytes[0];
  if (type === undefined) return undefined;
  if (type === 0x01 || type === 0x02) {
    const list = rlpDecode(bytes.subarray(1));
    const size = type === 0x01 ? 11 : 12;
    if (!Array.isArray(list) || list.length !== size) return undefined;
    const base = type === 0x01 ? { to: 4, value: 5, data: 6 } : { to: 5, value: 6, data: 7 };
    const f = fields(list, base);
    const chainId = int(list[0]);
    const parity = int(list[size - 3]);
    if (!f || chainId === undefined || parity === undefined) return undefined;
    const payload = concatBytes(Uint8Array.of(type), rlpEncode(list.slice(0, size - 3)));
    return { chainId, ...f, from: recover(payload, list[size - 2], list[size - 1], parity) };
  }
  if (type < 0xc0) return undefined;
  const list = rlpDecode(bytes);
  if (!Array.isArray(list) || list.length !== 9) return undefined;
  const f = fields(list, { to: 3, value: 4, data: 5 });
  const v = int(list[6]);
  if (!f || v === undefined) return undefined;
  const unsigned = list.slice(0, 6);
  if (v === 27n || v === 28n) return { chainId: undefined, ...f, from: recover(rlpEncode(unsigned), list[7], list[8], v - 27n) };
  if (v < 35n) return undefined;
  const chainId = (v - 35n) / 2n;
  const payload = rlpEncode([...unsigned, intBytes(chainId), new Uint8Array(), new Uint8Array()]);
  return { chainId, ...f, from: recover(payload, list[7], list[8], (v - 35n) % 2n) };
}
