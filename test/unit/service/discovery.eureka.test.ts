/**
 * Discovery lists what Eureka routes deliver: from Ethereum's WBTC, the Hub's voucher and its
 * copies one IBC hop beyond the Hub (forwarded by PFM in the same transaction), with the trace
 * through the Ethereum light client and Ethereum's WBTC as origin; from Ethereum's ATOM, ATOM
 * on the Hub and beyond. Every destination listed from Ethereum's WBTC or ATOM is routable:
 * /v2/fungible/route answers 200 for it, over HTTP, from the in-process service.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../../support/service';

const WBTC = '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599';
const ATOM_ERC20 = '0xbf6Bc6782f7EB580312CC09B976e9329f3e027B3';
const WBTC_HUB = 'ibc/D742E8566B0B8CC8F569D950051C09CF57988A88F0E45574BFB3079D41DE6462';
const WBTC_OSMOSIS = 'ibc/88386AC48152D48B34B082648DF836F975506F0B57DBBFC10A54213B1BF484CB';
const WBTC_ORIGIN = { origin_chain_id: '1', origin_denom: WBTC };

/** ibc/ + uppercase hex SHA-256 of the full path, computed here independently of the service. */
const ibcOf = (fullPath: string) => `ibc/${createHash('sha256').update(fullPath).digest('hex').toUpperCase()}`;

type WireAsset = { denom: string; chain_id: string; origin_chain_id: string; origin_denom: string; trace: string; symbol?: string };

let service: RunningService;
beforeAll(async () => void (service = await startService({ speed: 0 })));
afterAll(() => service.close());

async function destinations(denom: string, chainId = '1'): Promise<WireAsset[]> {
  const r = await service.post('/v2/fungible/assets_from_source', { source_asset_denom: denom, source_asset_chain_id: chainId });
  expect(r.status).toBe(200);
  return Object.values(r.body.dest_assets as Record<string, { assets: WireAsset[] }>).flatMap((e) => e.assets);
}

/**
 * Routes to every listed destination: those /v2/fungible/route does not answer 200 for (with
 * the answer), and those it answers with more than one transaction (discovery was asked for
 * single-transaction destinations, allow_multi_tx unset).
 */
async function routeEach(source: string, amount: string, list: readonly WireAsset[], sourceChainId = '1'): Promise<{ failed: string[]; multiTx: string[] }> {
  const failed: string[] = [];
  const multiTx: string[] = [];
  for (const a of list) {
    const body = { source_asset_denom: source, source_asset_chain_id: sourceChainId, dest_asset_denom: a.denom, dest_asset_chain_id: a.chain_id, amount_in: amount };
    let r = await service.post('/v2/fungible/route', body);
    // a destination Go Fast alone reaches in one transaction is listed too: the popup's comparison asks go_fast
    if (r.status === 404) r = await service.post('/v2/fungible/route', { ...body, go_fast: true });
    if (r.status !== 200) failed.push(`${a.chain_id} ${a.denom}: ${r.status} ${JSON.stringify(r.body)}`);
    else if (r.body.txs_required !== 1) multiTx.push(`${a.chain_id} ${a.denom}: ${r.body.txs_required} transactions`);
  }
  return { failed, multiTx };
}

describe('assets_from_source from Ethereum WBTC', () => {
  it('lists the Hub voucher and its copies on Osmosis and Neutron, traced through the Ethereum light client, from Ethereum WBTC', async () => {
    const list = await destinations(WBTC);
    const hub = list.find((a) => a.chain_id === 'cosmoshub-4' && a.denom === WBTC_HUB);
    expect(hub).toMatchObject({ trace: 'transfer/08-wasm-1369', symbol: 'WBTC', ...WBTC_ORIGIN });
    expect(list.find((a) => a.chain_id === 'osmosis-1' && a.denom === WBTC_OSMOSIS)).toMatchObject({ trace: 'transfer/channel-0/transfer/08-wasm-1369', symbol: 'WBTC', ...WBTC_ORIGIN });
    const neutron = service.app.world.channelBetween('neutron-1', 'cosmoshub-4')!;
    const neutronTrace = `transfer/${neutron.channelId}/transfer/08-wasm-1369`;
    expect(list.find((a) => a.chain_id === 'neutron-1' && a.denom === ibcOf(`${neutronTrace}/${WBTC.toLowerCase()}`))).toMatchObject({ trace: neutronTrace, ...WBTC_ORIGIN });
    // every copy of the voucher names Ethereum's WBTC, and its denom is the hash of its trace over WBTC's address
    const copies = list.filter((a) => a.trace.endsWith('transfer/08-wasm-1369'));
    expect(copies.length).toBeGreaterThan(2);
    for (const a of copies) {
      expect(a).toMatchObject(WBTC_ORIGIN);
      expect(a.denom).toBe(ibcOf(`${a.trace}/${WBTC.toLowerCase()}`));
    }
  });

  it('answers 200 on /v2/fungible/route, in one transaction, for every destination it lists', async () => {
    const list = await destinations(WBTC);
    expect(list.length).toBeGreaterThan(50);
    expect(await routeEach(WBTC, '1500000', list)).toEqual({ failed: [], multiTx: [] });
  });
});

