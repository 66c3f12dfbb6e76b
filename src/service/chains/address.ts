/**
 * Addresses as Cosmos SDK chains compute them: account addresses from secp256k1 keys, module
 * accounts, ICS-20 escrow accounts, and the dev accounts of DESIGN.md.
 */
import { Secp256k1, Slip10, Slip10Curve, EnglishMnemonic, ripemd160, stringToPath } from '@cosmjs/crypto';
import { fromBech32, toBech32, toUtf8 } from '@cosmjs/encoding';
import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { encodeBase58, toChecksumAddress } from '../../chains/addresses';

export const DEV_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
export const DEV_ACCOUNT_COUNT = 10;
export const devHdPath = (n: number): string => `m/44'/118'/0'/0/${n}`;

/** ICS-20 application version: part of the escrow address pre-image. */
export const ICS20_VERSION = 'ics20-1';

/** 20-byte account address of a compressed secp256k1 public key: ripemd160(sha256(pubkey)). */
export function addressBytesOfPubkey(compressedPubkey: Uint8Array): Uint8Array {
  return ripemd160(sha256(compressedPubkey));
}

/**
 * ICS-20 escrow account of (port, channel): the first 20 bytes of
 * sha256("ics20-1" || 0x00 || "port/channel"), as ibc-go's GetEscrowAddress computes it.
 */
export function escrowAddressBytes(portId: string, channelId: string): Uint8Array {
  const version = toUtf8(ICS20_VERSION);
  const contents = toUtf8(`${portId}/${channelId}`);
  const pre = new Uint8Array(version.length + 1 + contents.length);
  pre.set(version, 0);
  pre.set(contents, version.length + 1);
  return sha256(pre).slice(0, 20);
}

export function escrowAddress(prefix: string, portId: string, channelId: string): string {
  return toBech32(prefix, escrowAddressBytes(portId, channelId));
}

/** Module account address (x/auth NewModuleAddress): the first 20 bytes of sha256(name). */
export function moduleAddress(prefix: string, name: string): string {
  return toBech32(prefix, sha256(toUtf8(name)).slice(0, 20));
}

export type AddressCheck = { ok: true; bytes: Uint8Array } | { ok: false; reason: string };

/**
 * A Cosmos address of this prefix: bech32, 20 bytes (accounts) or 32 (contracts, module
 * derived). The reason reads like the SDK's `decoding bech32 failed: …`.
 */
export function checkAddress(address: string, prefix: string): AddressCheck {
  let decoded: { prefix: string; data: Uint8Array };
  try {
    decoded = fromBech32(address, 128);
  } catch (e) {
    return { ok: false, reason: `decoding bech32 failed: ${(e as Error).message}` };
  }
  if (address !== address.toLowerCase()) return { ok: false, reason: 'decoding bech32 failed: mixed or upper case address' };
  if (decoded.prefix !== prefix) return { ok: false, reason: `invalid Bech32 prefix; expected ${prefix}, got ${decoded.prefix}` };
  if (decoded.data.length !== 20 && decoded.data.length !== 32) {
    return { ok: false, reason: `address length must be 20 or 32 bytes, got ${decoded.data.length}` };
  }
  return { ok: true, bytes: decoded.data };
}

export interface DevKey {
  index: number;
  hdPath: string;
  /** 33-byte compressed public key. */
  pubkey: Uint8Array;
  /** 20-byte account address; the same bytes on every chain, only the prefix differs. */
  addressBytes: Uint8Array;
}

let devKeys: readonly DevKey[] | undefined;
let devSeed: Uint8Array | undefined;
let devEvm: readonly string[] | undefined;

/** BIP-39 seed of the dev mnemonic (PBKDF2-SHA512 — synchronous, unlike @cosmjs/crypto's Bip39). */
function getDevSeed(): Uint8Array {
  if (devSeed) return devSeed;
  const mnemonic = new EnglishMnemonic(DEV_MNEMONIC).toString(); // validates the checksum
  devSeed = pbkdf2(sha512, toUtf8(mnemonic.normalize('NFKD')), toUtf8('mnemonic'), { c: 2048, dkLen: 64 });
  return devSeed;
}

/**
 * The ten dev keys, derived once per process (BIP-39 seed, then SLIP-10). Private keys are
 * not kept: the service only needs addresses; test/support/dev-wallet.ts signs with its own wallet.
 */
