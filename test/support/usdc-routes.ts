/** USDC from Ethereum to Noble: the local service has two routes for it (CCTP, and Axelar with a swap and IBC). */
export const USDC_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

export const USDC_ETHEREUM_TO_NOBLE = {
  source_asset_chain_id: '1',
  source_asset_denom: USDC_ETHEREUM,
  dest_asset_chain_id: 'noble-1',
  dest_asset_denom: 'uusdc',
  amount_in: '100000000',
  allow_multi_tx: true,
};
