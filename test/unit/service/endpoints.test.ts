/**
 * The local service over real HTTP: each endpoint's answer validates with the wire schemas the
 * extension uses, and each error condition of the spec comes back in its shape and code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AssetsBetweenChainsResponse,
  AssetsFromSourceResponse,
  AssetsResponse,
  BridgesResponse,
  ChainsResponse,
  ErrorResponse,
  IbcOriginAssetsResponse,
  MsgsDirectResponse,
  MsgsResponse,
  RecommendAssetsResponse,
  RouteResponse,
  VenuesResponse,
} from '../../../src/api/schemas';
import { toBech32 } from '@cosmjs/encoding';
import { startService, type RunningService } from '../../support/service';

const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
const DEV0 = {
  'cosmoshub-4': 'cosmos19rl4cm2hmr8afy4kldpxz3fka4jguq0auqdal4',
  'osmosis-1': 'osmo19rl4cm2hmr8afy4kldpxz3fka4jguq0a5m7df8',
} as const;
const atomToOsmosis = {
  source_asset_denom: 'uatom',
  source_asset_chain_id: 'cosmoshub-4',
  dest_asset_denom: ATOM_ON_OSMOSIS,
  dest_asset_chain_id: 'osmosis-1',
  amount_in: '2500000',
};

let service: RunningService;
beforeAll(async () => void (service = await startService()));
afterAll(() => service.close());

function expectSpecError(res: { status: number; body: unknown }, status: number, code: number, message?: string | RegExp) {
  expect(res.status).toBe(status);
  const body = ErrorResponse.parse(res.body);
  expect(body.code).toBe(code);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
  return body;
}

describe('endpoint answers validate with the wire schemas', () => {
  it('route: ATOM from the Cosmos Hub to Osmosis over channel-141', async () => {
    const res = await service.post('/v2/fungible/route', atomToOsmosis);
    expect(res.status).toBe(200);
    const route = RouteResponse.parse(res.body);
    expect(route.amount_out).toBe('2500000');
    expect(route.operations).toHaveLength(1);
    expect(route.operations[0]).toMatchObject({ transfer: { channel: 'channel-141', denom_out: ATOM_ON_OSMOSIS }, tx_index: 0 });
    expect(route.required_chain_addresses).toEqual(['cosmoshub-4', 'osmosis-1']);
  });

  it('msgs: the MsgTransfer for that route, signed by the sender on the Hub', async () => {
    const route = RouteResponse.parse((await service.post('/v2/fungible/route', atomToOsmosis)).body);
    const res = await service.post('/v2/fungible/msgs', {
      ...atomToOsmosis,
      amount_out: route.amount_out,
      operations: route.operations,
      address_list: route.required_chain_addresses.map((c) => DEV0[c as keyof typeof DEV0]),
    });
    expect(res.status).toBe(200);
    const msgs = MsgsResponse.parse(res.body);
    expect(msgs.txs).toHaveLength(1);
    const tx = msgs.txs![0]!;
    expect(tx).toMatchObject({ cosmos_tx: { chain_id: 'cosmoshub-4', signer_address: DEV0['cosmoshub-4'] }, operations_indices: [0] });
    const msg = JSON.parse((tx as { cosmos_tx: { msgs: { msg: string }[] } }).cosmos_tx.msgs[0]!.msg);
    expect(msg).toMatchObject({ source_channel: 'channel-141', token: { denom: 'uatom', amount: '2500000' }, receiver: DEV0['osmosis-1'] });
  });

  it('msgs_direct: route and messages in one call', async () => {
    const res = await service.post('/v2/fungible/msgs_direct', {
      ...atomToOsmosis,
      chain_ids_to_addresses: DEV0,
      slippage_tolerance_percent: '1',
    });
    expect(res.status).toBe(200);
    const direct = MsgsDirectResponse.parse(res.body);
    expect(direct.route.dest_asset_denom).toBe(ATOM_ON_OSMOSIS);
  });

  it('assets_from_source, ibc_origin_assets, info/chains and fungible/assets', async () => {
    const reachable = AssetsFromSourceResponse.parse(
      (await service.post('/v2/fungible/assets_from_source', { source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4' })).body,
    );
    expect(reachable.dest_assets['osmosis-1']?.assets.map((a) => a.denom)).toContain(ATOM_ON_OSMOSIS);

    const origins = IbcOriginAssetsResponse.parse(
      (await service.post('/v2/fungible/ibc_origin_assets', { assets: [{ denom: ATOM_ON_OSMOSIS, chain_id: 'osmosis-1' }, { denom: 'ibc/00', chain_id: 'osmosis-1' }] })).body,
    );
    expect(origins.origin_assets[0]).toMatchObject({ asset_found: true, asset: { denom: 'uatom', chain_id: 'cosmoshub-4' } });
    expect(origins.origin_assets[1]).toMatchObject({ asset_found: false });

    const chains = ChainsResponse.parse((await service.get('/v2/info/chains?chain_ids=osmosis-1&chain_ids=cosmoshub-4')).body);
    expect(chains.chains?.map((c) => c.chain_id).sort()).toEqual(['cosmoshub-4', 'osmosis-1']);

    const assets = AssetsResponse.parse((await service.get('/v2/fungible/assets?chain_ids=osmosis-1&native_only=true')).body);
    expect(Object.keys(assets.chain_to_assets_map ?? {})).toEqual(['osmosis-1']);
  });
});

describe('bridges, venues, recommend_assets and assets_between_chains', () => {
  it('info/bridges lists IBC and the bridges the world runs, as the API names them', async () => {
    const res = await service.get('/v2/info/bridges');
    expect(res.status).toBe(200);
    // fixture v2_info_bridges.200.json
    const logo = (id: string) => `https://raw.githubusercontent.com/skip-mev/skip-go-registry/main/bridges/${id}/logo.svg`;
    expect(BridgesResponse.parse(res.body)).toEqual({
      bridges: [
        { id: 'IBC', name: 'IBC', logo_uri: logo('ibc') },
        { id: 'AXELAR', name: 'Axelar', logo_uri: logo('axelar') },
        { id: 'CCTP', name: 'CCTP', logo_uri: logo('cctp') },
        { id: 'LAYER_ZERO', name: 'LayerZero', logo_uri: logo('layerzero') },
      ],
    });
  });

  it('fungible/venues lists every venue with its chain and logo; only_testnets leaves none (a mainnet world)', async () => {
    const venues = VenuesResponse.parse((await service.get('/v2/fungible/venues')).body).venues;
    expect(venues.map((v) => [v.name, v.chain_id])).toEqual(service.app.world.venues.map((v) => [v.name, v.chainId]));
    expect(venues.every((v) => typeof v.logo_uri === 'string' && v.logo_uri.startsWith('https://'))).toBe(true);
    expect((await service.get('/v2/fungible/venues?only_testnets=true')).body).toEqual({ venues: [] });
    expectSpecError(await service.get('/v2/fungible/venues?only_testnets=maybe'), 400, 3, /only_testnets/);
  });

  it('recommend_assets answers the fixture’s request with the fixture’s answer, from the world’s pools', async () => {
    // fixtures v2_fungible_recommend_assets.request.json and .200.json
    const usdc = { source_asset_denom: 'uusdc', source_asset_chain_id: 'axelar-dojo-1' };
    const res = await service.post('/v2/fungible/recommend_assets', {
      requests: [
        { ...usdc, dest_chain_id: 'cosmoshub-4' },
        { ...usdc, dest_chain_id: 'osmosis-1' },
      ],
    });
    expect(res.status).toBe(200);
    const origin = { origin_denom: 'uusdc', origin_chain_id: 'axelar-dojo-1' };
    expect(RecommendAssetsResponse.parse(res.body).recommendation_entries).toEqual([
      {
        recommendations: [
          {
            asset: expect.objectContaining({ denom: 'ibc/932D6003DA334ECBC5B23A071B4287D0A5CC97331197FE9F1C0689BA002A8421', chain_id: 'cosmoshub-4', ...origin, trace: 'transfer/channel-293' }),
            reason: 'MOST_LIQUID',
          },
        ],
      },
      {
        recommendations: [
          {
            asset: expect.objectContaining({ denom: 'ibc/D189335C6E4A68B513C10AB227BF1C1D38C746766278BA3EEB4FB14124F1D858', chain_id: 'osmosis-1', ...origin, trace: 'transfer/channel-208' }),
            reason: 'MOST_LIQUID',
          },
        ],
      },
    ]);
  });

  it('recommend_assets: a reason restricts the pick; the spec’s 400 and 404 answers', async () => {
    const usdc = { source_asset_denom: 'uusdc', source_asset_chain_id: 'noble-1', dest_chain_id: 'osmosis-1' };
    const base = RecommendAssetsResponse.parse((await service.post('/v2/fungible/recommend_assets', { requests: [{ ...usdc, reason: 'BASE_TOKEN' }] })).body);
    expect(base.recommendation_entries[0]!.recommendations![0]).toMatchObject({ reason: 'BASE_TOKEN', asset: { chain_id: 'osmosis-1', origin_denom: 'uusdc', origin_chain_id: 'noble-1', trace: expect.stringMatching(/^transfer\/channel-\d+$/) } });
    expectSpecError(await service.post('/v2/fungible/recommend_assets', { requests: [{ dest_chain_id: 'osmosis-1' }] }), 400, 3, 'Must supply source_asset');
    expectSpecError(await service.post('/v2/fungible/recommend_assets', { requests: [{ ...usdc, source_asset_denom: 'unope' }] }), 400, 3, 'Invalid source_asset_denom');
    expectSpecError(await service.post('/v2/fungible/recommend_assets', { requests: [{ ...usdc, dest_chain_id: 'nowhere-1' }] }), 404, 5, 'dest chain not found');
    // nothing the Hub's ATOM reaches in one transaction, swapped or not, is on Allora
    const none = await service.post('/v2/fungible/recommend_assets', { requests: [{ source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4', dest_chain_id: 'allora-mainnet-1' }] });
    expectSpecError(none, 404, 5, 'no recommendation found');
    // with another entry that has one, the empty entry says why and the rest stands
    const mixed = RecommendAssetsResponse.parse(
      (await service.post('/v2/fungible/recommend_assets', { requests: [{ source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4', dest_chain_id: 'allora-mainnet-1' }, usdc] })).body,
    );
    expect(mixed.recommendation_entries[0]).toEqual({ recommendations: [], error: { message: 'no recommendation found' } });
    expect(mixed.recommendation_entries[1]!.recommendations).toHaveLength(1);
  });

  it('assets_between_chains as POST (openapi) and as GET (client 1.6.1) give the same answer; fixtures’ pairs are in it', async () => {
    // fixture v2_fungible_assets_between_chains.request.evm-to-cosmos.json and its answer
    const post = await service.post('/v2/fungible/assets_between_chains', { source_chain_id: '1', dest_chain_id: 'cosmoshub-4', include_evm_assets: true });
    expect(post.status).toBe(200);
    const get = await service.get('/v2/fungible/assets_between_chains?source_chain_id=1&dest_chain_id=cosmoshub-4&include_evm_assets=true');
    expect(get.body).toEqual(post.body);
    const pairs = AssetsBetweenChainsResponse.parse(post.body).assets_between_chains;
    expect(pairs.find((p) => p.asset_on_source?.symbol === 'USDC')).toMatchObject({
      asset_on_dest: { denom: 'ibc/932D6003DA334ECBC5B23A071B4287D0A5CC97331197FE9F1C0689BA002A8421', trace: 'transfer/channel-293' },
      txs_required: 1,
      bridges: ['AXELAR'],
    });

    const hub = AssetsBetweenChainsResponse.parse((await service.get('/v2/fungible/assets_between_chains?source_chain_id=cosmoshub-4&dest_chain_id=osmosis-1')).body);
    expect(hub.assets_between_chains).toContainEqual(
      expect.objectContaining({ asset_on_source: expect.objectContaining({ denom: 'uatom' }), asset_on_dest: expect.objectContaining({ denom: ATOM_ON_OSMOSIS }), txs_required: 1, bridges: ['IBC'] }),
    );
    // EVM assets only when asked for
    expect((await service.get('/v2/fungible/assets_between_chains?source_chain_id=1&dest_chain_id=cosmoshub-4')).body).toEqual({ assets_between_chains: [] });
  });

  it('assets_between_chains: multi-transaction pairs only with allow_multi_tx; unknown chains 404, missing ones 400', async () => {
    const q = 'source_chain_id=1&dest_chain_id=osmosis-1&include_evm_assets=true';
    const single = AssetsBetweenChainsResponse.parse((await service.get(`/v2/fungible/assets_between_chains?${q}`)).body).assets_between_chains;
    const multi = AssetsBetweenChainsResponse.parse((await service.get(`/v2/fungible/assets_between_chains?${q}&allow_multi_tx=true`)).body).assets_between_chains;
    expect(single.every((p) => p.txs_required === 1)).toBe(true);
    expect(multi.some((p) => p.txs_required > 1 && p.bridges?.includes('CCTP'))).toBe(true);
    expect(multi.length).toBeGreaterThan(single.length);
    expectSpecError(await service.post('/v2/fungible/assets_between_chains', { source_chain_id: 'cosmoshub-4', dest_chain_id: 'nowhere-1' }), 404, 5, 'dest chain not found');
    expectSpecError(await service.get('/v2/fungible/assets_between_chains?source_chain_id=nowhere-1&dest_chain_id=osmosis-1'), 404, 5, 'source chain not found');
    expectSpecError(await service.post('/v2/fungible/assets_between_chains', { source_chain_id: 'cosmoshub-4' }), 400, 3, 'Must supply source_chain_id and dest_chain_id');
    expectSpecError(await service.get('/v2/fungible/assets_between_chains?source_chain_id=cosmoshub-4&dest_chain_id=osmosis-1&allow_multi_tx=yes'), 400, 3, /allow_multi_tx/);
  });
});

describe('request options are honoured or refused by name', () => {
  /** An account no chain has ever funded. */
  const stranger = (prefix: string) => toBech32(prefix, new Uint8Array(20).fill(7));
  const msgsFor = async (request: Record<string, unknown>, addresses: Record<string, string>, extra: Record<string, unknown>) => {
    const route = RouteResponse.parse((await service.post('/v2/fungible/route', request)).body);
    return service.post('/v2/fungible/msgs', {
      ...request,
      amount_out: route.amount_out,
      operations: route.operations,
      address_list: route.required_chain_addresses.map((c) => addresses[c]),
      ...extra,
    });
  };

  it('enable_gas_warnings: a receiver without the fee token gets INSUFFICIENT_GAS_AT_DEST_EOA; funded, or not asked, no warning', async () => {
    const toStranger = { ...DEV0, 'osmosis-1': stranger('osmo') };
    const warned = await msgsFor(atomToOsmosis, toStranger, { enable_gas_warnings: true });
    expect(warned.status).toBe(200);
    expect(warned.body.warning).toEqual({ type: 'INSUFFICIENT_GAS_AT_DEST_EOA', message: expect.stringContaining(`${stranger('osmo')} on osmosis-1`) });
    expect(warned.body.warning.message).toMatch(/\d+ uosmo/);
    expect((await msgsFor(atomToOsmosis, DEV0, { enable_gas_warnings: true })).body).not.toHaveProperty('warning');
    expect((await msgsFor(atomToOsmosis, toStranger, {})).body).not.toHaveProperty('warning');
    const direct = await service.post('/v2/fungible/msgs_direct', { ...atomToOsmosis, chain_ids_to_addresses: toStranger, enable_gas_warnings: true });
    expect(direct.body.warning).toMatchObject({ type: 'INSUFFICIENT_GAS_AT_DEST_EOA' });
  });

  it('enable_gas_warnings: a later transaction signed by an account without gas gets INSUFFICIENT_GAS_AT_INTERMEDIATE', async () => {
    const usdcToOsmosis = {
      source_asset_denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      source_asset_chain_id: '1',
      dest_asset_denom: 'ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4',
      dest_asset_chain_id: 'osmosis-1',
      amount_in: '50000000',
      allow_multi_tx: true,
      bridges: ['CCTP', 'IBC'],
    };
    const { allow_multi_tx: _m, bridges: _b, ...msgsFields } = usdcToOsmosis;
    const route = RouteResponse.parse((await service.post('/v2/fungible/route', usdcToOsmosis)).body);
    expect(route.required_chain_addresses).toEqual(['1', 'noble-1', 'osmosis-1']);
    const res = await service.post('/v2/fungible/msgs', {
      ...msgsFields,
      amount_out: route.amount_out,
      operations: route.operations,
      address_list: ['0x9858EfFD232B4033E47d90003D41EC34EcaEda94', stranger('noble'), DEV0['osmosis-1']],
      enable_gas_warnings: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.warning).toEqual({ type: 'INSUFFICIENT_GAS_AT_INTERMEDIATE', message: expect.stringContaining(`${stranger('noble')} on noble-1`) });
  });

  it('smart_swap_options and experimental_features: production’s values are accepted, anything else is a 400 naming it', async () => {
    const swap = { source_asset_denom: 'uosmo', source_asset_chain_id: 'osmosis-1', dest_asset_denom: ATOM_ON_OSMOSIS, dest_asset_chain_id: 'osmosis-1', amount_in: '1000000' };
    const plain = RouteResponse.parse((await service.post('/v2/fungible/route', swap)).body);
    // the vendor's client and widget send these; the world has no EVM venue and the planner never splits
    const opted = await service.post('/v2/fungible/route', {
      ...swap,
      smart_swap_options: { split_routes: true, evm_swaps: true },
      experimental_features: ['hyperlane', 'stargate', 'eureka', 'layer_zero', 'cctp'],
    });
    expect(opted.status).toBe(200);
    expect(RouteResponse.parse(opted.body).amount_out).toBe(plain.amount_out);
    expectSpecError(await service.post('/v2/fungible/route', { ...swap, smart_swap_options: { teleport: true } }), 400, 3, /^invalid smart_swap_options\.teleport: unknown option/);
    expectSpecError(await service.post('/v2/fungible/route', { ...swap, smart_swap_options: { split_routes: 'yes' } }), 400, 3, /smart_swap_options\.split_routes/);
    expectSpecError(await service.post('/v2/fungible/route', { ...swap, experimental_features: ['wormhole'] }), 400, 3, /^invalid experimental_features: unknown feature "wormhole"/);
    expectSpecError(
      await service.post('/v2/fungible/msgs_direct', { ...swap, chain_ids_to_addresses: DEV0, experimental_features: ['wormhole'] }),
      400,
      3,
      /experimental_features/,
    );
  });
});

