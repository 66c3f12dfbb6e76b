import { beforeAll, describe, expect, it } from 'vitest';
import { AssetsResponse, ChainsResponse } from '../../../src/api/schemas';
import { fungibleAssets, infoChains } from '../../../src/service/discovery';
import { getWorld, type World } from '../../../src/service/world';
import { readFixture } from '../../support/fixtures';
import { serviceErrorOf as failure } from '../../support/service-error';


let world: World;
beforeAll(() => {
  world = getWorld();
});

const q = (s: string) => new URLSearchParams(s);

function chains(query: string): ChainsResponse {
  const res = infoChains(world, q(query));
  expect(ChainsResponse.safeParse(res).success).toBe(true);
  return res;
}

function assets(query: string): AssetsResponse {
  const res = fungibleAssets(world, q(query));
  expect(AssetsResponse.safeParse(res).success).toBe(true);
  return res;
}


const ids = (res: ChainsResponse) => res.chains.map((c) => c.chain_id);

describe('GET /v2/info/chains', () => {
  it('lists the Cosmos chains by default, sorted, with every field of the fixture', () => {
    const res = chains('');
    expect(res.chains.length).toBe(world.chains.filter((c) => c.chainType === 'cosmos').length);
    expect(ids(res)).toEqual([...ids(res)].sort());
    const hub = res.chains.find((c) => c.chain_id === 'cosmoshub-4')!;
    const fixture = readFixture('v2_info_chains.200.json') as ChainsResponse;
    expect(Object.keys(hub).sort()).toEqual(Object.keys(fixture.chains[0]!).sort());
    expect(hub).toMatchObject({
      chain_name: 'cosmoshub',
      pfm_enabled: true,
      bech32_prefix: 'cosmos',
      chain_type: 'cosmos',
      is_testnet: false,
      pretty_name: 'Cosmos Hub',
      cosmos_module_support: { authz: true, feegrant: true },
    });
    expect(hub.fee_assets![0]!.denom).toBe('uatom');
  });

  it('chain_ids, repeated or comma-separated; unknown ids are left out', () => {
    const a = chains('chain_ids=osmosis-1&chain_ids=cosmoshub-4');
    expect(ids(a)).toEqual(['cosmoshub-4', 'osmosis-1']);
    expect(chains('chain_ids=osmosis-1,cosmoshub-4')).toEqual(a);
    expect(chains('chain_ids=osmosis-1,no-such-chain')).toEqual(chains('chain_ids=osmosis-1'));
  });

  it('include_evm and include_svm add the EVM chains and Solana', () => {
    expect(chains('').chains.some((c) => c.chain_type !== 'cosmos')).toBe(false);
    const evm = chains('include_evm=true');
    expect(ids(evm)).toContain('1');
    expect(evm.chains.some((c) => c.chain_type === 'svm')).toBe(false);
    const both = chains('include_evm=true&include_svm=true');
    expect(both.chains.length).toBe(world.chains.length);
    expect(ids(chains('include_svm=1&chain_ids=solana'))).toEqual(['solana']);
  });

  it('only_testnets=true: the World is mainnet only', () => {
    expect(chains('only_testnets=true')).toEqual({ chains: [] });
    expect(chains('only_testnets=false').chains.length).toBe(chains('').chains.length);
  });

  it('bad values are 400, code 3, naming the parameter', () => {
    for (const [query, name] of [
      ['include_evm=maybe', 'include_evm'],
      ['include_svm=', 'include_svm'],
      ['only_testnets=yes', 'only_testnets'],
      ['include_evm=true&include_evm=false', 'include_evm'],
    ] as const) {
      const e = failure(() => infoChains(world, q(query)));
      expect([e.httpStatus, e.code], query).toEqual([400, 3]);
      expect(e.message).toContain(name);
    }
    expect(failure(() => infoChains(world, q('chain_ids=')))).toMatchObject({ code: 3, message: 'Invalid chain_id' });
  });

  it('answers copies: editing one does not change the next', () => {
    const a = chains('chain_ids=osmosis-1');
    a.chains[0]!.fee_assets!.length = 0;
    expect(chains('chain_ids=osmosis-1').chains[0]!.fee_assets!.length).toBeGreaterThan(0);
  });
});

