import { describe, expect, it } from 'vitest';
import { RouteResponse, type Operation } from '../../../src/api';
import { summariseRoute } from '../../../src/background/tracker/route-summary';
import { DEFAULT_POLICY, estimatedDurationMs, regularIntervalMs } from '../../../src/background/tracker/schedule';
import {
  OPINIT_DEPOSIT_SECONDS,
  OPINIT_WITHDRAWAL_SECONDS,
  TYPICAL_STEP_SECONDS,
  UNKNOWN_STEP_SECONDS,
  typicalRouteSeconds,
} from '../../../src/background/tracker/typical-duration';

const ibc = (from: string, to: string): Operation => ({
  transfer: { from_chain_id: from, to_chain_id: to, channel: 'channel-0', port: 'transfer', denom_in: 'uatom', denom_out: 'ibc/X' },
  tx_index: 0,
  amount_in: '1',
  amount_out: '1',
});
const op = (kind: string, body: Record<string, unknown> = {}): Operation => ({ [kind]: body, tx_index: 0, amount_in: '1', amount_out: '1' }) as Operation;

const route = (operations: Operation[], over: Record<string, unknown> = {}) =>
  RouteResponse.parse({
    amount_in: '1000000',
    amount_out: '1000000',
    source_asset_denom: 'uatom',
    source_asset_chain_id: 'cosmoshub-4',
    dest_asset_denom: 'ibc/X',
    dest_asset_chain_id: 'osmosis-1',
    operations,
    required_chain_addresses: ['cosmoshub-4', 'osmosis-1'],
    ...over,
  });

describe('typical duration of a route without an estimate', () => {
  it('sums its steps: IBC hops in seconds, CCTP and Axelar in minutes, swaps free', () => {
    expect(typicalRouteSeconds([ibc('cosmoshub-4', 'osmosis-1')])).toBe(30);
    expect(typicalRouteSeconds([ibc('a', 'b'), op('swap', { swap_in: {} }), ibc('b', 'c')])).toBe(60);
    expect(typicalRouteSeconds([ibc('osmosis-1', 'noble-1'), op('cctp_transfer')])).toBe(30 + 20 * 60);
    expect(typicalRouteSeconds([op('axelar_transfer')])).toBe(15 * 60);
    expect(typicalRouteSeconds([op('go_fast_transfer')])).toBe(TYPICAL_STEP_SECONDS.go_fast_transfer);
    for (const kind of ['hyperlane_transfer', 'stargate_transfer', 'layer_zero_transfer', 'eureka_transfer'] as const) {
      expect(typicalRouteSeconds([op(kind)]), kind).toBeGreaterThanOrEqual(60);
    }
  });

  it('OPinit: a deposit from the L1 takes seconds, a withdrawal to it days', () => {
    expect(typicalRouteSeconds([op('op_init_transfer', { from_chain_id: 'interwoven-1', to_chain_id: 'birdee-1' })])).toBe(OPINIT_DEPOSIT_SECONDS);
    expect(typicalRouteSeconds([op('op_init_transfer', { from_chain_id: 'birdee-1', to_chain_id: 'interwoven-1' })])).toBe(OPINIT_WITHDRAWAL_SECONDS);
    expect(OPINIT_WITHDRAWAL_SECONDS).toBeGreaterThanOrEqual(24 * 60 * 60);
  });

  it('an unknown kind counts as a minute; never less than a block', () => {
    expect(typicalRouteSeconds([op('quantum_transfer')])).toBe(UNKNOWN_STEP_SECONDS);
    expect(typicalRouteSeconds([op('swap', { swap_in: {} })])).toBe(6);
    expect(typicalRouteSeconds([])).toBe(6);
  });

  it('the route summary keeps the API estimate when given, else the typical duration', () => {
    const withEstimate = summariseRoute(route([op('cctp_transfer')], { estimated_route_duration_seconds: 900 }));
    expect(withEstimate).toMatchObject({ estimatedDurationSeconds: 900, typicalDurationSeconds: null });
    const without = summariseRoute(route([op('cctp_transfer')]));
    expect(without).toMatchObject({ estimatedDurationSeconds: null, typicalDurationSeconds: 20 * 60, txsRequired: null });
    // chain_ids unknown: the chains needing an address stand for the path.
    expect(without.chainIds).toEqual(['cosmoshub-4', 'osmosis-1']);
  });

  it('paces the polls: a CCTP route without an estimate is polled like a 20-minute transfer, not every few seconds', () => {
    const cctp = { createdAt: 0, route: summariseRoute(route([op('cctp_transfer')])) };
    expect(estimatedDurationMs(cctp, DEFAULT_POLICY)).toBe(20 * 60_000);
    expect(regularIntervalMs(cctp, 3_000, DEFAULT_POLICY)).toBe(60_000);
    const hop = { createdAt: 0, route: summariseRoute(route([ibc('cosmoshub-4', 'osmosis-1')])) };
    expect(regularIntervalMs(hop, 3_000, DEFAULT_POLICY)).toBe(24_000);
  });
});
