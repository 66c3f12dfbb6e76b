/**
 * A small catalog in the bundled file's format, with the registry's real names and explorers
 * for the chains the notification tests use: what the background knows, without generating the
 * whole catalog from chain-registry.
 */
import { createCatalog, type Catalog } from '../../../src/chains/catalog/catalog';

export const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
export const USDC_ON_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

export function factsCatalog(): Catalog {
  return createCatalog({
    format: 1,
    registry: '2.0.251',
    digest: '0123456789abcdef',
    logoBase: 'https://logos.example/',
    chains: [
      ['1', 'Ethereum', 'ethereum', 'evm', '', '', 'https://etherscan.io/tx/${txHash}', []],
      ['42161', 'Arbitrum', 'arbitrum', 'evm', '', '', 'https://arbiscan.io/tx/${txHash}', []],
      ['43114', 'Avalanche', 'avalanche', 'evm', '', '', 'https://snowtrace.io/tx/${txHash}', []],
      ['cosmoshub-4', 'Cosmos Hub', 'cosmoshub', 'cosmos', 'cosmos', '', 'https://www.mintscan.io/cosmos/transactions/${txHash}', ['uatom']],
      ['noble-1', 'Noble', 'noble', 'cosmos', 'noble', '', 'https://www.mintscan.io/noble/txs/${txHash}', ['uusdc']],
      ['osmosis-1', 'Osmosis', 'osmosis', 'cosmos', 'osmo', '', 'https://www.mintscan.io/osmosis/transactions/${txHash}', ['uosmo']],
      ['quiet-1', 'Quiet', 'quiet', 'cosmos', 'quiet', '', '', ['uq']],
      ['solana', 'Solana', 'solana', 'svm', '', '', 'https://explorer.solana.com/tx/${txHash}', []],
    ],
    assets: [
      ['1', USDC_ON_ETHEREUM, 'USDC', 'USD Coin', 6, '', '', '', '', '', '', 2],
      ['cosmoshub-4', 'uatom', 'ATOM', 'Cosmos Hub Atom', 6, '', '', '', '', '', '', 0],
      ['osmosis-1', ATOM_ON_OSMOSIS, 'ATOM', 'Cosmos Hub Atom', 6, '', 'cosmoshub-4', 'uatom', 'transfer/channel-0', '', '', 0],
      ['osmosis-1', 'uosmo', 'OSMO', 'Osmosis', 6, '', '', '', '', '', '', 0],
    ],
  });
}
