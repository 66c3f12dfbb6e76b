/**
 * The local service over real HTTP: each endpoint's answer validates with the wire schemas the
 * extension uses, and each error condition of the spec comes back in its shape and code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AssetsFromSourceResponse,
  AssetsResponse,
  ChainsResponse,
  ErrorResponse,
  IbcOriginAssetsResponse,
  MsgsDirectResponse,
  MsgsResponse,
  RouteResponse,
} from '../../../src/api/schemas';
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

  it('a route request missing a field names it', async () => {
    const { source_asset_chain_id: _dropped, ...rest } = atomToOsmosis;
    const body = expectSpecError(await service.post('/v2/fungible/route', rest), 400, 3);
    expect(body.message).toContain('source_asset_chain_id');
  });
});
