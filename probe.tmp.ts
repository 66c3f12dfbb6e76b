import { buildWorld } from './src/service/world';
import { planRoute } from './src/service/planner';
const world = buildWorld({ log: () => {} });
const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const USDC_ON_OSMOSIS = 'ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4';
const NEUTRON_USDC = 'ibc/B559A80D62249C8AA07A380E2A2BEA6E5CA9A6F079C912C3A9E9B494105E4F81';
const r = (s: string, sc: string, d: string, dc: string, extra: any = {}) => ({ source_asset_denom: s, source_asset_chain_id: sc, dest_asset_denom: d, dest_asset_chain_id: dc, amount_in: '100000000', allow_multi_tx: true, ...extra });
const CI = { bridges: ['CCTP', 'IBC'] };
const qs = [
  r(USDC_ETH, '1', 'uusdc', 'noble-1'),
  r(USDC_ETH, '1', 'uusdc', 'noble-1', { smart_relay: false }),
  r('uusdc', 'noble-1', USDC_ARB, '42161'),
  r(USDC_ARB, '42161', USDC_ETH, '1'),
  r(USDC_ETH, '1', USDC_ON_OSMOSIS, 'osmosis-1', CI),
  r(USDC_ETH, '1', 'uosmo', 'osmosis-1', CI),
  r(USDC_ARB, '42161', 'uatom', 'cosmoshub-4', CI),
  r(NEUTRON_USDC, 'neutron-1', USDC_ARB, '42161'),
  r('uosmo', 'osmosis-1', USDC_ARB, '42161'),
  r('uusdc', 'axelar-dojo-1', USDC_ON_OSMOSIS, 'osmosis-1', { allow_swaps: false }),
  r('uusdc', 'axelar-dojo-1', 'uatom', 'cosmoshub-4', { amount_in: '1500000000' }),
  r(USDC_ETH, '1', 'uatom', 'cosmoshub-4', CI),
  r(USDC_ARB, '42161', 'untrn', 'neutron-1', CI),
];
for (const q of qs) {
  try {
  const x: any = planRoute(world, q as any);
  console.log(q.source_asset_chain_id, '->', q.dest_asset_chain_id, q.dest_asset_denom.slice(0,10), x.txs_required, x.operations.map((o: any) => Object.keys(o).find(k => !['tx_index','amount_in','amount_out'].includes(k)) + ':' + o.tx_index).join(' '), x.chain_ids.join('>'));
  } catch (e: any) { console.log(q, e.message); }
}
