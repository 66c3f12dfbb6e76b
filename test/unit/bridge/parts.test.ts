import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiError } from '../../../src/api';
import { BridgeError, toBridgeErrorBody } from '../../../src/background/bridge/errors';
import { senderOrigin } from '../../../src/background/bridge/origin';
import { OriginRateLimiter } from '../../../src/background/bridge/rate-limit';
import { createSitesRecord, SitesService } from '../../../src/background/bridge/sites';
import { manualClock } from '../../../src/background/clock';
import { ProtocolError } from '../../../src/background/protocol-error';
import { KeyedMutex } from '../../../src/background/storage/mutex';
import { RelayedResponse } from '../../../src/bridge/protocol';
import { isInsecure } from '../../../src/ui/approve/ApproveApp';
import { FakeApi, ok } from '../background/support';
import { DAPP, bridgeHarness, connected } from './support';

const log = { warn: vi.fn(), error: vi.fn() };
beforeEach(() => fakeBrowser.reset());

describe('error mapping', () => {
  const api = (init: Partial<ConstructorParameters<typeof ApiError>[0]>) =>
    new ApiError({ kind: 'http', message: 'm', endpoint: '/v2/fungible/route', method: 'POST', ...init });

  it('maps every ApiError kind and protocol error to a public code', () => {
    expect(toBridgeErrorBody(api({ httpStatus: 429, code: 8, message: 'slow down', details: [] }), log)).toEqual({
      code: 5000,
      message: expect.any(String),
      data: { http_status: 429, code: 8, message: 'slow down', details: [] },
    });
    for (const kind of ['network', 'timeout', 'aborted'] as const) expect(toBridgeErrorBody(api({ kind }), log).code).toBe(5001);
    expect(toBridgeErrorBody(api({ kind: 'invalid-request' }), log).code).toBe(-32602);
    expect(toBridgeErrorBody(api({ kind: 'invalid-response' }), log).code).toBe(-32603);
    expect(toBridgeErrorBody(new ProtocolError('api', 'x', api({ httpStatus: 400, code: 3 }).toJSON()), log)).toMatchObject({ code: 5000, data: { http_status: 400, code: 3 } });
    expect(toBridgeErrorBody(new ProtocolError('invalid-tx-hash', 'bad hash'), log)).toMatchObject({ code: -32602, data: [{ path: ['tx_hash'] }] });
    expect(toBridgeErrorBody(new BridgeError(4001, 'no'), log)).toEqual({ code: 4001, message: 'no' });
    const internal = toBridgeErrorBody(new Error('stack with /secret/path'), log);
    expect(internal).toEqual({ code: -32603, message: 'Courier hit an internal error.' });
  });
});

describe('sender origin', () => {
  it('prefers the browser-reported origin and accepts only http(s)', () => {
    expect(senderOrigin({ origin: 'https://a.example', url: 'https://b.example/x' } as never)).toBe('https://a.example');
    expect(senderOrigin({ url: 'http://localhost:5173/x?y' })).toBe('http://localhost:5173');
    expect(senderOrigin({ origin: 'null', url: 'https://a.example/' } as never)).toBeUndefined();
    expect(senderOrigin({ url: 'chrome-extension://abc/popup.html' })).toBeUndefined();
    expect(senderOrigin({ url: 'data:text/html,hi' })).toBeUndefined();
    expect(senderOrigin({})).toBeUndefined();
  });
});

describe('rate limiter', () => {
  it('refills at its rate, caps in-flight, and keeps origins apart', () => {
    let now = 0;
    const limiter = new OriginRateLimiter({ capacity: 3, perSecond: 2, maxInFlight: 2 }, () => now);
    const a1 = limiter.admit('a');
    const a2 = limiter.admit('a');
    expect(a1.ok && a2.ok).toBe(true);
    expect(limiter.admit('a')).toMatchObject({ ok: false, reason: 'in-flight' });
    if (a1.ok) a1.release();
    const a3 = limiter.admit('a');
    expect(a3.ok).toBe(true);
    if (a2.ok) a2.release();
    if (a3.ok) a3.release();
    expect(limiter.admit('a')).toMatchObject({ ok: false, reason: 'rate', retryAfterMs: 500 });
    expect(limiter.admit('b').ok).toBe(true);
    now += 500;
    expect(limiter.admit('a').ok).toBe(true);
  });
});

describe('connected sites record', () => {
  it('keeps the entries that still parse when the record is damaged, with a backup', async () => {
    await fakeBrowser.storage.local.set({ 'courier:sites': { version: 1, sites: [{ origin: DAPP, connectedAt: 1 }, { origin: 5 }] } });
    const record = createSitesRecord({ area: fakeBrowser.storage.local, mutex: new KeyedMutex(), clock: manualClock(), log });
    const sites = new SitesService(record, () => 2);
    expect(await sites.list()).toEqual([{ origin: DAPP, connectedAt: 1 }]);
    const keys = Object.keys(await fakeBrowser.storage.local.get(null));
    expect(keys.some((k) => k.startsWith('courier:sites:corrupt:'))).toBe(true);
    expect(await sites.connect(DAPP)).toEqual({ origin: DAPP, connectedAt: 1 });
  });
});

describe('approval window', () => {
  it('warns about plain http except on loopback', () => {
    expect(isInsecure('http://dapp.example')).toBe(true);
    expect(isInsecure('https://dapp.example')).toBe(false);
    expect(isInsecure('http://localhost:5173')).toBe(false);
    expect(isInsecure('http://127.0.0.1:8080')).toBe(false);
  });
});

describe('property: any page request gets exactly one well-formed answer', () => {
  it('random methods and params never throw and always answer a RelayedResponse with a public code', async () => {
    const api = new FakeApi()
      .on('/v2/fungible/route', { status: 400, body: { code: 3, message: 'bad', details: [] } })
      .on('/v2/tx/submit', { status: 400, body: { code: 3, message: 'bad tx', details: [] } })
      .on('/v2/tx/track', ok({ tx_hash: 'A'.repeat(64) }));
    const h = bridgeHarness({ api });
    await connected(h, DAPP);
    const codes = new Set([4001, 4100, 4200, 4290, -32602, -32002, -32603, 5000, 5001]);
    const method = fc.oneof(fc.constantFrom('route', 'msgs', 'balances', 'submit', 'track', 'status', 'tracked', 'disconnect', '__proto__', 'toString'), fc.string({ maxLength: 20 }));
    await fc.assert(
      fc.asyncProperty(method, fc.option(fc.jsonValue({ maxDepth: 3 }), { nil: undefined }), async (m, params) => {
        h.clock.advance(1_000); // keep the bucket out of the way
        const answer = await h.request(DAPP, m, params);
        expect(RelayedResponse.safeParse(answer).success).toBe(true);
        if (!answer.ok) expect(codes.has(answer.error.code)).toBe(true);
        if (m === 'disconnect') await h.services.bridge.sites.connect(DAPP);
      }),
      { numRuns: 300, seed: 42 },
    );
  });
});
