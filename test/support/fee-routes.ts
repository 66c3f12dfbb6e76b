/**
 * The two routes of the report "The popup, for people" (fee totals counted twice), by hand:
 * 100 USDC from Ethereum to Noble over Go Fast (its fee in three parts, 0.10 + 0.40 + 0.01,
 * and the estimated entry for the whole 0.51) and over CCTP (a relay fee quote of 0.02 USDC and
 * the estimated entry for it, paid on top). `estimated` overrides fields of the entry (production
 * blanks amount, usd_amount and origin_asset).
 */
import { Route } from '../../src/api/schemas/route';

export const USDC_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
export const USDC_ON_OSMOSIS = 'ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4';

/** The Go Fast route of the report: its fee in three parts, and the estimated entry for the whole. */
export const goFastRoute = (estimated: object = { amount: '510000', usd_amount: '0.51', origin_asset: usdcEth() }) =>
  Route.parse({
    amount_in: '100000000',
    amount_out: '99490000',
    source_asset_denom: USDC_ETHEREUM,
    source_asset_chain_id: '1',
    dest_asset_denom: 'uusdc',
    dest_asset_chain_id: 'noble-1',
    required_chain_addresses: ['1', 'osmosis-1', 'noble-1'],
    usd_amount_in: '100.00',
    usd_amount_out: '99.49',
    operations: [
      {
        go_fast_transfer: {
          from_chain_id: '1',
          to_chain_id: 'osmosis-1',
          fee: {
            fee_asset: usdcEth(),
            bps_fee: '10',
            bps_fee_amount: '100000',
            bps_fee_usd: '0.10',
            source_chain_fee_amount: '400000',
            source_chain_fee_usd: '0.40',
            destination_chain_fee_amount: '10000',
            destination_chain_fee_usd: '0.01',
          },
          bridge_id: 'GO_FAST',
          denom_in: USDC_ETHEREUM,
          denom_out: USDC_ON_OSMOSIS,
        },
        tx_index: 0,
        amount_in: '100000000',
        amount_out: '99490000',
      },
      { transfer: { from_chain_id: 'osmosis-1', to_chain_id: 'noble-1', channel: 'channel-750', denom_in: USDC_ON_OSMOSIS, denom_out: 'uusdc', bridge_id: 'IBC' }, tx_index: 0, amount_in: '99490000', amount_out: '99490000' },
    ],
    estimated_fees: [{ fee_type: 'SMART_RELAY', bridge_id: 'GO_FAST', chain_id: '1', tx_index: 0, operation_index: 0, fee_behavior: 'FEE_BEHAVIOR_DEDUCTED', ...estimated }],
  });

export function usdcEth() {
  return { denom: USDC_ETHEREUM, chain_id: '1', origin_denom: USDC_ETHEREUM, origin_chain_id: '1', trace: '', symbol: 'USDC', decimals: 6 };
}

export const cctpRoute = (estimated: object = { amount: '20000', usd_amount: '0.02', origin_asset: usdcEth() }) =>
  Route.parse({
    amount_in: '100000000',
    amount_out: '100000000',
    source_asset_denom: USDC_ETHEREUM,
    source_asset_chain_id: '1',
    dest_asset_denom: 'uusdc',
    dest_asset_chain_id: 'noble-1',
    required_chain_addresses: ['1', 'noble-1'],
    usd_amount_in: '100.00',
    usd_amount_out: '100.00',
    operations: [
      {
        cctp_transfer: {
          from_chain_id: '1',
          to_chain_id: 'noble-1',
          burn_token: USDC_ETHEREUM,
          denom_in: USDC_ETHEREUM,
          denom_out: 'uusdc',
          bridge_id: 'CCTP',
          smart_relay: true,
          smart_relay_fee_quote: { fee_amount: '20000', fee_denom: USDC_ETHEREUM, fee_payment_address: null },
        },
        tx_index: 0,
        amount_in: '100000000',
        amount_out: '100000000',
      },
    ],
    estimated_fees: [{ fee_type: 'SMART_RELAY', bridge_id: 'CCTP', chain_id: '1', tx_index: 0, operation_index: 0, fee_behavior: 'FEE_BEHAVIOR_ADDITIONAL', ...estimated }],
  });

