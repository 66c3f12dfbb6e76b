import { describe, expect, it } from 'vitest';
import { hyperlaneBridge } from '../../../../../src/service/bridges/hyperlane';
import type { HyperlaneLeg } from '../../../../../src/service/bridges/hyperlane/planner';
import { DEFAULT_PLANNER_CONFIG } from '../../../../../src/service/planner/config';
import { PlannerIndex } from '../../../../../src/service/planner/graph';
import { QuoteContext } from '../../../../../src/service/planner/quote';
import { DEFAULT_TIMING } from '../../../../../src/service/planner/timing';
import type { Leg } from '../../../../../src/service/planner/types';
import { CELESTIA, MANTA, TIA_N, TIA_TOKEN_ID } from './support';
import { getWorld } from '../../../../../src/service/world';

const world = getWorld();
const planner = hyperlaneBridge.planner;

function legs(): { there: HyperlaneLeg; back: HyperlaneLeg } {
  const all = [...planner.edges(new PlannerIndex(world))];
  expect(all).toHaveLength(2);
  const there = all.find((l) => l.from.chainId === CELESTIA)!;
  const back = all.find((l) => l.from.chainId === MANTA)!;
  return { there, back };
}

const transfer = (from: string, to: string): Leg => ({ kind: 'transfer', fromChainId: from, toChainId: to, end: undefined as never, denomIn: 'utia', denomOut: 'utia' });

describe('Hyperlane planner', () => {
  it('offers the TIA warp route both ways', () => {
    const { there, back } = legs();
    expect([there.from.denom, there.to.chainId, there.to.denom, there.data.routeId]).toEqual(['utia', MANTA, TIA_N, 'TIA/mantapacific']);
    expect([back.from.denom, back.to.chainId, back.to.denom]).toEqual([TIA_N, CELESTIA, 'utia']);
  });

  it("charges the interchain gas payment in the source chain's gas token, on top of the amount", () => {
    const { there, back } = legs();
    const ctx = new QuoteContext(world, DEFAULT_PLANNER_CONFIG, true, 0n);
    // $0.03 of TIA at $1.43, rounded up: 0.03 / 1.43 = 0.0209790… TIA
    const toManta = planner.fee(ctx, there)!;
    expect([toManta.amount, toManta.asset.denom, toManta.behavior]).toEqual([20980n, 'utia', 'FEE_BEHAVIOR_ADDITIONAL']);
    // $0.05 of ETH at $2485: 0.05 / 2485 ETH = 20120724346076.46… wei
    const toCelestia = planner.fee(ctx, back)!;
    expect([toCelestia.amount, toCelestia.asset.denom, toCelestia.behavior]).toEqual([20120724346077n, 'manta-native', 'FEE_BEHAVIOR_ADDITIONAL']);
    // without a price for the gas token nothing can be charged
    const unpriced = new QuoteContext(world, { ...DEFAULT_PLANNER_CONFIG, priceUsd: () => undefined }, true, 0n);
    expect(planner.fee(unpriced, there)).toBeNull();
  });

  it('takes minutes, by source chain', () => {
    const { there, back } = legs();
    expect(planner.seconds(there, { smartRelay: true, timing: DEFAULT_TIMING })).toBe(120);
    expect(planner.seconds(back, { smartRelay: false, timing: DEFAULT_TIMING })).toBe(180);
  });

  it('starts and ends its own transaction', () => {
    const { there, back } = legs();
    expect(planner.cannotFollow(world, transfer('osmosis-1', CELESTIA), there)).toMatchObject({ chainId: CELESTIA, reason: 'hyperlane-dispatch' });
    expect(planner.cannotContinue(world, back, transfer(CELESTIA, 'osmosis-1'))).toMatchObject({ chainId: CELESTIA, reason: 'hyperlane-delivery' });
    expect(planner.cannotContinue(world, back, transfer(CELESTIA, 'osmosis-1'))!.explanation).toMatch(/Celestia \(celestia\)/);
  });

  it("writes production's hyperlane_transfer, fields in openapi's order", () => {
    const { there, back } = legs();
    const ctx = new QuoteContext(world, DEFAULT_PLANNER_CONFIG, true, 0n);
    const fee = planner.fee(ctx, there)!;
    const op = planner.operation(ctx, there, { amountIn: 10_000_000n, amountOut: 10_000_000n, fee }, { smartRelay: true });
    expect(op.key).toBe('hyperlane_transfer');
    expect(Object.keys(op.body)).toEqual(['from_chain_id', 'to_chain_id', 'denom_in', 'denom_out', 'hyperlane_contract_address', 'fee_amount', 'usd_fee_amount', 'fee_asset', 'bridge_id', 'smart_relay']);
    expect(op.body).toMatchObject({
      from_chain_id: CELESTIA,
      to_chain_id: MANTA,
      denom_in: 'utia',
      denom_out: TIA_N,
      hyperlane_contract_address: TIA_TOKEN_ID,
      fee_amount: '20980',
      usd_fee_amount: '0.03',
      fee_asset: { denom: 'utia', chain_id: CELESTIA },
      bridge_id: 'HYPERLANE',
      smart_relay: false,
    });
    const backFee = planner.fee(ctx, back)!;
    const opBack = planner.operation(ctx, back, { amountIn: 5n, amountOut: 5n, fee: backFee }, { smartRelay: true });
    expect(opBack.body).toMatchObject({ hyperlane_contract_address: TIA_N, fee_amount: '20120724346077', usd_fee_amount: '0.05', fee_asset: { denom: 'manta-native', chain_id: MANTA } });
  });
});
