/**
 * Address formats of the three chain families the API speaks about, checked without a network:
 * - Cosmos: bech32 with the chain's exact human-readable prefix and a valid checksum, carrying
 *   20 bytes (an account) or 32 bytes (a contract or module account).
 * - EVM: `0x` + 40 hex digits; all-lowercase or all-uppercase digits are accepted as they are,
 *   mixed case must be the EIP-55 checksum (a mistyped checksummed address is caught).
 * - Solana: base58 (Bitcoin alphabet) that decodes to exactly 32 bytes.
 *
 * Browser-safe: no Node built-ins (the extension UI checks addresses with this too).
 */
import { fromBech32, toBech32 } from '@cosmjs/encoding';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

export type AddressChainType = 'cosmos' | 'evm' | 'svm';

/** What the checks need to know about a chain. */
export interface AddressChain {
  chainId: string;
  chainType: AddressChainType;
  /** Required for Cosmos chains; ignored for the others. */
  bech32Prefix?: string;
}

export type AddressCheck = { ok: true } | { ok: false; reason: string };

// bech32 allows up to 90 characters; Cosmos contract addresses (32 bytes) are longer, so the
// SDK decodes with a larger limit. 128 covers every prefix in the registry.
const BECH32_LIMIT = 128;

/** Decoded bech32, or null when the string is not valid bech32 (bad checksum, charset, case). */
export function decodeBech32(address: string): { prefix: string; data: Uint8Array } | null {
  try {
    const { prefix, data } = fromBech32(address, BECH32_LIMIT);
    return { prefix, data };
  } catch {
    return null;
  }
}

export function encodeBech32(prefix: string, data: Uint8Array): string {
  return toBech32(prefix, data, BECH32_LIMIT);
}

export function checkCosmosAddress(address: string, prefix: string): AddressCheck {
  const sep = address.lastIndexOf('1');
  if (sep > 0 && address.slice(0, sep).toLowerCase() !== prefix) {
    return { ok: false, reason: `does not have the prefix "${prefix}"` };
  }
  const decoded = decodeBech32(address);
  if (!decoded) return { ok: false, reason: 'is not valid bech32 (bad characters or checksum)' };
  if (decoded.prefix !== prefix) return { ok: false, reason: `does not have the prefix "${prefix}"` };
  if (address !== address.toLowerCase()) return { ok: false, reason: 'must be lowercase' };
  if (decoded.data.length !== 20 && decoded.data.length !== 32) {
    return { ok: false, reason: `holds ${decoded.data.length} bytes, expected 20 or 32` };
  }
  return { ok: true };
}

// ─────────────────────────────── EVM ───────────────────────────────

const EVM_HEX = /^0x[0-9a-fA-F]{40}$/;

/** EIP-55 mixed-case checksum form of a 20-byte hex address (with or without `0x`). */
export function toChecksumAddress(address: string): string {
  const hex = address.replace(/^0x/i, '').toLowerCase();
  if (!/^[0-9a-f]{40}$/.test(hex)) throw new Error(`not a 20-byte hex address: ${address}`);
  const hash = bytesToHex(keccak_256(utf8ToBytes(hex)));
  let out = '0x';
  for (let i = 0; i < 40; i += 1) {
    const c = hex[i]!;
    out += parseInt(hash[i]!, 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

export function checkEvmAddress(address: string): AddressCheck {
  if (!EVM_HEX.test(address)) return { ok: false, reason: 'is not a 0x-prefixed 20-byte hex address' };
  const body = address.slice(2);
  // Single-case addresses carry no checksum; mixed case claims one, so it must be right.
  if (body !== body.toLowerCase() && body !== body.toUpperCase() && toChecksumAddress(address) !== address) {
    return { ok: false, reason: 'has an invalid EIP-55 checksum' };
  }
  return { ok: true };
}

export function evmAddressBytes(address: string): Uint8Array {
  if (!EVM_HEX.test(address)) throw new Error(`not an EVM address: ${address}`);
  return hexToBytes(address.slice(2).toLowerCase());
}

// ─────────────────────────────── Solana ───────────────────────────────

const B58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const B58_INDEX = new Map([...B58_ALPHABET].map((c, i) => [c, i]));

/** Base58 (Bitcoin alphabet) to bytes; null on a character outside the alphabet. */
export function decodeBase58(text: string): Uint8Array | null {
  if (text === '') return new Uint8Array();
  let n = 0n;
  for (const c of text) {
    const v = B58_INDEX.get(c);
    if (v === undefined) return null;
    n = n * 58n + BigInt(v);
  }
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.push(Number(n & 0xffn));
    n >>= 8n;
  }
  // each leading '1' stands for a leading zero byte
  for (const c of text) {
    if (c !== '1') break;
    bytes.push(0);
  }
  return Uint8Array.from(bytes.reverse());
}

export function encodeBase58(bytes: Uint8Array): string {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  let out = '';
  while (n > 0n) {
    out = B58_ALPHABET[Number(n % 58n)]! + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = '1' + out;
  }
  return out;
}

export function checkSolanaAddress(address: string): AddressCheck {
  const bytes = decodeBase58(address);
  if (!bytes) return { ok: false, reason: 'is not base58' };
  if (bytes.length !== 32) return { ok: false, reason: `decodes to ${bytes.length} bytes, expected 32` };
  return { ok: true };
}

// ─────────────────────────────── any chain ───────────────────────────────

export function checkAddress(address: string, chain: AddressChain): AddressCheck {
  if (typeof address !== 'string' || address === '') return { ok: false, reason: 'is empty' };
  switch (chain.chainType) {
    case 'cosmos':
      if (!chain.bech32Prefix) return { ok: false, reason: 'cannot be checked: the chain has no bech32 prefix' };
      return checkCosmosAddress(address, chain.bech32Prefix);
    case 'evm':
      return checkEvmAddress(address);
    case 'svm':
      return checkSolanaAddress(address);
  }
}

export function isValidAddress(address: string, chain: AddressChain): boolean {
  return checkAddress(address, chain).ok;
}

/** The message the service and the UI show, e.g. `invalid address for chain osmosis-1: "cosmos1…" does not have the prefix "osmo"`. */
export function describeAddressProblem(address: string, chain: AddressChain, reason: string): string {
  return `invalid address for chain ${chain.chainId}: ${JSON.stringify(address)} ${reason}`;
}

/**
 * The raw bytes behind an address of any family (bech32 data, the 20 EVM bytes, the 32 Solana
 * bytes): what CCTP puts in `mintRecipient`. Throws on an invalid address.
 */
export function addressBytes(address: string, chain: AddressChain): Uint8Array {
  const check = checkAddress(address, chain);
  if (!check.ok) throw new Error(describeAddressProblem(address, chain, check.reason));
  switch (chain.chainType) {
    case 'cosmos':
      return decodeBech32(address)!.data;
    case 'evm':
      return evmAddressBytes(address);
    case 'svm':
      return decodeBase58(address)!;
  }
}

/** `bytes` left-padded with zeros to 32 bytes (an ABI word, a CCTP mint recipient). */
export function leftPad32(bytes: Uint8Array): Uint8Array {
  if (bytes.length > 32) throw new Error(`cannot pad ${bytes.length} bytes into 32`);
  const out = new Uint8Array(32);
  out.set(bytes, 32 - bytes.length);
  return out;
}
