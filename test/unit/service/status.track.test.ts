/**
 * submit, track and status over HTTP, as a client sees them: codes, messages and shapes
 * against the spec's fixtures and the wire schemas.
 */
import type http from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorResponse, StatusResponse, SubmitResponse, TrackResponse } from '../../../src/api/schemas';
import { ChainSimulator, ManualClock, msToNs, requiredFees, txHashOf } from '../../../src/service/chains';
import { closeServer, createServiceServer, listenLocal } from '../../../src/service/http/server';
import { createLocalServices, type LocalServices } from '../../../src/service/local-routes';
import { getWorld } from '../../../src/service/world';
import { msgTransferFromJson, signTx } from '../../support/dev-wallet';
import { readFixture as fixture } from '../../support/fixtures';
import { fromBase64 } from '@cosmjs/encoding';

const world = getWorld();
const HUB = 'cosmoshub-4';
const OSMO = 'osmosis-1';
const GAS = 250_000n;
const UNKNOWN_HASH = 'ab'.repeat(32);

let clock: ManualClock;
let sim: ChainSimulator;
let local: LocalServices;
let server: http.Server;
let base = '';

beforeAll(async () => {
  // one server for the file; each test swaps the simulator behind it
  server = createServiceServer({
    routes: [
      { method: 'POST', path: '/v2/tx/submit', handler: (req) => local.routes.find((r) => r.path === '/v2/tx/submit')!.handler(req), response: SubmitResponse },
      { method: 'POST', path: '/v2/tx/track', handler: (req) => local.routes.find((r) => r.path === '/v2/tx/track')!.handler(req), response: TrackResponse },
      { method: 'GET', path: '/v2/tx/status', handler: (req) => local.routes.find((r) => r.path === '/v2/tx/status')!.handler(req), response: StatusResponse },
      {
        method: 'POST',
        path: '/local/chains/:chain_id/broadcast',
        handler: (req) => local.routes.find((r) => r.path === '/local/chains/:chain_id/broadcast')!.handler(req),
      },
      { method: 'POST', path: '/local/tracking', handler: (req) => local.routes.find((r) => r.path === '/local/tracking')!.handler(req) },
    ],
    rateLimit: null,
  });
  base = `http://127.0.0.1:${await listenLocal(server, 0)}`;
});

afterAll(async () => {
  await closeServer(server);
});

beforeEach(() => {
  clock = new ManualClock(Date.UTC(2025, 5, 1, 12));
  sim = new ChainSimulator({ world, clock });
  local = createLocalServices({ sim, seed: 3, log: () => {} });
});

afterEach(() => local.stop());

