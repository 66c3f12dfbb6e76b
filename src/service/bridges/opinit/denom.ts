/**
 * OPInit's derived names, as x/ophost computes them (public facts, no chain state needed):
 * the rollup denom of an L1 denom, and the L1 account that holds what a bridge locked.
 * Pure and browser-safe (noble hashes), so Courier's verifier can reuse them.
 */
import { toBech32 } from '@cosmjs/encoding';
import { sha256 } from '@noble/hashes/sha2.js';
import { sha3_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { concat } from '../../msgs/abi';

export const L2_DENOM_PREFIX = 'l2/';

/** A bridge id as the 8-byte big-endian seed both derivations start from. */
export function bridgeIdBytes(bridgeId: bigint): Uint8Array {
  if (bridgeId < 0n || bridgeId >= 1n << 64n) throw new RangeError(`bridge id ${bridgeId} is not a uint64`);
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, bridgeId, false);
  return out;
}

/** The rollup's denom for `l1Denom` deposited over `bridgeId`: `l2/` + hex SHA3-256(id ‖ denom). */
export function l2Denom(bridgeId: bigint, l1Denom: string): string {
  return L2_DENOM_PREFIX + bytesToHex(sha3_256(concat([bridgeIdBytes(bridgeId), utf8ToBytes(l1Denom)])));
}

/**
 * The bridge's account on the L1, where deposits are locked and withdrawals paid from: the
 * SDK's address.Module("ophost", id), i.e. sha256(sha256("module") ‖ "ophost" ‖ 0x00 ‖ id), 32 bytes.
 */
export function bridgeAddress(prefix: string, bridgeId: bigint): string {
  const key = concat([utf8ToBytes('ophost'), new Uint8Array([0]), bridgeIdBytes(bridgeId)]);
  return toBech32(prefix, sha256(concat([sha256(utf8ToBytes('module')), key])), 128);
}