describe('the spec’s error conditions', () => {
  it('msgs with an invalid amount: 400, code 3, "invalid amount_in"', async () => {
    const route = RouteResponse.parse((await service.post('/v2/fungible/route', atomToOsmosis)).body);
    const res = await service.post('/v2/fungible/msgs', {
      ...atomToOsmosis,
      amount_in: '-5',
      operations: route.operations,
      address_list: Object.values(DEV0),
    });
    expectSpecError(res, 400, 3, 'invalid amount_in');
  });

  it('route with a price far off the market: BAD_PRICE_ERROR with both USD values, or a warning with allow_unsafe', async () => {
    // Enough OSMO to drain the ATOM/OSMO pools: the output is worth far less than the input.
    const request = {
      source_asset_denom: 'uosmo',
      source_asset_chain_id: 'osmosis-1',
      dest_asset_denom: ATOM_ON_OSMOSIS,
      dest_asset_chain_id: 'osmosis-1',
      amount_in: '50000000000000',
    };
    const refused = expectSpecError(
      await service.post('/v2/fungible/route', request),
      400,
      3,
      /^difference in usd value of route input and output is too large\. input usd value: [\d.]+ output usd value: [\d.]+$/,
    );
    expect(refused.details).toEqual([expect.objectContaining({ reason: 'BAD_PRICE_ERROR', '@type': 'type.googleapis.com/google.rpc.ErrorInfo' })]);

    const unsafe = await service.post('/v2/fungible/route', { ...request, allow_unsafe: true });
    expect(unsafe.status).toBe(200);
    expect(RouteResponse.parse(unsafe.body).warning).toMatchObject({ type: expect.stringMatching(/WARNING$/), message: expect.any(String) });
  });

  it('assets_from_source with an unknown denom: code 3 "Invalid source_asset_denom"', async () => {
    const res = await service.post('/v2/fungible/assets_from_source', { source_asset_denom: 'unope', source_asset_chain_id: 'osmosis-1' });
    expectSpecError(res, 400, 3, 'Invalid source_asset_denom');
  });

  it('ibc_origin_assets without denom or chain_id: code 3 "Must supply denom and chain_id"', async () => {
    expectSpecError(await service.post('/v2/fungible/ibc_origin_assets', { assets: [{ denom: 'uatom' }] }), 400, 3, 'Must supply denom and chain_id');
    expectSpecError(await service.post('/v2/fungible/ibc_origin_assets', {}), 400, 3, 'Must supply denom and chain_id');
  });

  it('submit: code 3 "tx must be base64 encoded", code 5 "chain ID not supported"', async () => {
    expectSpecError(await service.post('/v2/tx/submit', { tx: 'not base64!!', chain_id: 'osmosis-1' }), 400, 3, 'tx must be base64 encoded');
    const unknown = await service.post('/v2/tx/submit', { tx: 'CgA=', chain_id: 'nowhere-1' });
    expect(ErrorResponse.parse(unknown.body)).toMatchObject({ code: 5, message: 'chain ID not supported' });
  });

  it('no route: 404, code 5, production’s two messages; an amount below the fees: 400, code 3, with the minimum', async () => {
    const usdcToOsmosis = { source_asset_denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', source_asset_chain_id: '1', dest_asset_denom: 'ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4', dest_asset_chain_id: 'osmosis-1', amount_in: '50000000', bridges: ['CCTP', 'IBC'] };
    expectSpecError(await service.post('/v2/fungible/route', usdcToOsmosis), 404, 5, 'no single-tx routes found, to enable multi-tx routes set allow_multi_tx to true');
    expectSpecError(await service.post('/v2/fungible/route', { ...atomToOsmosis, bridges: ['CCTP'] }), 404, 5, 'no routes found');
    const direct = await service.post('/v2/fungible/msgs_direct', { ...usdcToOsmosis, chain_ids_to_addresses: DEV0 });
    expectSpecError(direct, 404, 5, 'no single-tx routes found, to enable multi-tx routes set allow_multi_tx to true');
    const low = expectSpecError(
      await service.post('/v2/fungible/route', { source_asset_denom: 'uusdc', source_asset_chain_id: 'noble-1', dest_asset_denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', dest_asset_chain_id: '1', amount_in: '10' }),
      400,
      3,
      /^Input amount is too low to cover the CCTP smart relay fee of \d+ uusdc: the minimum amount_in is \d+ uusdc$/,
    );
    expect(low.details?.[0]).toMatchObject({ reason: 'INPUT_AMOUNT_TOO_LOW', metadata: { denom: 'uusdc' } });
  });

  it('a route request missing a field names it', async () => {
    const { source_asset_chain_id: _dropped, ...rest } = atomToOsmosis;
    const body = expectSpecError(await service.post('/v2/fungible/route', rest), 400, 3);
    expect(body.message).toContain('source_asset_chain_id');
  });
});
