import { describe, expect, it } from 'vitest';
import { Route } from '../../../src/api/schemas/route';
import { estimatedMinimumOut, routeFees, routeSteps, routeWarning, totalUsd, usdLossPercent } from '../../../src/ui/model/route-model';

const ATOM_OSMO = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
const atom = { denom: 'uatom', chain_id: 'cosmoshub-4', origin_denom: 'uatom', origin_chain_id: 'cosmoshub-4', trace: '', symbol: 'ATOM', decimals: 6 };
const usdc = { denom: 'uusdc', chain_id: 'noble-1', origin_denom: 'uusdc', origin_chain_id: 'noble-1', trace: '', symbol: 'USDC', decimals: 6 };

/** The local service's answer for 1 ATOM from the Hub to OSMO on Osmosis (trimmed). */
const swapRoute = Route.parse({
  amount_in: '1000000',
  amount_out: '22795194',
  source_asset_denom: 'uatom',
  source_asset_chain_id: 'cosmoshub-4',
  dest_asset_denom: 'uosmo',
  dest_asset_chain_id: 'osmosis-1',
  operations: [
    {
      transfer: {
        port: 'transfer',
        channel: 'channel-141',
        from_chain_id: 'cosmoshub-4',
        to_chain_id: 'osmosis-1',
        pfm_enabled: true,
        supports_memo: true,
        denom_in: 'uatom',
        denom_out: ATOM_OSMO,
        fee_amount: null,
        usd_fee_amount: null,
        fee_asset: null,
        bridge_id: 'IBC',
        smart_relay: false,
      },
      tx_index: 0,
      amount_in: '1000000',
      amount_out: '1000000',
    },
    {
      swap: {
        swap_in: {
          swap_venue: { name: 'osmosis-poolmanager', chain_id: 'osmosis-1' },
          swap_operations: [{ pool: '1', denom_in: ATOM_OSMO, denom_out: 'uosmo' }],
          swap_amount_in: '1000000',
          price_impact_percent: '0.35',
        },
        estimated_affiliate_fee: '0uosmo',
        from_chain_id: 'osmosis-1',
        chain_id: 'osmosis-1',
        denom_in: ATOM_OSMO,
        denom_out: 'uosmo',
        swap_venues: [{ name: 'osmosis-poolmanager', chain_id: 'osmosis-1' }],
      },
      tx_index: 0,
      amount_in: '1000000',
      amount_out: '22795194',
    },
  ],
  chain_ids: ['cosmoshub-4', 'osmosis-1'],
  required_chain_addresses: ['cosmoshub-4', 'osmosis-1'],
  does_swap: true,
  estimated_amount_out: '22795194',
  txs_required: 1,
  usd_amount_in: '4.02',
  usd_amount_out: '4.01',
  swap_price_impact_percent: '0.35',
  estimated_fees: [],
  estimated_route_duration_seconds: 30,
});

describe('route steps', () => {
  it('one step per operation, with chains, venue and amounts', () => {
    const [transfer, swap] = routeSteps(swapRoute);
    expect(transfer).toMatchObject({ kind: 'transfer', title: 'Transfer', fromChainId: 'cosmoshub-4', toChainId: 'osmosis-1', via: 'IBC', denomIn: 'uatom', denomOut: ATOM_OSMO, amountIn: '1000000', amountOut: '1000000', txIndex: 0 });
    expect(swap).toMatchObject({ kind: 'swap', title: 'Swap', fromChainId: 'osmosis-1', toChainId: 'osmosis-1', via: 'Osmosis', priceImpactPercent: '0.35', amountOut: '22795194' });
  });

  it('an operation of a kind Courier does not know is shown as such, never dropped', () => {
    const route = Route.parse({
      ...swapRoute,
      operations: [...swapRoute.operations, { quantum_transfer: { from_chain_id: 'osmosis-1', to_chain_id: 'mars-1' }, tx_index: 0, amount_in: '1', amount_out: '1' }],
    });
    const steps = routeSteps(route);
    expect(steps).toHaveLength(3);
    expect(steps[2]).toMatchObject({ kind: 'unknown', rawKind: 'quantum_transfer', title: 'Unknown step', fromChainId: 'osmosis-1', toChainId: 'mars-1' });
  });
});