async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${base}${path}`, {
    method,
    ...(body !== undefined ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
  });
  const json = await res.json();
  if (res.status >= 400) expect(ErrorResponse.safeParse(json).success, JSON.stringify(json)).toBe(true);
  return { status: res.status, body: json };
}

const statusOf = (hash: string, chainId = HUB) => call('GET', `/v2/tx/status?tx_hash=${hash}&chain_id=${chainId}`);

function validStatus(body: unknown): void {
  const r = StatusResponse.safeParse(body);
  expect(r.success, r.success ? '' : JSON.stringify(r.error.issues.slice(0, 3))).toBe(true);
}

/** A signed one-hop MsgTransfer from the hub (dev account 0), base64. */
async function signedTransfer(options: { sequence?: string; amount?: string } = {}): Promise<string> {
  const acc = sim.account(HUB, sim.devAddress(HUB, 0))!;
  const fee = requiredFees(world.chain(HUB)!, GAS)[0]!;
  return signTx({
    chainId: HUB,
    accountNumber: acc.account_number,
    sequence: options.sequence ?? acc.sequence,
    msgs: [
      msgTransferFromJson({
        source_port: 'transfer',
        source_channel: world.channelBetween(HUB, OSMO)!.channelId,
        token: { denom: 'uatom', amount: options.amount ?? '1000' },
        sender: sim.devAddress(HUB, 0),
        receiver: sim.devAddress(OSMO, 0),
        timeout_height: {},
        timeout_timestamp: (msToNs(clock.now()) + 600_000_000_000n).toString(),
        memo: '',
      }),
    ],
    fee: { amount: [{ denom: fee.denom, amount: fee.amount.toString() }], gas: GAS },
    prefix: 'cosmos',
  });
}

describe('POST /v2/tx/submit', () => {
  it('answers the hash and an explorer link, and registers the tx for status', async () => {
    const tx = await signedTransfer();
    const res = await call('POST', '/v2/tx/submit', { tx, chain_id: HUB });
    expect(res.status).toBe(200);
    expect(res.body.tx_hash).toBe(txHashOf(fromBase64(tx)));
    expect(res.body.explorer_link).toContain(res.body.tx_hash);
    const st = await statusOf(res.body.tx_hash);
    expect(st.status).toBe(200);
    validStatus(st.body);
    expect(st.body.state).toBe('STATE_SUBMITTED');
    clock.advance(7_000);
    expect((await statusOf(res.body.tx_hash)).body.state).toBe('STATE_PENDING');
    clock.advance(60_000);
    const done = await statusOf(res.body.tx_hash);
    validStatus(done.body);
    expect(done.body.state).toBe('STATE_COMPLETED_SUCCESS');
    expect(done.body.status).toBe('STATE_COMPLETED');
  });

  it('keeps the spec’s errors: code 3 for bad base64, code 5 for an unknown chain', async () => {
    expect((await call('POST', '/v2/tx/submit', { tx: 'not base64!', chain_id: HUB })).body).toEqual(fixture('v2_tx_submit.400.json'));
    const unknown = await call('POST', '/v2/tx/submit', { tx: await signedTransfer(), chain_id: 'nochain-1' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 5, message: 'chain ID not supported', details: [] });
  });
});

describe('POST /v2/tx/track', () => {
  it('registers a valid hash never seen on chain: SUBMITTED until the abandonment window, then ABANDONED', async () => {
    const res = await call('POST', '/v2/tx/track', { tx_hash: UNKNOWN_HASH, chain_id: HUB });
    expect(res.status).toBe(200);
    // normalised to the chain's own (upper-case) form
    expect(res.body.tx_hash).toBe(UNKNOWN_HASH.toUpperCase());
    expect(res.body.explorer_link).toContain(UNKNOWN_HASH.toUpperCase());
    let st = await statusOf(UNKNOWN_HASH);
    validStatus(st.body);
    expect(st.body.state).toBe('STATE_SUBMITTED');
    clock.advance(9 * 60_000 + 59_000);
    expect((await statusOf(UNKNOWN_HASH)).body.state).toBe('STATE_SUBMITTED');
    clock.advance(1_000);
    st = await statusOf(UNKNOWN_HASH);
    validStatus(st.body);
    expect(st.body.state).toBe('STATE_ABANDONED');
    expect(st.body.status).toBe('STATE_ABANDONED');
    expect(st.body.error.type).toBe('STATUS_ERROR_INDEXING');
  });

  it('the abandonment window is configurable', async () => {
    expect((await call('POST', '/local/tracking', { abandon_after_seconds: 30 })).status).toBe(200);
    await call('POST', '/v2/tx/track', { tx_hash: UNKNOWN_HASH, chain_id: HUB });
    clock.advance(30_000);
    expect((await statusOf(UNKNOWN_HASH)).body.state).toBe('STATE_ABANDONED');
    expect((await call('POST', '/local/tracking', { abandon_after_seconds: 0 })).body.code).toBe(3);
  });

  it('400 code 3 for a malformed hash, 404 code 5 for an unknown chain', async () => {
    for (const bad of ['xyz', 'ab'.repeat(31), `${'ab'.repeat(32)}00`, '0x' + 'ab'.repeat(32)]) {
      const r = await call('POST', '/v2/tx/track', { tx_hash: bad, chain_id: HUB });
      expect(r.status, bad).toBe(400);
      expect(r.body.code).toBe(3);
    }
    const missing = await call('POST', '/v2/tx/track', { chain_id: HUB });
    expect([missing.status, missing.body.code]).toEqual([400, 3]);
    const unknown = await call('POST', '/v2/tx/track', { tx_hash: UNKNOWN_HASH, chain_id: 'nochain-1' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(fixture('v2_tx_track.404.json'));
  });

  it('400 code 3 `tx is invalid on chain` for a tx the chain refused', async () => {
    // a sequence from the future: CheckTx refuses it
    const tx = await signedTransfer({ sequence: '7' });
    const refused = await call('POST', '/v2/tx/submit', { tx, chain_id: HUB });
    expect([refused.status, refused.body.code]).toEqual([400, 3]);
    const r = await call('POST', '/v2/tx/track', { tx_hash: txHashOf(fromBase64(tx)), chain_id: HUB });
    expect(r.status).toBe(400);
    expect(r.body).toEqual(fixture('v2_tx_track.400.json'));
    expect((await statusOf(txHashOf(fromBase64(tx)))).status).toBe(404);
  });

  it('a tx broadcast without submit: status 404 until tracked, then followed to the end', async () => {
    const tx = await signedTransfer();
    const b = await call('POST', `/local/chains/${HUB}/broadcast`, { tx });
    expect(b.status).toBe(200);
    expect(b.body).toMatchObject({ code: 0, log: '' });
    expect(b.body.on_chain_at).toMatch(/Z$/);
    const hash: string = b.body.tx_hash;
    const before = await statusOf(hash);
    expect(before.status).toBe(404);
    expect(before.body).toEqual({ code: 5, message: 'tx not found', details: [] });
    clock.advance(10_000);
    const t = await call('POST', '/v2/tx/track', { tx_hash: hash.toLowerCase(), chain_id: HUB });
    expect([t.status, t.body.tx_hash]).toEqual([200, hash]);
    expect((await statusOf(hash)).body.state).toBe('STATE_PENDING');
    clock.advance(60_000);
    expect((await statusOf(hash.toLowerCase())).body.state).toBe('STATE_COMPLETED_SUCCESS');
    // tracking twice is harmless
    expect((await call('POST', '/v2/tx/track', { tx_hash: hash, chain_id: HUB })).status).toBe(200);
  });

  it('a tracked tx that failed on chain reports the execution error', async () => {
    const tx = await signedTransfer({ amount: '999999999999999999' });
    const b = await call('POST', `/local/chains/${HUB}/broadcast`, { tx });
    expect(b.body.code).not.toBe(0);
    await call('POST', '/v2/tx/track', { tx_hash: b.body.tx_hash, chain_id: HUB });
    clock.advance(7_000);
    const st = await statusOf(b.body.tx_hash);
    validStatus(st.body);
    expect(st.body.state).toBe('STATE_COMPLETED_ERROR');
    expect(st.body.error).toMatchObject({ type: 'STATUS_ERROR_TRANSACTION_EXECUTION', details: { code: b.body.code } });
  });

  it('a hash that lands on chain only after the window stays abandoned', async () => {
    const tx = await signedTransfer();
    const hash = txHashOf(fromBase64(tx));
    await call('POST', '/v2/tx/track', { tx_hash: hash, chain_id: HUB });
    clock.advance(11 * 60_000);
    expect((await call('POST', `/local/chains/${HUB}/broadcast`, { tx })).status).toBe(200);
    clock.advance(7_000);
    expect((await statusOf(hash)).body.state).toBe('STATE_ABANDONED');
  });
});

describe('GET /v2/tx/status', () => {
  it('404 code 5 `tx not found` for a tx neither submitted nor tracked', async () => {
    const r = await statusOf(UNKNOWN_HASH);
    expect(r.status).toBe(404);
    expect(r.body).toEqual(fixture('v2_tx_status.404.json'));
    expect((await statusOf('not-a-hash')).status).toBe(404);
    expect((await statusOf(UNKNOWN_HASH, 'nochain-1')).status).toBe(404);
  });

  it('400 code 3 without tx_hash or chain_id', async () => {
    for (const q of [`tx_hash=${UNKNOWN_HASH}`, `chain_id=${HUB}`, '']) {
      const r = await call('GET', `/v2/tx/status?${q}`);
      expect([r.status, r.body.code], q).toEqual([400, 3]);
    }
  });
});
