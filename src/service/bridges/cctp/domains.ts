/**
 * CCTP's domains: the chain behind a Circle domain number, and the address a 32-byte mint
 * recipient names on it.
 */
import { toBech32 } from '@cosmjs/encoding';
import { bytesToHex } from '@noble/hashes/utils.js';
import { encodeBase58, toChecksumAddress } from '../../../chains/addresses';
import type { WorldChain } from '../../world/types';
import type { World } from '../../world/world';

/** The chain behind a CCTP domain number. */
export function cctpChainByDomain(world: World, domain: number): { chain: WorldChain; usdcDenom: string } | undefined {
  const c = world.bridges.cctp.chains.find((x) => x.domain === domain);
  const chain = c ? world.chain(c.chainId) : undefined;
  return c && chain ? { chain, usdcDenom: c.usdcDenom } : undefined;
}

/**
 * The address a 32-byte CCTP mint recipient names on its chain: the last 20 bytes as an EVM
 * address or a bech32 account (Noble), all 32 as a Solana address.
 */
export function recipientFromBytes32(chain: WorldChain, bytes: Uint8Array): string {
  if (bytes.length !== 32) throw new Error(`mint recipient must be 32 bytes, got ${bytes.length}`);
  switch (chain.chainType) {
    case 'evm':
      return toChecksumAddress(bytesToHex(bytes.slice(12)));
    case 'svm':
      return encodeBase58(bytes);
    case 'cosmos': {
      // a 20-byte account left-padded, or a 32-byte (contract/module) address
      const padded = bytes.slice(0, 12).every((b) => b === 0);
      return toBech32(chain.bech32Prefix, padded ? bytes.slice(12) : bytes, 128);
    }
  }
}
