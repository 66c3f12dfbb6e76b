/** Who a `tamper` fault sends the user's funds to: addresses nobody holds a key for. */
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { decodeBech32, encodeBech32 } from '../../chains/addresses';

/** The attacker's EVM address (no one holds its key). */
export const TAMPER_EVM_ADDRESS = '0x7a3e5c0ffee0000000000000000000000000dead';
export const ATTACKER_BYTES = sha256(utf8ToBytes('courier-sim/tamper/attacker')).slice(0, 20);

/** An address of the attacker's that looks like `like` (same family, same bech32 prefix). */
export function attackerAddressLike(like: string): string {
  if (like.startsWith('0x')) return TAMPER_EVM_ADDRESS;
  const decoded = decodeBech32(like);
  return decoded ? encodeBech32(decoded.prefix, decoded.data.length === 32 ? sha256(ATTACKER_BYTES) : ATTACKER_BYTES) : like.slice(0, -4) + 'dead';
}

/** A CosmWasm contract address of the attacker's on the chain of `like` (32 bytes, the chain's prefix). */
export function attackerContractLike(like: string): string {
  const decoded = decodeBech32(like);
  return encodeBech32(decoded?.prefix ?? 'cosmos', sha256(sha256(ATTACKER_BYTES)));
}
