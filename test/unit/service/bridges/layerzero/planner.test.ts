/**
 * The planner side: edges between every pair of deployments, the messaging fee in the
 * source's gas token at the price table, timing, transaction breaks and the route operation
 * in openapi's field order.
 */
import { describe, expect, it } from 'vitest';
import { LayerZeroTransfer } from '../../../../../src/api/schemas/operations';
import { layerZeroBridge } from '../../../../../src/service/bridges/layerzero';
import type { LayerZeroLeg } from '../../../../../src/service/bridges/layerzero/planner';
import { DEFAULT_PLANNER_CONFIG } from '../../../../../src/service/planner/config';
import { plannerIndex } from '../../../../../src/service/planner/graph';
import { planRoute } from '../../../../../src/service/planner';
import type { RouteRequest } from '../../../../../src/api/schemas';
import { QuoteContext } from '../../../../../src/service/planner/quote';
import type { Leg } from '../../../../../src/service/planner/types';
import { DEFAULT_TIMING } from '../../../../../src/service/planner/timing';
import { nativeOf, WEETH, world } from './support';

const planner = layerZeroBridge.planner;

const edges = (): LayerZeroLeg[] => [...planner.edges(plannerIndex(world))];
const leg = (from: string, to: string): LayerZeroLeg => edges().find((e) => e.from.chainId === from && e.to.chainId === to)!;
const ctx = (smartRelay = true) => new QuoteContext(world, DEFAULT_PLANNER_CONFIG as typeof DEFAULT_PLANNER_CONFIG, smartRelay, 0n);

describe('LayerZero planner', () => {
  it('offers every ordered pair of weETH deployments', () => {
    const pairs = edges().map((e) => `${e.from.chainId}->${e.to.chainId}`);
    expect(pairs.sort()).toEqual(['1->43114', '1->8453', '43114->1', '43114->8453', '8453->1', '8453->43114']);
    const e = leg('1', '8453');
    expect(e).toMatchObject({ kind: 'bridge', bridge: 'LAYER_ZERO', from: { denom: WEETH.ethereum }, to: { denom: WEETH.base } });
    expect(e.data.source.oft).toBe(WEETH.adapter);
    expect(e.data.destination.eid).toBe(30184);
  });

  it("charges the messaging fee on top, in the source chain's gas token, priced by destination", () => {
    // $0.12 to Base at ETH $2485, rounded up to the wei
    const f = planner.fee(ctx(), leg('1', '8453'))!;
    expect(f.asset.denom).toBe(nativeOf('1'));
    expect(f.amount).toBe((12n * 10n ** 16n * 10n ** 18n + 2485n * 10n ** 18n - 1n) / (2485n * 10n ** 18n));
    expect(f.behavior).toBe('FEE_BEHAVIOR_ADDITIONAL');
    // delivering on Ethereum costs L1 gas: $1.50 paid in AVAX from Avalanche
    const toEth = planner.fee(ctx(false), leg('43114', '1'))!;
    expect(toEth.asset.denom).toBe(nativeOf('43114'));
    expect(toEth.amount).toBe((150n * 10n ** 16n * 10n ** 18n + 1805n * 10n ** 16n - 1n) / (1805n * 10n ** 16n));
    // the executor is part of the protocol: the fee is due with or without smart relay
    expect(toEth.smartRelay).toBe(true);
  });

  it('quotes minutes: three from Ethereum, one from Base or Avalanche', () => {
    const o = { smartRelay: true, timing: DEFAULT_TIMING };
    expect(planner.seconds(leg('1', '8453'), o)).toBe(180);
    expect(planner.seconds(leg('8453', '1'), o)).toBe(60);
    expect(planner.seconds(leg('43114', '8453'), o)).toBe(60);
  });

  it('carries what six shared decimals can: forward drops the dust, backward rounds up to a carried amount', () => {
    const l = leg('8453', '1');
    expect(planner.carries!.forward(l, 1_000_000_123_456_789_012n)).toBe(1_000_000_000_000_000_000n);
    expect(planner.carries!.backward(l, 1_000_000_000_000_000_000n)).toBe(1_000_000_000_000_000_000n);
    expect(planner.carries!.backward(l, 1_000_000_000_000_000_001n)).toBe(1_000_001_000_000_000_000n);
    expect(planner.carries!.forward(l, 999_999_999_999n)).toBe(0n);
  });

  it('quotes routes without dust: exact in drops it, exact out asks for the next carried amount', () => {
    const base = { source_asset_chain_id: '8453', source_asset_denom: WEETH.base, dest_asset_chain_id: '43114', dest_asset_denom: WEETH.avalanche };
    const exactIn = planRoute(world, { ...base, amount_in: '1000000123456789012' } as RouteRequest);
    expect([exactIn.amount_in, exactIn.amount_out]).toEqual(['1000000123456789012', '1000000000000000000']);
    const exactOut = planRoute(world, { ...base, amount_out: '1000000000000000001' } as RouteRequest);
    expect([exactOut.amount_in, exactOut.amount_out]).toEqual(['1000001000000000000', '1000001000000000000']);
    expect(() => planRoute(world, { ...base, amount_in: '999999999999' } as RouteRequest)).toThrow(/smallest amount LayerZero carries/);
  });

  it('starts and ends its own transaction', () => {
    const l = leg('8453', '1');
    const prev = { kind: 'transfer' } as unknown as Leg;
    expect(planner.cannotFollow(world, prev, l)).toMatchObject({ chainId: '8453', reason: 'layer-zero-send' });
    const next = { kind: 'swap', chainId: '1' } as unknown as Leg;
    expect(planner.cannotContinue(world, l, next)).toMatchObject({ chainId: '1', reason: 'layer-zero-receive' });
  });

  it("writes production's LayerZeroTransfer, fields in openapi's order", () => {
    const l = leg('1', '43114');
    const c = ctx();
    const fee = planner.fee(c, l)!;
    const op = planner.operation(c, l, { amountIn: 10n ** 18n, amountOut: 10n ** 18n, fee }, { smartRelay: true });
    expect(op.key).toBe('layer_zero_transfer');
    expect(Object.keys(op.body)).toEqual([
      'from_chain_id',
      'to_chain_id',
      'denom_in',
      'denom_out',
      'source_oft_contract_address',
      'destination_endpoint_id',
      'messaging_fee_asset',
      'messaging_fee_amount',
      'messaging_fee_amount_usd',
      'bridge_id',
    ]);
    expect(op.body).toMatchObject({
      from_chain_id: '1',
      to_chain_id: '43114',
      denom_in: WEETH.ethereum,
      denom_out: WEETH.avalanche,
      source_oft_contract_address: WEETH.adapter,
      destination_endpoint_id: 30106,
      messaging_fee_asset: { denom: nativeOf('1'), chain_id: '1', decimals: 18 },
      messaging_fee_amount: fee.amount.toString(),
      messaging_fee_amount_usd: '0.10',
      bridge_id: 'LAYER_ZERO',
    });
    // Courier's own reader keeps every field (a malformed one would read back as unknown)
    expect(LayerZeroTransfer.parse(op.body)).toEqual(op.body);
  });
});