describe('GET /v2/fungible/assets', () => {
  it('by default: Cosmos chains, no CW20, every asset schema-valid and sorted natives first', () => {
    const res = assets('');
    const map = res.chain_to_assets_map;
    expect(map['1']).toBeUndefined();
    expect(map['solana']).toBeUndefined();
    const list = Object.values(map).flatMap((v) => v.assets);
    expect(list.some((a) => a.is_cw20)).toBe(false);
    const osmo = map['osmosis-1']!.assets;
    expect(osmo.find((a) => a.denom === 'uosmo')).toMatchObject({ trace: '', symbol: 'OSMO' });
    expect(osmo[0]!.trace).toBe('');
    for (const { assets: l } of Object.values(map)) {
      const hops = l.map((a) => (a.trace === '' ? 0 : a.trace!.split('/').length));
      expect(hops).toEqual([...hops].sort((x, y) => x - y));
    }
    for (const a of list) for (const v of Object.values(a)) expect(v).not.toBeNull();
  });

  it('chain_ids filters; an unknown chain id is 400 "Invalid chain_id"', () => {
    const res = assets('chain_ids=osmosis-1,cosmoshub-4');
    expect(Object.keys(res.chain_to_assets_map).sort()).toEqual(['cosmoshub-4', 'osmosis-1']);
    expect(assets('chain_ids=osmosis-1&chain_ids=cosmoshub-4')).toEqual(res);
    const e = failure(() => fungibleAssets(world, q('chain_ids=osmosis-1,nope-1')));
    expect(e.toBody()).toEqual({ code: 3, message: 'Invalid chain_id', details: [] });
    expect(e.httpStatus).toBe(400);
  });

  it('native_only keeps empty traces only', () => {
    const list = Object.values(assets('native_only=true').chain_to_assets_map).flatMap((v) => v.assets);
    expect(list.length).toBeGreaterThan(0);
    for (const a of list) expect(a.trace).toBe('');
  });

  it('include_cw20_assets adds the CW20 tokens', () => {
    const cw20 = world.assets.find((a) => a.isCw20)!;
    const chain = `chain_ids=${cw20.chainId}`;
    expect(assets(chain).chain_to_assets_map[cw20.chainId]!.assets.some((a) => a.denom === cw20.denom)).toBe(false);
    const withCw20 = assets(`${chain}&include_cw20_assets=true`).chain_to_assets_map[cw20.chainId]!.assets;
    expect(withCw20.find((a) => a.denom === cw20.denom)).toMatchObject({ is_cw20: true });
  });

  it('include_evm_assets / include_svm_assets add EVM and Solana tokens', () => {
    const evm = assets('include_evm_assets=true').chain_to_assets_map;
    expect(evm['1']!.assets.some((a) => a.is_evm && a.symbol === 'USDC')).toBe(true);
    expect(evm['solana']).toBeUndefined();
    const svm = assets('include_svm_assets=true&chain_ids=solana').chain_to_assets_map;
    expect(svm['solana']!.assets.every((a) => a.is_svm)).toBe(true);
    // the type flags apply to named chains too (filters combine with AND)
    expect(assets('chain_ids=1').chain_to_assets_map).toEqual({});
    expect(assets('chain_ids=1&include_evm_assets=true').chain_to_assets_map['1']!.assets.length).toBeGreaterThan(0);
  });

  it('include_no_metadata_assets and only_testnets', () => {
    const all = assets('include_no_metadata_assets=true&include_cw20_assets=true&include_evm_assets=true&include_svm_assets=true');
    const count = Object.values(all.chain_to_assets_map).reduce((n, v) => n + v.assets.length, 0);
    expect(count).toBe(world.assets.length);
    expect(assets('only_testnets=true')).toEqual({ chain_to_assets_map: {} });
  });

  it('bad boolean values are 400, code 3', () => {
    const e = failure(() => fungibleAssets(world, q('native_only=maybe')));
    expect([e.httpStatus, e.code]).toEqual([400, 3]);
    expect(e.message).toContain('native_only');
  });
});
