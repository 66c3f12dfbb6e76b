import { beforeAll, describe, expect, it } from 'vitest';
import { AssetsFromSourceResponse, type AssetsFromSourceRequest } from '../../../src/api/schemas';
import { assetsFromSource } from '../../../src/service/discovery';
import { getWorld, type World } from '../../../src/service/world';
import type { Pool } from '../../../src/service/world/types';
import { readFixture } from '../../support/fixtures';
import { serviceErrorOf as failure } from '../../support/service-error';

const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
const USDC_NOBLE_ON_OSMOSIS = 'ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4';
const AXLUSDC_ON_OSMOSIS = 'ibc/D189335C6E4A68B513C10AB227BF1C1D38C746766278BA3EEB4FB14124F1D858';
const ETH_USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

let world: World;
beforeAll(() => {
  world = getWorld();
});

type Req = AssetsFromSourceRequest;
const atomFromHub = (extra: Partial<Req> = {}): Req => ({
  source_asset_denom: 'uatom',
  source_asset_chain_id: 'cosmoshub-4',
  ...extra,
});

/** Runs the endpoint and checks the answer against the wire schema. */
function run(req: Req, w: World = world): AssetsFromSourceResponse {
  const res = assetsFromSource(w, req);
  expect(AssetsFromSourceResponse.safeParse(res).success).toBe(true);
  return res;
}

function all(res: AssetsFromSourceResponse) {
  return Object.values(res.dest_assets).flatMap((v) => v.assets);
}

function has(res: AssetsFromSourceResponse, chainId: string, denom: string): boolean {
  return (res.dest_assets[chainId]?.assets ?? []).some((a) => a.denom === denom);
}