describe('fees', () => {
  it('transfer fees and estimated fees, with how each is charged', () => {
    const route = Route.parse({
      ...swapRoute,
      operations: [
        { ...swapRoute.operations[0], transfer: { ...(swapRoute.operations[0] as { transfer: object }).transfer, fee_amount: '2500', usd_fee_amount: '0.01', fee_asset: atom } },
        swapRoute.operations[1],
      ],
      estimated_fees: [
        { fee_type: 'SMART_RELAY', bridge_id: 'CCTP', amount: '150000', usd_amount: '0.15', origin_asset: usdc, chain_id: 'noble-1', tx_index: 0, operation_index: 0, fee_behavior: 'FEE_BEHAVIOR_DEDUCTED' },
        { fee_type: 'SMART_RELAY', amount: '1', usd_amount: '1.005', origin_asset: usdc, fee_behavior: 'FEE_BEHAVIOR_ADDITIONAL' },
        { amount: '1', origin_asset: usdc, fee_behavior: 'FEE_BEHAVIOR_SOMETHING_NEW' },
      ],
    });
    const fees = routeFees(route);
    expect(fees.map((f) => [f.label, f.amount, f.usd, f.behavior, f.asset?.symbol])).toEqual([
      // an IBC transfer whose amounts do not change did not take its fee from them: paid on top
      ['IBC transfer fee', '2500', '0.01', 'additional', 'ATOM'],
      ['Smart relay fee · CCTP', '150000', '0.15', 'deducted', 'USDC'],
      ['Smart relay fee', '1', '1.005', 'additional', 'USDC'],
      ['Fee', '1', null, 'unknown', 'USDC'],
    ]);
    expect(totalUsd(fees.map((f) => f.usd))).toBe('1.165000');
  });

  it('a route without fees has none', () => {
    expect(routeFees(swapRoute)).toEqual([]);
    expect(totalUsd([null, undefined])).toBeNull();
  });
});

describe('figures', () => {
  it('the minimum after slippage matches what the msgs endpoint puts in the swap (rounded down)', () => {
    // The service's swap memo for this route at 1% carried min_asset 22567242.
    expect(estimatedMinimumOut(swapRoute, '1')).toBe('22567242');
    expect(estimatedMinimumOut(swapRoute, '0.5')).toBe('22681218');
    expect(estimatedMinimumOut({ ...swapRoute, does_swap: false }, '1')).toBe('22795194');
    expect(estimatedMinimumOut(swapRoute, 'nonsense')).toBe('22795194');
  });

  it('USD loss in percent', () => {
    expect(usdLossPercent(swapRoute)).toBe('0.24');
    expect(usdLossPercent({ ...swapRoute, usd_amount_in: '402000.00', usd_amount_out: '350278.45' })).toBe('12.86');
    expect(usdLossPercent({ ...swapRoute, usd_amount_out: undefined })).toBeNull();
  });

  it('warnings in plain words; an unknown type is still shown', () => {
    expect(routeWarning(swapRoute)).toBeNull();
    const bad = routeWarning({ ...swapRoute, usd_amount_in: '100', usd_amount_out: '80', warning: { type: 'BAD_PRICE_WARNING', message: 'difference…' } });
    expect(bad).toMatchObject({ title: 'Poor price', message: 'difference…' });
    expect(bad!.explanation).toContain('20.00% less');
    expect(routeWarning({ ...swapRoute, warning: { type: 'LOW_INFO_WARNING' } })?.title).toBe('Price cannot be checked');
    expect(routeWarning({ ...swapRoute, warning: { type: 'NEW_WARNING', message: 'x' } })).toMatchObject({ type: 'NEW_WARNING', title: 'The service flagged this route' });
  });
});
