import { beforeAll, describe, expect, it } from 'vitest';
import { IbcOriginAssetsResponse, type IbcOriginAssetsRequest } from '../../../src/api/schemas';
import { ibcOriginAssets } from '../../../src/service/discovery';
import { getWorld, ibcDenom, type World } from '../../../src/service/world';
import { readFixture } from '../../support/fixtures';
import { serviceErrorOf as failure } from '../../support/service-error';

const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';

let world: World;
beforeAll(() => {
  world = getWorld();
});

function run(req: IbcOriginAssetsRequest): IbcOriginAssetsResponse {
  const res = ibcOriginAssets(world, req);
  expect(IbcOriginAssetsResponse.safeParse(res).success).toBe(true);
  return res;
}


describe('ibc_origin_assets', () => {
  it('resolves ATOM on Osmosis to uatom on cosmoshub-4, with the origin metadata', () => {
    const [entry] = run({ assets: [{ denom: ATOM_ON_OSMOSIS, chain_id: 'osmosis-1' }] }).origin_assets;
    expect(entry).toEqual({
      asset: expect.objectContaining({
        denom: 'uatom',
        chain_id: 'cosmoshub-4',
        origin_denom: 'uatom',
        origin_chain_id: 'cosmoshub-4',
        trace: '',
        is_cw20: false,
        is_evm: false,
        is_svm: false,
        symbol: 'ATOM',
        decimals: 6,
        coingecko_id: 'cosmos',
      }),
      asset_found: true,
    });
    // optional fields are omitted when empty, as everywhere
    for (const v of Object.values(entry!.asset!)) expect(v).not.toBeNull();
  });

  it('a native asset is its own origin; EVM addresses match in any case', () => {
    const res = run({
      assets: [
        { denom: 'uosmo', chain_id: 'osmosis-1' },
        { denom: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', chain_id: '1' },
      ],
    });
    expect(res.origin_assets[0]!.asset).toMatchObject({ denom: 'uosmo', chain_id: 'osmosis-1', trace: '' });
    expect(res.origin_assets[1]!.asset).toMatchObject({ denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', chain_id: '1', is_evm: true });
  });

  it('answers the fixture requests in order (both hashes are known to the Hub)', () => {
    const req = readFixture('v2_fungible_ibc_origin_assets.request.multi-asset.json') as IbcOriginAssetsRequest;
    const res = run(req);
    expect(res.origin_assets).toHaveLength(2);
    for (const entry of res.origin_assets) expect(entry.asset_found).toBe(true);
    // the fixture's answer for the first: OSMO; the second is Axelar's USDC
    expect(res.origin_assets[0]!.asset).toMatchObject({ denom: 'uosmo', chain_id: 'osmosis-1', symbol: 'OSMO' });
    expect(res.origin_assets[1]!.asset).toMatchObject({ denom: 'uusdc', chain_id: 'axelar-dojo-1' });
  });

  it('unknown denoms and chains are asset_found: false, without an asset', () => {
    const res = run({
      assets: [
        { denom: `ibc/${'A'.repeat(64)}`, chain_id: 'osmosis-1' },
        { denom: 'unotreal', chain_id: 'cosmoshub-4' },
        { denom: 'uatom', chain_id: 'no-such-chain' },
        { denom: ATOM_ON_OSMOSIS, chain_id: 'osmosis-1' },
      ],
    });
    expect(res.origin_assets.slice(0, 3)).toEqual([{ asset_found: false }, { asset_found: false }, { asset_found: false }]);
    expect(res.origin_assets[3]!.asset_found).toBe(true);
  });

  it('derives an ibc/ hash the registry does not list: ATOM one hop past Osmosis', () => {
    // a neighbour of Osmosis whose ATOM-through-Osmosis denom nobody has computed yet
    const end = world.neighbors('osmosis-1').find((e) => {
      const d = ibcDenom(`${e.counterpartyPortId}/${e.counterpartyChannelId}/transfer/channel-0`, 'uatom');
      return world.denomTrace(d) === undefined && !world.asset(e.counterpartyChainId, d);
    })!;
    expect(end).toBeDefined();
    const trace = `${end.counterpartyPortId}/${end.counterpartyChannelId}/transfer/channel-0`;
    const denom = ibcDenom(trace, 'uatom');
    const res = run({ assets: [{ denom: denom.toLowerCase(), chain_id: end.counterpartyChainId }] });
    expect(res.origin_assets[0]).toMatchObject({ asset: { denom: 'uatom', chain_id: 'cosmoshub-4' }, asset_found: true });
    // and the World now knows the trace (the chain simulator can use it)
    expect(world.denomTrace(denom)).toEqual({ trace, baseDenom: 'uatom' });
  });

  it('an empty list answers an empty list', () => {
    expect(run({ assets: [] })).toEqual({ origin_assets: [] });
  });

  it('a missing denom or chain_id in any entry is 400, code 3, "Must supply denom and chain_id"', () => {
    const good = { denom: 'uosmo', chain_id: 'osmosis-1' };
    for (const bad of [{ denom: 'uosmo' }, { chain_id: 'osmosis-1' }, { denom: '', chain_id: 'osmosis-1' }, { denom: 'uosmo', chain_id: '  ' }, {}]) {
      const e = failure(() => ibcOriginAssets(world, { assets: [good, bad] }));
      expect(e.httpStatus).toBe(400);
      expect(e.toBody()).toEqual({ code: 3, message: 'Must supply denom and chain_id', details: [] });
    }
  });
});