describe('assets_from_source from Ethereum ATOM', () => {
  it('lists ATOM on the Hub and one hop beyond it, each routable', async () => {
    const list = await destinations(ATOM_ERC20);
    expect(list.find((a) => a.chain_id === 'cosmoshub-4' && a.denom === 'uatom')).toMatchObject({ trace: '', origin_chain_id: 'cosmoshub-4', origin_denom: 'uatom' });
    expect(list.find((a) => a.chain_id === 'osmosis-1')).toMatchObject({
      denom: 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2',
      trace: 'transfer/channel-0',
      origin_chain_id: 'cosmoshub-4',
      origin_denom: 'uatom',
    });
    expect(list.some((a) => a.chain_id === 'neutron-1')).toBe(true);
    expect(await routeEach(ATOM_ERC20, '20000000', list)).toEqual({ failed: [], multiTx: [] });
  });
});

describe('assets_between_chains with Eureka', () => {
  it('pairs Ethereum WBTC with its copy on Osmosis, one transaction over Eureka and IBC, and ATOM the other way', async () => {
    const r = await service.post('/v2/fungible/assets_between_chains', { source_chain_id: '1', dest_chain_id: 'osmosis-1', include_evm_assets: true });
    expect(r.status).toBe(200);
    const pair = r.body.assets_between_chains.find((p: { asset_on_source: WireAsset; asset_on_dest: WireAsset }) => p.asset_on_source.denom === WBTC && p.asset_on_dest.denom === WBTC_OSMOSIS);
    expect(pair).toMatchObject({ txs_required: 1, bridges: ['EUREKA', 'IBC'], asset_on_dest: { trace: 'transfer/channel-0/transfer/08-wasm-1369', ...WBTC_ORIGIN } });
    const back = await service.post('/v2/fungible/assets_between_chains', { source_chain_id: 'cosmoshub-4', dest_chain_id: '1', include_evm_assets: true });
    expect(back.body.assets_between_chains.find((p: { asset_on_source: WireAsset }) => p.asset_on_source.denom === 'uatom')).toMatchObject({ asset_on_dest: { denom: ATOM_ERC20 }, txs_required: 1, bridges: ['EUREKA'] });
  });
});

describe('the origin of a Eureka copy', () => {
  it('ibc_origin_assets and GET assets name Ethereum WBTC for the Hub voucher and for its copy on Osmosis, which GET assets lists', async () => {
    const r = await service.post('/v2/fungible/ibc_origin_assets', { assets: [{ denom: WBTC_OSMOSIS, chain_id: 'osmosis-1' }, { denom: WBTC_HUB, chain_id: 'cosmoshub-4' }] });
    expect(r.status).toBe(200);
    for (const o of r.body.origin_assets) expect(o).toMatchObject({ asset_found: true, asset: { chain_id: '1', denom: WBTC, is_evm: true, trace: '' } });
    const listed = await service.get('/v2/fungible/assets?chain_ids=cosmoshub-4,osmosis-1');
    const on = (chainId: string) => listed.body.chain_to_assets_map[chainId].assets as WireAsset[];
    expect(on('cosmoshub-4').find((a) => a.denom === WBTC_HUB)).toMatchObject({ trace: 'transfer/08-wasm-1369', ...WBTC_ORIGIN });
    // chain-registry lists it on Osmosis; the World adopts it although its trace leaves the channel graph at the Hub
    expect(on('osmosis-1').find((a) => a.denom === WBTC_OSMOSIS)).toMatchObject({ trace: 'transfer/channel-0/transfer/08-wasm-1369', symbol: 'WBTC', decimals: 8, ...WBTC_ORIGIN });
  });
});

describe('assets_from_source from USDC on Arbitrum and Base (CCTP, Axelar, Stargate, Go Fast)', () => {
  // CCTP's minted USDC carries no memo, so beyond Noble only Go Fast (through Osmosis) is one transaction
  for (const [chainId, usdc] of [
    ['42161', '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'],
    ['8453', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'],
  ] as const) {
    it(`${chainId}: answers 200 on /v2/fungible/route, in one transaction, for every destination it lists`, async () => {
      const list = await destinations(usdc, chainId);
      expect(list.length).toBeGreaterThan(3);
      expect(await routeEach(usdc, '10000000', list, chainId)).toEqual({ failed: [], multiTx: [] });
    });
  }
});
