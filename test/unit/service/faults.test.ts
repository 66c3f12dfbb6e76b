/** Fault injection: the book's rules, and HTTP faults through a real server socket. */
import type http from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorResponse } from '../../../src/api/schemas';
import { ChainSimulator, ManualClock } from '../../../src/service/chains';
import { fungibleAssets, infoChains } from '../../../src/service/discovery';
import { FaultBook, createFaultInterceptor, type ChannelEnds } from '../../../src/service/faults';
import { closeServer, createServiceServer, listenLocal } from '../../../src/service/http/server';
import { createLocalServices, type LocalServices } from '../../../src/service/local-routes';
import { getWorld } from '../../../src/service/world';
import { LAB_CHAIN, LAB_TOKEN } from '../../support/lab-chain';

const world = getWorld();
const HUB = 'cosmoshub-4';
const OSMO = 'osmosis-1';

const ends = (a: string, ac: string, b: string, bc: string): ChannelEnds => ({ sourceChainId: a, sourceChannel: ac, destChainId: b, destChannel: bc });

describe('FaultBook', () => {
  it('packet faults match either end of the channel and are used up packet by packet', () => {
    const book = new FaultBook();
    book.apply({ kind: 'timeout', chain_id: HUB, channel_id: 'channel-141', count: 2 });
    book.apply({ kind: 'error_ack', chain_id: OSMO, channel_id: 'channel-0' });
    expect(book.takePacketFault(ends(OSMO, 'channel-9', HUB, 'channel-1'))).toBeUndefined();
    expect(book.takePacketFault(ends(HUB, 'channel-141', OSMO, 'channel-0'))).toBe('timeout');
    expect(book.takePacketFault(ends(OSMO, 'channel-0', HUB, 'channel-141'))).toBe('timeout');
    expect(book.takePacketFault(ends(OSMO, 'channel-0', HUB, 'channel-141'))).toBe('error_ack');
    expect(book.takePacketFault(ends(OSMO, 'channel-0', HUB, 'channel-141'))).toBeUndefined();
    expect(book.list()).toEqual([]);
  });

  it('pauses: everything, a chain, or one channel; a resume lifts what it covers', () => {
    const book = new FaultBook();
    let resumed = 0;
    book.onResume(() => (resumed += 1));
    const p = ends(HUB, 'channel-141', OSMO, 'channel-0');
    const other = ends('juno-1', 'channel-1', 'stride-1', 'channel-2');
    book.apply({ kind: 'pause', chain_id: OSMO, channel_id: 'channel-0' });
    expect([book.isPaused(p), book.isPaused(other)]).toEqual([true, false]);
    book.apply({ kind: 'pause', chain_id: 'juno-1' });
    expect(book.isPaused(other)).toBe(true);
    expect(book.isChainPaused(['juno-1', 'x'])).toBe(true);
    expect(book.isChainPaused([HUB])).toBe(false);
    expect(book.apply({ kind: 'resume', chain_id: 'nochain' }).removed).toBe(0);
    expect(resumed).toBe(0);
    expect(book.apply({ kind: 'resume', chain_id: OSMO }).removed).toBe(1);
    expect([book.isPaused(p), book.isPaused(other), resumed]).toEqual([false, true, 1]);
    book.apply({ kind: 'pause' });
    expect(book.isPaused(p)).toBe(true);
    expect(book.apply({ kind: 'resume' }).removed).toBe(2);
    expect([book.isPaused(p), book.isPaused(other), resumed]).toEqual([false, false, 2]);
  });

  it('HTTP faults only ever touch /v2/, honour path prefixes and counts, and draw deterministically from their seed', () => {
    const book = new FaultBook();
    book.apply({ kind: 'http', rate: 1, mode: '500', paths: ['/v2/tx/'], count: 2 });
    expect(book.httpFault('/local/faults')).toBeUndefined();
    expect(book.httpFault('/healthz')).toBeUndefined();
    expect(book.httpFault('/v2/info/balances')).toBeUndefined();
    expect(book.httpFault('/v2/tx/status')).toMatchObject({ kind: 'status', status: 500, code: 2 });
    expect(book.httpFault('/v2/tx/track')).toMatchObject({ kind: 'status', status: 500 });
    expect(book.httpFault('/v2/tx/status')).toBeUndefined();

    const draws = (seed: number) => {
      const b = new FaultBook();
      b.apply({ kind: 'http', rate: 0.3, mode: 'cut', seed });
      return Array.from({ length: 400 }, () => (b.httpFault('/v2/fungible/route') ? 1 : 0)).join('');
    };
    expect(draws(42)).toBe(draws(42));
    expect(draws(42)).not.toBe(draws(43));
    const share = [...draws(42)].filter((c) => c === '1').length / 400;
    expect(share).toBeGreaterThan(0.2);
    expect(share).toBeLessThan(0.4);
    const never = new FaultBook();
    never.apply({ kind: 'http', rate: 0, mode: '429' });
    expect(Array.from({ length: 50 }, () => never.httpFault('/v2/x')).every((x) => x === undefined)).toBe(true);
  });

  it('production_shape reshapes successful /v2/ answers as production does, within its paths and count; a failure fault wins', () => {
    const book = new FaultBook();
    book.apply({ kind: 'production_shape', paths: ['/v2/fungible/', '/v2/tx/status'], count: 4 });
    expect(book.httpFault('/local/faults')).toBeUndefined();
    expect(book.httpFault('/v2/info/chains')).toBeUndefined();
    const fee = { fee_type: 'SMART_RELAY', amount: '20000', usd_amount: '0.02', origin_asset: { denom: 'uusdc', chain_id: 'noble-1' } };
    const route = { amount_in: '1', estimated_route_duration_seconds: 1200, estimated_fees: [fee] };
    const reshape = (path: string, body: unknown) => {
      const action = book.httpFault(path);
      if (action?.kind !== 'reshape') throw new Error(`no reshaping for ${path}`);
      return action.reshape(body);
    };
    expect(reshape('/v2/fungible/route', route)).toEqual({ amount_in: '1', estimated_fees: [{ ...fee, amount: '', usd_amount: '', origin_asset: null }] });
    expect(route.estimated_route_duration_seconds).toBe(1200); // the service's own object is not touched
    const direct = reshape('/v2/fungible/msgs_direct', { txs: [], estimated_fees: [fee], route }) as Record<string, any>;
    expect(direct.route).not.toHaveProperty('estimated_route_duration_seconds');
    expect(direct.estimated_fees[0].amount).toBe('');
    const send = { chain_id: 'a', tx_hash: 'H', explorer_link: 'https://x/tx/H' };
    const status = { state: 'STATE_PENDING', transfers: [{ transfer_sequence: [{ ibc_transfer: { packet_txs: { send_tx: send, receive_tx: null } } }] }] };
    expect(reshape('/v2/tx/status', status)).toEqual({
      state: 'STATE_PENDING',
      transfers: [{ transfer_sequence: [{ ibc_transfer: { packet_txs: { send_tx: { chain_id: 'a', tx_hash: 'H' }, receive_tx: null } } }] }],
    });
    expect(book.list()).toEqual([{ id: 1, kind: 'production_shape', paths: ['/v2/fungible/', '/v2/tx/status'], remaining: 1, reshaped: 3 }]);
    book.apply({ kind: 'http', rate: 1, mode: '500' });
    expect(book.httpFault('/v2/fungible/route')).toMatchObject({ kind: 'status', status: 500 });
    book.apply({ kind: 'clear' });
    const chains = new FaultBook();
    chains.apply({ kind: 'production_shape' });
    const action = chains.httpFault('/v2/info/chains');
    expect(action?.kind === 'reshape' && action.reshape({ chains: [{ chain_id: 'x', pretty_name: 'X', ibc_capabilities: {}, cosmos_module_support: {}, bech32_prefix: 'x' }] })).toEqual({
      chains: [{ chain_id: 'x', bech32_prefix: 'x' }],
    });
  });

  it('refuses bad bodies with 400 code 3 naming the problem', () => {
    const book = new FaultBook({ checkChannel: (c, ch) => (c === HUB && (ch === undefined || ch === 'channel-141') ? undefined : `unknown ${c}/${ch}`) });
    const bad: unknown[] = [
      undefined,
      [],
      {},
      { kind: 'explode' },
      { kind: 'timeout', chain_id: HUB },
      { kind: 'timeout', chain_id: HUB, channel_id: 'chan' },
      { kind: 'timeout', chain_id: HUB, channel_id: 'channel-7' },
      { kind: 'error_ack', chain_id: HUB, channel_id: 'channel-141', count: 0 },
      { kind: 'pause', channel_id: 'channel-141' },
      { kind: 'http', rate: 1.5, mode: '429' },
      { kind: 'http', rate: 1, mode: '418' },
      { kind: 'http', rate: 1, mode: 'slow', slow_ms: -1 },
      { kind: 'http', rate: 1, mode: '500', paths: ['v2/tx'] },
      { kind: 'clear', everything: true },
    ];
    for (const body of bad) {
      let caught: unknown;
      try {
        book.applyBody(body);
      } catch (e) {
        caught = e;
      }
      expect(caught, JSON.stringify(body)).toMatchObject({ httpStatus: 400, code: 3 });
    }
    expect(book.size).toBe(0);
    expect(book.applyBody({ kind: 'timeout', chain_id: HUB, channel_id: 'channel-141' }).applied).toMatchObject({ kind: 'timeout', remaining: 1 });
  });
});

