/** Price safety of planned routes: BAD_PRICE, HIGH_LOSS and LOW_INFO, with and without allow_unsafe. */
import { beforeAll, describe, expect, it } from 'vitest';
import { RouteResponse, type RouteRequest } from '../../../src/api/schemas';
import type { ServiceError } from '../../../src/service/http/errors';
import { planRoute, type PlannerConfig } from '../../../src/service/planner';
import { buildWorld, type World } from '../../../src/service/world';
import { serviceErrorOf } from '../../support/service-error';

const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
const MESSAGE = /^difference in usd value of route input and output is too large\. input usd value: (\d+\.\d\d) output usd value: (\d+\.\d\d)$/;

let world: World;
beforeAll(() => {
  world = buildWorld({ log: () => {} });
});

const atomToOsmo = (amountIn: string, extra: Partial<RouteRequest> = {}): RouteRequest => ({
  source_asset_denom: 'uatom',
  source_asset_chain_id: 'cosmoshub-4',
  dest_asset_denom: 'uosmo',
  dest_asset_chain_id: 'osmosis-1',
  amount_in: amountIn,
  ...extra,
});

function planError(req: RouteRequest, config?: Partial<PlannerConfig>): ServiceError {
  return serviceErrorOf(() => planRoute(world, req, config));
}

function planValid(req: RouteRequest, config?: Partial<PlannerConfig>) {
  const r = planRoute(world, req, config);
  expect(RouteResponse.safeParse(r).success).toBe(true);
  return r;
}

describe('BAD_PRICE', () => {
  it('a trade that eats a fifth of the pool is refused with the spec message and an ErrorInfo detail', () => {
    const e = planError(atomToOsmo('200000000000')); // 200k ATOM, ≈ $800k
    expect(e.httpStatus).toBe(400);
    expect(e.code).toBe(3);
    const m = MESSAGE.exec(e.message);
    expect(m, e.message).not.toBeNull();
    expect(m![1]).toBe('804000.00');
    expect(Number(m![2])).toBeLessThan(804000 * 0.9);
    expect(e.toBody().details).toEqual([
      { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'BAD_PRICE_ERROR', domain: expect.any(String), metadata: {} },
    ]);
  });

  it('with allow_unsafe the route comes back with a BAD_PRICE_WARNING carrying the same message', () => {
    const e = planError(atomToOsmo('200000000000'));
    const r = planValid(atomToOsmo('200000000000', { allow_unsafe: true }));
    expect(r.warning).toEqual({ type: 'BAD_PRICE_WARNING', message: e.message });
    expect(r.usd_amount_in).toBe('804000.00');
    expect(e.message).toContain(`output usd value: ${r.usd_amount_out}`);
  });

  it('a tiny pool makes even a small trade a bad price', () => {
    const tiny: Partial<PlannerConfig> = {
      // pool 1 (ATOM/OSMO) and pool 1251 (ATOM/USDC) hold a few dollars each
      poolReserves: (p) => (p.id === '1' || p.id === '1251' ? [(BigInt(p.reserves[0]) / 1_000_000n).toString(), (BigInt(p.reserves[1]) / 1_000_000n).toString()] : p.reserves),
    };
    const e = planError(atomToOsmo('10000000'), tiny); // 10 ATOM
    expect(e.toBody().details[0]!.reason).toBe('BAD_PRICE_ERROR');
    expect(planValid(atomToOsmo('10000000', { allow_unsafe: true }), tiny).warning?.type).toBe('BAD_PRICE_WARNING');
  });

  it('the threshold is configurable', () => {
    const r = planValid(atomToOsmo('1000000000')); // 1000 ATOM: ≈ 0.35 % loss
    expect(r.warning).toBeUndefined();
    const e = planError(atomToOsmo('1000000000'), { badPricePercent: '0.1' });
    expect(e.toBody().details[0]!.reason).toBe('BAD_PRICE_ERROR');
  });
});

describe('HIGH_LOSS', () => {
  it('a loss above the USD limit is refused even under the percentage', () => {
    const e = planError(atomToOsmo('60000000000')); // 60k ATOM: ≈ 8 % of $241k
    expect(e.code).toBe(3);
    expect(e.toBody().details[0]!.reason).toBe('HIGH_LOSS_ERROR');
    expect(e.message).toMatch(/input usd value: 241200\.00 output usd value: \d+\.\d\d$/);
  });

  it('allow_unsafe returns it with a BAD_PRICE_WARNING (openapi has no high-loss warning type)', () => {
    const r = planValid(atomToOsmo('60000000000', { allow_unsafe: true }));
    expect(r.warning?.type).toBe('BAD_PRICE_WARNING');
    expect(r.warning?.message).toMatch(/usd loss/);
  });

  it('highLossUsd null disables the check', () => {
    expect(planValid(atomToOsmo('60000000000'), { highLossUsd: null }).warning).toBeUndefined();
  });
});

describe('LOW_INFO', () => {
  const noAtomPrice: Partial<PlannerConfig> = {
    priceUsd: (a) => (a.coingeckoId === 'cosmos' ? undefined : world.priceOfAsset(a)),
  };

  it('a swap whose input has no price is refused', () => {
    const e = planError(atomToOsmo('1000000'), noAtomPrice);
    expect(e.code).toBe(3);
    expect(e.toBody().details[0]!.reason).toBe('LOW_INFO_ERROR');
    expect(e.message).toMatch(/uatom on cosmoshub-4/);
  });

  it('allow_unsafe returns it with a LOW_INFO_WARNING and without the missing USD value', () => {
    const r = planValid(atomToOsmo('1000000', { allow_unsafe: true }), noAtomPrice);
    expect(r.warning?.type).toBe('LOW_INFO_WARNING');
    expect(r.usd_amount_in).toBeUndefined();
    expect(r.usd_amount_out).toBeDefined();
  });

  it('transfers of unpriced assets are not price-checked (nothing is exchanged)', () => {
    const r = planValid(
      { source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4', dest_asset_denom: ATOM_ON_OSMOSIS, dest_asset_chain_id: 'osmosis-1', amount_in: '5' },
      noAtomPrice,
    );
    expect(r.warning).toBeUndefined();
    expect(r.usd_amount_in).toBeUndefined();
  });
});
