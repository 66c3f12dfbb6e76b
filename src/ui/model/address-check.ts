/** Address checks for the chains a route needs, using what the catalog knows about each chain. */
import { checkAddress, type AddressChainType } from '../../chains/addresses';
import type { Catalog } from '../../chains/catalog/catalog';
import { txChainKind } from '../../chains/tx-hash';

export type AddressVerdict =
  | { state: 'empty' }
  | { state: 'valid' }
  | { state: 'invalid'; message: string }
  /** Nothing to check against (unknown chain or prefix): accepted as typed. */
  | { state: 'unchecked'; message: string };

/** What the field's hint says the chain expects. */
export function addressHint(catalog: Catalog | null, chainId: string): string {
  const chain = catalog?.chain(chainId);
  if (!chain) {
    const kind = txChainKind(chainId);
    return kind === 'evm' ? '0x followed by 40 hex digits' : kind === 'svm' ? 'a base58 Solana address' : 'an address on this chain';
  }
  if (chain.type === 'evm') return '0x followed by 40 hex digits';
  if (chain.type === 'svm') return 'a base58 Solana address';
  return chain.bech32Prefix ? `starts with ${chain.bech32Prefix}1` : 'an address on this chain';
}

export function checkChainAddress(catalog: Catalog | null, chainId: string, address: string): AddressVerdict {
  const text = address.trim();
  if (text === '') return { state: 'empty' };
  const chain = catalog?.chain(chainId);
  const type: AddressChainType = chain?.type ?? txChainKind(chainId);
  if (type === 'cosmos' && !chain?.bech32Prefix) {
    return { state: 'unchecked', message: 'Courier does not know this chain’s address format, so it cannot check this address. Make sure it is right.' };
  }
  const verdict = checkAddress(text, { chainId, chainType: type, ...(chain?.bech32Prefix ? { bech32Prefix: chain.bech32Prefix } : {}) });
  if (verdict.ok) return { state: 'valid' };
  const name = chain?.name ?? chainId;
  if (type === 'cosmos' && chain?.bech32Prefix && !text.startsWith(`${chain.bech32Prefix}1`)) {
    return { state: 'invalid', message: `A ${name} address starts with “${chain.bech32Prefix}1”.` };
  }
  return { state: 'invalid', message: `This is not a valid ${name} address: it ${verdict.reason}.` };
}