describe('HTTP faults on a live server', () => {
  let clock: ManualClock;
  let sim: ChainSimulator;
  let local: LocalServices;
  let server: http.Server;
  let base = '';

  beforeAll(async () => {
    clock = new ManualClock(Date.UTC(2025, 5, 1, 12));
    sim = new ChainSimulator({ world, clock });
    local = createLocalServices({ sim, seed: 5, log: () => {} });
    server = createServiceServer({
      routes: [...local.routes, { method: 'GET', path: '/healthz', handler: () => ({ body: { ok: true } }) }],
      interceptor: createFaultInterceptor(local.faults),
      rateLimit: null,
    });
    base = `http://127.0.0.1:${await listenLocal(server, 0)}`;
  });

  afterAll(async () => {
    local.stop();
    await closeServer(server);
  });

  beforeEach(() => local.faults.clear());
  afterEach(() => local.faults.clear());

  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const balances = () => post('/v2/info/balances', { chains: { [HUB]: { address: sim.devAddress(HUB, 0), denoms: ['uatom'] } } });

  it('POST /local/faults adds, GET lists, clear empties', async () => {
    const add = await post('/local/faults', { kind: 'timeout', chain_id: HUB, channel_id: 'channel-141', count: 3 });
    expect(add.status).toBe(200);
    const added = await add.json();
    expect(added.applied).toMatchObject({ kind: 'timeout', chain_id: HUB, channel_id: 'channel-141', remaining: 3 });
    await post('/local/faults', { kind: 'pause', chain_id: OSMO });
    await post('/local/faults', { kind: 'http', rate: 0.5, mode: 'slow', slow_ms: 10, paths: ['/v2/fungible/'] });
    const list = await (await fetch(`${base}/local/faults`)).json();
    expect(list.faults.map((f: { kind: string }) => f.kind)).toEqual(['timeout', 'pause', 'http']);
    expect(list.relayer).toMatchObject({ packets: 0, parked: 0 });
    const bad = await post('/local/faults', { kind: 'timeout', chain_id: HUB, channel_id: 'channel-999999' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 3 });
    const cleared = await (await post('/local/faults', { kind: 'clear' })).json();
    expect(cleared).toMatchObject({ removed: 3, faults: [] });
  });

  it('429 with Retry-After on /v2/ only; /local/ and /healthz keep answering', async () => {
    await post('/local/faults', { kind: 'http', rate: 1, mode: '429', retry_after_seconds: 7 });
    for (const res of [await balances(), await fetch(`${base}/v2/tx/status?tx_hash=${'AB'.repeat(32)}&chain_id=${HUB}`)]) {
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('7');
      const body = await res.json();
      expect(ErrorResponse.safeParse(body).success).toBe(true);
      expect(body.code).toBe(8);
    }
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/local/faults`)).status).toBe(200);
    // and the way out is never blocked
    expect((await post('/local/faults', { kind: 'clear' })).status).toBe(200);
    expect((await balances()).status).toBe(200);
  });

  it('500 answers the spec’s internal error', async () => {
    await post('/local/faults', { kind: 'http', rate: 1, mode: '500' });
    const res = await balances();
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ code: 2, message: 'internal server error', details: [] });
  });

  it('cut sends part of a body and hangs up', async () => {
    await post('/local/faults', { kind: 'http', rate: 1, mode: 'cut', count: 1 });
    await expect(balances().then((r) => r.json())).rejects.toThrow();
    // count 1: the next request is whole again
    expect((await balances()).status).toBe(200);
  });

  it('slow holds the request, then answers normally', async () => {
    await post('/local/faults', { kind: 'http', rate: 1, mode: 'slow', slow_ms: 250 });
    const started = performance.now();
    const res = await balances();
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
  });

  it('401 echoes the authorization header as a careless gateway would; pad_bytes makes the answer huge', async () => {
    await post('/local/faults', { kind: 'http', rate: 1, mode: '401', paths: ['/v2/info/balances'], pad_bytes: 100_000 });
    const res = await fetch(`${base}/v2/info/balances`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'courier_secret_key_123' },
      body: JSON.stringify({ chains: {} }),
    });
    expect(res.status).toBe(401);
    const body = await res.json();
    expect(body.code).toBe(16);
    expect(body.message.startsWith('invalid api key: courier_secret_key_123 ')).toBe(true);
    expect(body.message.length).toBeGreaterThan(100_000);
    expect(body.details[0].metadata.padding).toHaveLength(100_000);
  });

  it('rewrite changes the JSON answer: a key set wherever it is, or fields merged into it', async () => {
    const bad = await post('/local/faults', { kind: 'http', rate: 1, mode: 'rewrite', paths: ['/v2/info/balances'] });
    expect(bad.status).toBe(400);
    await post('/local/faults', {
      kind: 'http',
      rate: 1,
      mode: 'rewrite',
      paths: ['/v2/info/balances'],
      rewrite: [{ key: 'amount', value: 'javascript:alert(1)' }, { key: 'chains', merge: { extra: { hello: 1 } } }],
    });
    const body = await (await balances()).json();
    expect(body.chains.extra).toEqual({ hello: 1 });
    expect(JSON.stringify(body)).toContain('"amount":"javascript:alert(1)"');
  });

  it('a reset of the simulator clears every fault', async () => {
    await post('/local/faults', { kind: 'http', rate: 1, mode: '500' });
    sim.reset();
    expect(local.faults.list()).toEqual([]);
    expect((await balances()).status).toBe(200);
  });
});

describe('the discovery fault', () => {
  const extraChain = LAB_CHAIN;
  const extraAsset = LAB_TOKEN;
  const evmAsset = { ...extraAsset, denom: '0x0000000000000000000000000000000000000001', symbol: 'CEVM', is_evm: true };
  const q = (s = '') => new URLSearchParams(s);

  it('hides chains from both answers and adds chains and assets under the same query filters; clear undoes it', () => {
    const book = new FaultBook();
    const chains = () => book.chainsAnswer(infoChains(world, q()), q()).chains.map((c) => c.chain_id);
    const assets = (s = '') => book.assetsAnswer(fungibleAssets(world, q(s)), q(s)).chain_to_assets_map;
    expect(chains()).toContain(OSMO);
    const { applied } = book.applyBody({ kind: 'discovery', hide_chain_ids: [OSMO], add_chains: [extraChain], add_assets: [extraAsset, evmAsset] });
    expect(applied).toMatchObject({ kind: 'discovery', hide_chain_ids: [OSMO], add_chains: ['courierlab-1'] });
    expect(chains()).not.toContain(OSMO);
    expect(chains()).toContain('courierlab-1');
    expect(assets()[OSMO]).toBeUndefined();
    expect(assets()['courierlab-1']?.assets.map((a) => a.symbol)).toEqual(['CLAB']);
    expect(assets('include_evm_assets=true')['courierlab-1']?.assets.map((a) => a.symbol)).toEqual(['CLAB', 'CEVM']);
    expect(assets(`chain_ids=${HUB}`)['courierlab-1']).toBeUndefined();
    expect(book.list().map((f) => f.kind)).toEqual(['discovery']);
    book.apply({ kind: 'clear' });
    expect(chains()).toContain(OSMO);
    expect(chains()).not.toContain('courierlab-1');
  });

  it('refuses a body whose added chain is not a chain', () => {
    const book = new FaultBook();
    expect(() => book.applyBody({ kind: 'discovery', add_chains: [{ pretty_name: 'no chain id' }] })).toThrow(/add_chains/);
  });
});
