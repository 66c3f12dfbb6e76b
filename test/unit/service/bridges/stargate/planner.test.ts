import { describe, expect, it } from 'vitest';
import { stargatePlanner, type StargateLeg } from '../../../../../src/service/bridges/stargate/planner';
import { DEFAULT_PLANNER_CONFIG } from '../../../../../src/service/planner/config';
import { QuoteContext } from '../../../../../src/service/planner/quote';
import { DEFAULT_TIMING } from '../../../../../src/service/planner/timing';
import type { TransferLeg } from '../../../../../src/service/planner/types';
import { data, index, world } from './harness';

const planner = stargatePlanner(data);
const edges = [...planner.edges(index)];
const ctx = new QuoteContext(world, DEFAULT_PLANNER_CONFIG, true, 0n);
const edge = (from: string, to: string, symbol = 'USDC'): StargateLeg => {
  const e = edges.find((x) => x.from.chainId === from && x.to.chainId === to && x.data.symbol === symbol);
  if (!e) throw new Error(`no edge ${from} → ${to}`);
  return e;
};

// openapi StargateTransfer, properties in the spec's order
const STARGATE_TRANSFER_FIELDS = [
  'from_chain_id',
  'to_chain_id',
  'denom_in',
  'denom_out',
  'pool_address',
  'destination_endpoint_id',
  'oft_fee_asset',
  'oft_fee_amount',
  'oft_fee_amount_usd',
  'messaging_fee_asset',
  'messaging_fee_amount',
  'messaging_fee_amount_usd',
  'bridge_id',
];

describe('Stargate planner', () => {
  it('connects every two pools of the same asset, both ways, and never USDC to USDT', () => {
    expect(edges.filter((e) => e.data.symbol === 'USDC')).toHaveLength(7 * 6);
    expect(edges.filter((e) => e.data.symbol === 'USDT')).toHaveLength(6 * 5);
    for (const e of edges) {
      expect(e.bridge).toBe('STARGATE');
      expect(e.from.chainId).not.toBe(e.to.chainId);
      expect(e.from.asset.symbol).toBe(e.to.asset.symbol);
    }
    expect(edges.some((e) => e.from.chainId === '8453' && e.data.symbol === 'USDT')).toBe(false);
  });

  it("charges LayerZero's fee on top, in the source gas token, as a fee estimated_fees reports", () => {
    const fee = planner.fee(ctx, edge('8453', '1'))!;
    expect(fee.asset.denom).toBe('base-native');
    expect(fee.behavior).toBe('FEE_BEHAVIOR_ADDITIONAL');
    expect(fee.smartRelay).toBe(true);
    expect(fee.amount).toBe(603_621_730_382_294n);
    expect(planner.fee(ctx, edge('137', '56', 'USDT'))!.asset.denom).toBe('polygon-native');
  });

  it('converts decimals and deducts the protocol fee in amountOut, and inverts it', () => {
    const leg = edge('42161', '56', 'USDT');
    expect(planner.amountOut(leg, 10_000_000n)).toBe(9_999_950n * 10n ** 12n);
    // 9 999 999 − ⌊9 999 999·5/10⁶⌋ = 9 999 950 already
    expect(planner.amountInFor(undefined as never, leg, 9_999_950n * 10n ** 12n)).toBe(9_999_999n);
  });

  it('takes minutes: the source chain confirmations, the DVNs, the delivery', () => {
    expect(planner.seconds(edge('1', '10'), { smartRelay: true, timing: DEFAULT_TIMING })).toBe(205);
    expect(planner.seconds(edge('43114', '10'), { smartRelay: true, timing: DEFAULT_TIMING })).toBe(40);
  });

  it('starts its own transaction and ends it', () => {
    const leg = edge('1', '10');
    const prev = { kind: 'transfer' } as TransferLeg;
    expect(planner.cannotFollow(world, prev, leg)).toMatchObject({ chainId: '1', reason: 'stargate-send' });
    expect(planner.cannotContinue(world, leg, prev)).toMatchObject({ chainId: '10', reason: 'stargate-delivery' });
    expect(planner.cannotFollow(world, prev, leg)!.explanation).toContain('Ethereum');
  });

  it("writes stargate_transfer with openapi's fields in order and production's fee fields", () => {
    const leg = edge('1', '56');
    const op = planner.operation(ctx, leg, { amountIn: 250_000_000n, amountOut: planner.amountOut(leg, 250_000_000n) }, { smartRelay: true });
    expect(op.key).toBe('stargate_transfer');
    expect(Object.keys(op.body)).toEqual(STARGATE_TRANSFER_FIELDS);
    expect(op.body).toMatchObject({
      from_chain_id: '1',
      to_chain_id: '56',
      denom_in: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      denom_out: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d',
      pool_address: '0xc026395860Db2d07ee33e05fE50ed7bD583189C7',
      destination_endpoint_id: 30102,
      oft_fee_amount: '1250',
      oft_fee_amount_usd: '0.00',
      // $0.12 at $2485 per ETH, rounded up to the wei
      messaging_fee_amount: '48289738430584',
      messaging_fee_amount_usd: '0.12',
      bridge_id: 'STARGATE',
    });
    expect(op.body.oft_fee_asset).toMatchObject({ denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', chain_id: '1' });
    expect(op.body.messaging_fee_asset).toMatchObject({ denom: 'ethereum-native', chain_id: '1', decimals: 18 });
  });
});