describe('assets_from_source: transfers only', () => {
  it('takes ATOM from the Hub to Osmosis as the registry denom, with its metadata', () => {
    const res = run(atomFromHub());
    const osmo = res.dest_assets['osmosis-1']!.assets;
    const atom = osmo.find((a) => a.denom === ATOM_ON_OSMOSIS)!;
    expect(atom).toMatchObject({
      chain_id: 'osmosis-1',
      origin_denom: 'uatom',
      origin_chain_id: 'cosmoshub-4',
      trace: 'transfer/channel-0',
      is_cw20: false,
      is_evm: false,
      is_svm: false,
      symbol: 'ATOM',
      decimals: 6,
    });
    // without swaps, nothing but ATOM anywhere: its IBC forms, and Eureka's ERC-20 on Ethereum
    for (const a of all(res)) {
      if (a.chain_id === '1') expect([a.symbol, a.is_evm]).toEqual(['ATOM', true]);
      else expect([a.origin_chain_id, a.origin_denom]).toEqual(['cosmoshub-4', 'uatom']);
    }
  });

  it('never lists the source itself, and lists each (chain, denom) once', () => {
    const res = run(atomFromHub());
    expect(res.dest_assets['cosmoshub-4']).toBeUndefined();
    const seen = all(res).map((a) => `${a.chain_id} ${a.denom}`);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('omits empty optional fields: never null, never an empty string', () => {
    for (const a of all(run(atomFromHub({ include_swaps: true })))) {
      for (const [k, v] of Object.entries(a)) {
        expect(v, k).not.toBeNull();
        if (k !== 'trace') expect(v, k).not.toBe('');
      }
    }
  });

  it('is sorted: chain ids in key order, natives then shorter traces then denom', () => {
    const res = run(atomFromHub({ include_swaps: true }));
    for (const { assets } of Object.values(res.dest_assets)) {
      const keys = assets.map((a) => [a.trace === '' ? 0 : a.trace!.split('/').length, a.denom] as const);
      const sorted = [...keys].sort((x, y) => x[0] - y[0] || (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0));
      expect(keys).toEqual(sorted);
    }
  });

  it('unwinds an IBC source home: ATOM on Osmosis reaches uatom on the Hub', () => {
    const res = run({ source_asset_denom: ATOM_ON_OSMOSIS, source_asset_chain_id: 'osmosis-1' });
    expect(has(res, 'cosmoshub-4', 'uatom')).toBe(true);
    // and on through the Hub (PFM) to its other neighbours, as the canonical one-hop copy
    const hubEnd = world.channelBetween('neutron-1', 'cosmoshub-4')!;
    expect(res.dest_assets['neutron-1']?.assets.map((a) => a.trace)).toEqual([`transfer/${hubEnd.channelId}`]);
  });

  it('accepts a lowercase ibc hash for the source', () => {
    const res = run({ source_asset_denom: ATOM_ON_OSMOSIS.toLowerCase(), source_asset_chain_id: 'osmosis-1' });
    expect(has(res, 'cosmoshub-4', 'uatom')).toBe(true);
    expect(has(res, 'osmosis-1', ATOM_ON_OSMOSIS)).toBe(false);
  });

  it('matches the fixture: USDC from Axelar reaches agoric-3 as its one-hop denom', () => {
    const req = readFixture('v2_fungible_assets_from_source.request.usdc-from-axelar.json') as Req;
    const fixture = readFixture('v2_fungible_assets_from_source.200.json') as AssetsFromSourceResponse;
    const res = run(req);
    const expected = fixture.dest_assets['agoric-3']!.assets[0]!;
    expect(res.dest_assets['agoric-3']!.assets).toEqual([expect.objectContaining({
      denom: expected.denom,
      origin_denom: expected.origin_denom,
      origin_chain_id: expected.origin_chain_id,
      trace: expected.trace,
    })]);
    // Axelar forwards to EVM chains in the same transaction
    expect(res.dest_assets['1']?.assets.map((a) => a.denom)).toEqual([ETH_USDC]);
  });

  it('answers the ASTRO-from-Terra fixture request (a CW20: not routable over transfer channels)', () => {
    const req = readFixture('v2_fungible_assets_from_source.request.astro-from-terra.json') as Req;
    expect(run(req)).toEqual({ dest_assets: {} });
  });

  it('CCTP: USDC on Ethereum reaches USDC on Noble and Solana; on past Noble only in a second transaction (or by Go Fast)', () => {
    const res = run({ source_asset_denom: ETH_USDC, source_asset_chain_id: '1' });
    expect(has(res, 'noble-1', 'uusdc')).toBe(true);
    expect(res.dest_assets['solana']?.assets.map((a) => a.symbol)).toEqual(['USDC']);
    // Go Fast fills on Osmosis in one transaction from Ethereum
    expect(has(res, 'osmosis-1', USDC_NOBLE_ON_OSMOSIS)).toBe(true);
    // from Solana only CCTP leaves, and the USDC it mints on Noble carries no memo (the planner's
    // rule too): onward from Noble is a new transaction
    const solana = { source_asset_denom: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', source_asset_chain_id: 'solana' };
    expect(has(run(solana), 'noble-1', 'uusdc')).toBe(true);
    expect(has(run(solana), 'osmosis-1', USDC_NOBLE_ON_OSMOSIS)).toBe(false);
    expect(has(run({ ...solana, allow_multi_tx: true }), 'osmosis-1', USDC_NOBLE_ON_OSMOSIS)).toBe(true);
    // Ethereum USDC is also Axelar's canonical token: axlUSDC on Axelar is one transfer away
    expect(has(res, 'axelar-dojo-1', 'uusdc')).toBe(true);
  });

  it('CCTP the other way: Noble USDC on Osmosis unwinds to Noble, then burns to every CCTP chain', () => {
    const res = run({ source_asset_denom: USDC_NOBLE_ON_OSMOSIS, source_asset_chain_id: 'osmosis-1' });
    for (const c of world.bridges.cctp.chains) {
      if (c.chainId === 'noble-1') expect(has(res, c.chainId, 'uusdc')).toBe(true);
      else expect(res.dest_assets[c.chainId]?.assets.length, c.chainId).toBe(1);
    }
  });

  it('Axelar: axlUSDC on Osmosis goes home and on to EVM chains, but not on by IBC (Axelar runs no PFM)', () => {
    const single = run({ source_asset_denom: AXLUSDC_ON_OSMOSIS, source_asset_chain_id: 'osmosis-1' });
    expect(has(single, 'axelar-dojo-1', 'uusdc')).toBe(true);
    expect(has(single, '1', ETH_USDC)).toBe(true);
    expect(single.dest_assets['agoric-3']).toBeUndefined();
    const multi = run({ source_asset_denom: AXLUSDC_ON_OSMOSIS, source_asset_chain_id: 'osmosis-1', allow_multi_tx: true });
    expect(multi.dest_assets['agoric-3']).toBeDefined();
  });

  it('allow_multi_tx widens the set: AKT on Osmosis can only go home in one tx (Akash has no PFM)', () => {
    const akt = world.assetsOn('osmosis-1').find((a) => a.originChainId === 'akashnet-2' && a.originDenom === 'uakt')!;
    const req = { source_asset_denom: akt.denom, source_asset_chain_id: 'osmosis-1' };
    const single = run(req);
    const multi = run({ ...req, allow_multi_tx: true });
    expect(has(single, 'akashnet-2', 'uakt')).toBe(true);
    const singleSet = new Set(all(single).map((a) => `${a.chain_id} ${a.denom}`));
    const multiSet = new Set(all(multi).map((a) => `${a.chain_id} ${a.denom}`));
    for (const k of singleSet) expect(multiSet.has(k), k).toBe(true);
    expect(multiSet.size).toBeGreaterThan(singleSet.size);
    // the extra destinations are Akash's own neighbours, reached in a second transaction
    const extra = [...multiSet].filter((k) => !singleSet.has(k)).map((k) => k.split(' ')[0]!);
    expect(extra.some((c) => world.channelBetween('akashnet-2', c))).toBe(true);
  });

  it('native_only keeps assets native to their chain only', () => {
    // only Eureka's ERC-20 on Ethereum is a token of its own chain; every IBC form has a trace
    expect(all(run(atomFromHub({ native_only: true }))).map((a) => `${a.chain_id} ${a.symbol}`)).toEqual(['1 ATOM']);
    const res = run({ source_asset_denom: ATOM_ON_OSMOSIS, source_asset_chain_id: 'osmosis-1', native_only: true });
    expect(all(res).map((a) => `${a.chain_id} ${a.denom}`)).toEqual(['cosmoshub-4 uatom']);
    const swaps = run(atomFromHub({ include_swaps: true, native_only: true }));
    expect(all(swaps).length).toBeGreaterThan(0);
    for (const a of all(swaps)) expect(a.trace).toBe('');
    expect(has(swaps, 'osmosis-1', 'uosmo')).toBe(true);
  });

  it('group_by is accepted (and ignored)', () => {
    expect(run(atomFromHub({ group_by: 'symbol' }))).toEqual(run(atomFromHub()));
  });
});

describe('assets_from_source: swaps', () => {
  it('include_swaps adds OSMO and USDC on Osmosis', () => {
    const without = run(atomFromHub());
    expect(has(without, 'osmosis-1', 'uosmo')).toBe(false);
    const res = run(atomFromHub({ include_swaps: true }));
    expect(has(res, 'osmosis-1', 'uosmo')).toBe(true);
    expect(has(res, 'osmosis-1', USDC_NOBLE_ON_OSMOSIS)).toBe(true);
    // carried onward after the swap: OSMO on a neighbour of Osmosis, USDC home to Noble
    const osmoOnHub = world.assetsOn('cosmoshub-4').find((a) => a.originChainId === 'osmosis-1' && a.originDenom === 'uosmo');
    if (osmoOnHub) expect(has(res, 'cosmoshub-4', osmoOnHub.denom)).toBe(true);
    expect(has(res, 'noble-1', 'uusdc')).toBe(true);
    // every transfer-only destination is still there
    for (const a of all(without)) expect(has(res, a.chain_id, a.denom), `${a.chain_id} ${a.denom}`).toBe(true);
  });

  it('swap_venues restricts the venues: Astroport only gives NTRN on Neutron, no OSMO on Osmosis', () => {
    const res = run(atomFromHub({ include_swaps: true, swap_venues: [{ name: 'neutron-astroport', chain_id: 'neutron-1' }] }));
    expect(has(res, 'osmosis-1', 'uosmo')).toBe(false);
    expect(has(res, 'neutron-1', 'untrn')).toBe(true);
    const none = run(atomFromHub({ include_swaps: true, swap_venues: [{ name: 'no-such-venue', chain_id: 'x' }] }));
    expect(none).toEqual(run(atomFromHub()));
  });

  it('swap_venues without include_swaps changes nothing', () => {
    expect(run(atomFromHub({ swap_venues: [{ name: 'osmosis-poolmanager', chain_id: 'osmosis-1' }] }))).toEqual(run(atomFromHub()));
  });

  it('include_cw20_assets: CW20 destinations are dropped unless asked for', () => {
    // No pool of the real World holds a CW20, so give Neutron one (NTRN / a Neutron CW20).
    const cw20 = world.assetsOn('neutron-1').find((a) => a.isCw20)!;
    const pool: Pool = {
      id: 'test-cw20',
      venue: 'neutron-astroport',
      chainId: 'neutron-1',
      denoms: ['untrn', cw20.denom],
      reserves: ['1000000000', '1000000000'],
      feeBps: 30,
      kind: 'constant-product',
    };
    const pools = [...world.pools, pool];
    const withCw20Pool = Object.create(world, {
      pools: { get: () => pools },
      poolsOn: { value: (chainId: string) => pools.filter((p) => p.chainId === chainId) },
    }) as World;
    const req = { source_asset_denom: 'untrn', source_asset_chain_id: 'neutron-1', include_swaps: true };
    expect(has(run(req, withCw20Pool), 'neutron-1', cw20.denom)).toBe(false);
    const res = run({ ...req, include_cw20_assets: true }, withCw20Pool);
    expect(res.dest_assets['neutron-1']!.assets.find((a) => a.denom === cw20.denom)).toMatchObject({ is_cw20: true });
  });
});

describe('assets_from_source: recommendation_reason', () => {
  it('UNKNOWN and null filter nothing', () => {
    const base = run(atomFromHub({ include_swaps: true }));
    expect(run(atomFromHub({ include_swaps: true, recommendation_reason: 'UNKNOWN' }))).toEqual(base);
    expect(run(atomFromHub({ include_swaps: true, recommendation_reason: null }))).toEqual(base);
  });

  it('DIRECT keeps what one transfer delivers, without a swap', () => {
    const res = run(atomFromHub({ include_swaps: true, recommendation_reason: 'DIRECT' }));
    expect(has(res, 'osmosis-1', ATOM_ON_OSMOSIS)).toBe(true);
    expect(has(res, 'osmosis-1', 'uosmo')).toBe(false);
    for (const a of all(res)) {
      // one bridge crossing is one step too: Eureka's ATOM on Ethereum
      if (a.is_evm) continue;
      expect(a.origin_denom).toBe('uatom');
      expect(a.trace!.split('/').length).toBe(2);
      expect(world.channelBetween(a.chain_id, 'cosmoshub-4')).toBeDefined();
    }
    expect(all(res).length).toBeLessThanOrEqual(all(run(atomFromHub())).length);
  });

  it('BASE_TOKEN keeps one form per chain and origin, the canonical one when reachable', () => {
    const res = run(atomFromHub({ include_swaps: true, recommendation_reason: 'BASE_TOKEN' }));
    const keys = all(res).map((a) => `${a.chain_id} ${a.origin_chain_id} ${a.origin_denom}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(has(res, 'osmosis-1', ATOM_ON_OSMOSIS)).toBe(true);
    expect(has(res, 'osmosis-1', 'uosmo')).toBe(true);
  });

  it('MOST_LIQUID keeps, per chain, the one destination with the deepest pool', () => {
    const res = run(atomFromHub({ include_swaps: true, recommendation_reason: 'MOST_LIQUID' }));
    expect(Object.keys(res.dest_assets).length).toBeGreaterThan(0);
    for (const [chainId, { assets }] of Object.entries(res.dest_assets)) {
      expect(assets).toHaveLength(1);
      expect(world.poolsOn(chainId).some((p) => p.denoms.includes(assets[0]!.denom))).toBe(true);
    }
  });

  it('an unknown reason is a 400, code 3, naming the field', () => {
    const e = failure(() => assetsFromSource(world, atomFromHub({ recommendation_reason: 'CHEAPEST' })));
    expect([e.httpStatus, e.code]).toEqual([400, 3]);
    expect(e.message).toContain('recommendation_reason');
  });
});

describe('assets_from_source: errors', () => {
  it('an unknown source denom is 400, code 3, "Invalid source_asset_denom"', () => {
    for (const req of [
      { source_asset_denom: 'unotatom', source_asset_chain_id: 'cosmoshub-4' },
      { source_asset_denom: `ibc/${'0'.repeat(64)}`, source_asset_chain_id: 'osmosis-1' },
      { source_asset_denom: 'uatom', source_asset_chain_id: 'no-such-chain' },
    ]) {
      const e = failure(() => assetsFromSource(world, req));
      expect(e.toBody()).toEqual({ code: 3, message: 'Invalid source_asset_denom', details: [] });
      expect(e.httpStatus).toBe(400);
    }
  });

  it('a missing source field is 400, code 3, naming the field', () => {
    const noDenom = failure(() => assetsFromSource(world, { source_asset_chain_id: 'cosmoshub-4' } as Req));
    expect([noDenom.httpStatus, noDenom.code]).toEqual([400, 3]);
    expect(noDenom.message).toContain('source_asset_denom');
    const noChain = failure(() => assetsFromSource(world, { source_asset_denom: 'uatom', source_asset_chain_id: ' ' }));
    expect(noChain.message).toContain('source_asset_chain_id');
  });
});

describe('assets_from_source: caching and speed', () => {
  it('answers equal, unshared objects for equal requests', () => {
    const a = run(atomFromHub({ include_swaps: true }));
    a.dest_assets['osmosis-1']!.assets[0]!.symbol = 'MUTATED';
    const b = run(atomFromHub({ include_swaps: true }));
    expect(b.dest_assets['osmosis-1']!.assets[0]!.symbol).not.toBe('MUTATED');
  });

  it('is fast (timing printed, not asserted)', () => {
    const t0 = performance.now();
    const sources = world.mainAssets('osmosis-1').slice(0, 10);
    for (const s of sources) assetsFromSource(world, { source_asset_denom: s.denom, source_asset_chain_id: s.chainId, include_swaps: true });
    const t1 = performance.now();
    for (const s of sources) assetsFromSource(world, { source_asset_denom: s.denom, source_asset_chain_id: s.chainId, include_swaps: true });
    const t2 = performance.now();
    console.info(
      `assets_from_source with swaps, ${sources.length} Osmosis sources: ` +
        `${((t1 - t0) / sources.length).toFixed(2)} ms each uncached, ${((t2 - t1) / sources.length).toFixed(2)} ms cached`,
    );
    expect(sources.length).toBeGreaterThan(0);
  });
});