export function getDevKeys(): readonly DevKey[] {
  if (devKeys) return devKeys;
  const seed = getDevSeed();
  const keys: DevKey[] = [];
  for (let n = 0; n < DEV_ACCOUNT_COUNT; n++) {
    const hdPath = devHdPath(n);
    const { privkey } = Slip10.derivePath(Slip10Curve.Secp256k1, seed, stringToPath(hdPath));
    const pubkey = Secp256k1.compressPubkey(Secp256k1.makeKeypair(privkey).pubkey);
    keys.push(Object.freeze({ index: n, hdPath, pubkey, addressBytes: addressBytesOfPubkey(pubkey) }));
  }
  devKeys = Object.freeze(keys);
  return devKeys;
}

/** Dev account N's address on a chain with this bech32 prefix. */
export function devAddress(index: number, prefix: string): string {
  const key = getDevKeys()[index];
  if (!key) throw new RangeError(`dev account index ${index} is outside 0…${DEV_ACCOUNT_COUNT - 1}`);
  return toBech32(prefix, key.addressBytes);
}

export const devSvmHdPath = (n: number): string => `m/44'/501'/${n}'/0'`;

let devSvm: readonly string[] | undefined;

/** DER prefix of a PKCS#8 Ed25519 private key: node:crypto takes the 32-byte seed after it. */
const ED25519_PKCS8_PREFIX = Uint8Array.from([0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20]);

/**
 * Dev account N's address on Solana: the dev mnemonic at m/44'/501'/N'/0' (SLIP-10 Ed25519,
 * the path Phantom and Solflare use), the base58 Ed25519 public key.
 */
export function devSvmAddress(index: number): string {
  if (!devSvm) {
    const seed = getDevSeed();
    const out: string[] = [];
    for (let n = 0; n < DEV_ACCOUNT_COUNT; n++) {
      const { privkey } = Slip10.derivePath(Slip10Curve.Ed25519, seed, stringToPath(devSvmHdPath(n)));
      const key = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, privkey]), format: 'der', type: 'pkcs8' });
      const spki = createPublicKey(key).export({ format: 'der', type: 'spki' });
      out.push(encodeBase58(new Uint8Array(spki.subarray(spki.length - 32))));
    }
    devSvm = Object.freeze(out);
  }
  const a = devSvm[index];
  if (a === undefined) throw new RangeError(`dev account index ${index} is outside 0…${DEV_ACCOUNT_COUNT - 1}`);
  return a;
}

export const devEvmHdPath = (n: number): string => `m/44'/60'/0'/0/${n}`;

/**
 * Dev account N's address on the simulated EVM chains: the dev mnemonic at m/44'/60'/0'/0/N,
 * as an Ethereum wallet derives it (keccak-256 of the uncompressed key, last 20 bytes),
 * EIP-55 checksummed. N = 0 is the well-known 0x9858EfFD232B4033E47d90003D41EC34EcaEda94.
 */
export function devEvmAddress(index: number): string {
  if (!devEvm) {
    const seed = getDevSeed();
    const out: string[] = [];
    for (let n = 0; n < DEV_ACCOUNT_COUNT; n++) {
      const { privkey } = Slip10.derivePath(Slip10Curve.Secp256k1, seed, stringToPath(devEvmHdPath(n)));
      const uncompressed = Secp256k1.makeKeypair(privkey).pubkey;
      out.push(toChecksumAddress(bytesToHex(keccak_256(uncompressed.slice(1)).slice(12))));
    }
    devEvm = Object.freeze(out);
  }
  const a = devEvm[index];
  if (a === undefined) throw new RangeError(`dev account index ${index} is outside 0…${DEV_ACCOUNT_COUNT - 1}`);
  return a;
}

/** The SDK's address.Hash(typ, key): sha256(sha256(typ) || key), 32 bytes. */
export function addressHash(typ: string, key: Uint8Array): Uint8Array {
  const t = sha256(toUtf8(typ));
  const pre = new Uint8Array(t.length + key.length);
  pre.set(t, 0);
  pre.set(key, t.length);
  return sha256(pre);
}

/**
 * Where packet-forward-middleware receives a packet it forwards: the first 20 bytes of
 * address.Hash(module name, "<dest channel>/<original sender>") — PFM's own module name
 * keeps its historical spelling.
 */
export function pfmIntermediateAddress(prefix: string, destChannel: string, originalSender: string): string {
  return toBech32(prefix, addressHash('packetfowardmiddleware', toUtf8(`${destChannel}/${originalSender}`)).slice(0, 20));
}

/**
 * ibc-hooks' per-(channel, sender) account that receives the tokens and executes the
 * contract with them: address.Hash("ibc-wasm-hook-intermediary", "<channel>/<sender>"), 32 bytes.
 */
export function hooksIntermediateSender(prefix: string, destChannel: string, originalSender: string): string {
  return toBech32(prefix, addressHash('ibc-wasm-hook-intermediary', toUtf8(`${destChannel}/${originalSender}`)), 128);
}
