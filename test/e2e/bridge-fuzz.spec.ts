/**
 * Fuzzing the bridge from pages: 1,000+ random requests (known and unknown methods, random and
 * near-valid params) from two connected origins. Every one is answered with a typed error of
 * DESIGN.md or a valid result; the worker is alive afterwards; unknown methods write nothing.
 */
import fc from 'fast-check';
import { expect, test } from './support/fixtures';
import {
  call,
  connect,
  expectOk,
  extensionPage,
  localhostOrigin,
  openDapp,
  protocol,
  storageLocal,
  storageSession,
} from './bridge-support';

const CODES = new Set([4001, 4100, 4200, 4290, -32602, -32002, -32603, 5000, 5001]);
// connect/disconnect are left out: one would open approval windows, the other change who is connected.
const KNOWN = ['route', 'msgs', 'msgs_direct', 'balances', 'assets_from_source', 'ibc_origin_assets', 'submit', 'track', 'status', 'tracked'];
const TRICKY = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'courier:api', 'courier:sites:list', 'courier:tx:list', 'courier:settings:get', 'eth_requestAccounts', 'CONNECT', 'route ', 'subscribe'];

const chain = fc.constantFrom('cosmoshub-4', 'osmosis-1', 'neutron-1', 'noble-1', '1', 'solana', 'nope-7', '');
const denom = fc.constantFrom('uatom', 'uosmo', 'untrn', 'uusdc', 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2', 'x');
const amount = fc.oneof(fc.bigInt({ min: 0n, max: 10n ** 12n }).map(String), fc.constantFrom('-1', '1.5', '', 'abc'), fc.integer());
const hash = fc.oneof(fc.stringMatching(/^[0-9A-F]{64}$/), fc.string({ maxLength: 70 }));

const nearValid: Record<string, fc.Arbitrary<unknown>> = {
  route: fc.record(
    { source_asset_denom: denom, source_asset_chain_id: chain, dest_asset_denom: denom, dest_asset_chain_id: chain, amount_in: amount },
    { requiredKeys: [] },
  ),
  msgs: fc.record({ source_asset_denom: denom, source_asset_chain_id: chain, address_list: fc.array(fc.string(), { maxLength: 3 }), operations: fc.array(fc.jsonValue(), { maxLength: 2 }) }, { requiredKeys: [] }),
  msgs_direct: fc.record({ source_asset_denom: denom, source_asset_chain_id: chain, dest_asset_chain_id: chain, amount_in: amount, chain_ids_to_addresses: fc.dictionary(fc.string({ maxLength: 12 }), fc.string()) }, { requiredKeys: [] }),
  balances: fc.record({ chains: fc.dictionary(fc.oneof(chain, fc.string({ maxLength: 10 })), fc.record({ address: fc.string(), denoms: fc.array(denom, { maxLength: 3 }) }, { requiredKeys: [] }), { maxKeys: 3 }) }),
  assets_from_source: fc.record({ source_asset_denom: denom, source_asset_chain_id: chain, allow_multi_tx: fc.boolean() }, { requiredKeys: [] }),
  ibc_origin_assets: fc.record({ assets: fc.array(fc.record({ denom, chain_id: chain }, { requiredKeys: [] }), { maxLength: 3 }) }),
  submit: fc.record({ tx: fc.oneof(fc.base64String({ maxLength: 200 }), fc.string()), chain_id: chain }, { requiredKeys: [] }),
  track: fc.record({ tx_hash: hash, chain_id: chain }, { requiredKeys: [] }),
  status: fc.record({ tx_hash: hash, chain_id: chain }, { requiredKeys: [] }),
  tracked: fc.constantFrom(undefined, {}, [], null, { origin: 'http://localhost' }),
};

const request = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...KNOWN).chain((method) => fc.tuple(fc.constant(method), fc.oneof({ weight: 3, arbitrary: nearValid[method]! }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) }))) },
  { weight: 2, arbitrary: fc.tuple(fc.oneof(fc.constantFrom(...TRICKY), fc.string({ minLength: 1, maxLength: 64 }).filter((m) => m !== 'connect' && m !== 'disconnect')), fc.option(fc.jsonValue({ maxDepth: 3 }), { nil: undefined })) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...KNOWN, ...TRICKY), fc.constant(undefined)) },
);

type Outcome = { ok: true; result: unknown } | { ok: false; code: unknown; message: unknown; retry?: unknown };

/** Sends a batch concurrently from one page; every outcome as plain data. */
function sendBatch(page: import('@playwright/test').Page, batch: [string, unknown][]): Promise<Outcome[]> {
  return page.evaluate(
    (items) =>
      Promise.all(
        items.map(([method, hasParams, params]) =>
          (window as any).courier.request(hasParams ? { method, params } : { method }).then(
            (result: unknown) => ({ ok: true, result }),
            (e: any) => ({ ok: false, code: e?.code, message: e?.message, retry: e?.data?.retry_after_ms }),
          ),
        ),
      ),
    batch.map(([m, p]) => [m, p !== undefined, p] as const),
  );
}

function checkResult(method: string, result: unknown): void {
  const r = result as any;
  switch (method) {
    case 'route':
      expect(r).toMatchObject({ operations: expect.any(Array), amount_in: expect.any(String) });
      break;
    case 'msgs':
    case 'msgs_direct':
      expect(r.msgs !== undefined || r.txs !== undefined).toBe(true);
      break;
    case 'balances':
      expect(r).toMatchObject({ chains: expect.any(Object) });
      break;
    case 'assets_from_source':
      expect(r).toMatchObject({ dest_assets: expect.any(Object) });
      break;
    case 'ibc_origin_assets':
      expect(r).toMatchObject({ origin_assets: expect.any(Array) });
      break;
    case 'submit':
    case 'track':
      expect(r).toMatchObject({ tx_hash: expect.any(String) });
      break;
    case 'status':
      expect(r).toMatchObject({ tx_hash: expect.any(String), chain_id: expect.any(String), outcome: expect.any(String) });
      break;
    case 'tracked':
      expect(Array.isArray(r)).toBe(true);
      break;
    default:
      throw new Error(`a result for unknown method ${JSON.stringify(method)}`);
  }
}

test('1,000 random requests from two origins: each answered typed, the worker alive, nothing written for unknown methods', async ({ context, pageServer, serviceWorker, extensionUrl }) => {
  test.setTimeout(240_000);
  const pages = [await openDapp(context, `${pageServer.origin}/`), await openDapp(context, `${localhostOrigin(pageServer)}/`)];
  for (const page of pages) await connect(context, page);

  // First, while nothing is tracked (so no poller writes meanwhile): unknown methods write
  // nothing, in storage.local or storage.session.
  const unknownNames = fc.sample(fc.oneof(fc.constantFrom(...TRICKY), fc.string({ minLength: 1, maxLength: 64 }).filter((m) => !KNOWN.includes(m) && m !== 'connect' && m !== 'disconnect')), { numRuns: 200, seed: 7 });
  const unknownParams = fc.sample(fc.option(fc.jsonValue({ maxDepth: 3 }), { nil: undefined }), { numRuns: 200, seed: 8 });
  const localBefore = await storageLocal(serviceWorker);
  const sessionBefore = await storageSession(serviceWorker);
  for (let start = 0; start < 200; start += 20) {
    const batch = unknownNames.slice(start, start + 20).map((m, k) => [m, unknownParams[start + k]] as [string, unknown]);
    const outcomes = await sendBatch(pages[start % 40 === 0 ? 0 : 1]!, batch);
    for (const outcome of outcomes) {
      expect(outcome.ok).toBe(false);
      expect([4200, 4290]).toContain((outcome as { code: number }).code);
    }
    await pages[0]!.waitForTimeout(1_100);
  }
  expect(await storageLocal(serviceWorker)).toEqual(localBefore);
  expect(await storageSession(serviceWorker)).toEqual(sessionBefore);
  await pages[0]!.waitForTimeout(2_100); // full buckets again

  const samples = fc.sample(request, { numRuns: 1000, seed: 20_250_601 }) as [string, unknown][];
  const tally = new Map<string, number>();
  const BATCH = 20;
  for (let start = 0; start < samples.length; start += BATCH * pages.length) {
    const roundStarted = Date.now();
    const rounds = pages.map((page, i) => {
      const batch = samples.slice(start + i * BATCH, start + (i + 1) * BATCH);
      return sendBatch(page, batch).then((outcomes) => ({ batch, outcomes }));
    });
    for (const { batch, outcomes } of await Promise.all(rounds)) {
      expect(outcomes).toHaveLength(batch.length);
      outcomes.forEach((outcome, k) => {
        const [method, params] = batch[k]!;
        const where = `${JSON.stringify(method)} ${JSON.stringify(params)?.slice(0, 200)} → ${JSON.stringify(outcome).slice(0, 300)}`;
        if (outcome.ok) {
          expect(KNOWN, where).toContain(method);
          checkResult(method, outcome.result);
          tally.set(`${method} ok`, (tally.get(`${method} ok`) ?? 0) + 1);
        } else {
          expect(CODES.has(outcome.code as number), where).toBe(true);
          expect(typeof outcome.message, where).toBe('string');
          if (!KNOWN.includes(method)) expect([4200, 4290, -32602], where).toContain(outcome.code);
          if (outcome.code === 4290) expect(outcome.retry, where).toEqual(expect.any(Number));
          tally.set(`${outcome.code}`, (tally.get(`${outcome.code}`) ?? 0) + 1);
        }
      });
    }
    // Pace like a well-behaved dApp (the bucket refills 20 per second per origin), so most
    // requests reach the handlers rather than the rate limiter.
    const rest = 1_000 - (Date.now() - roundStarted);
    if (rest > 0) await pages[0]!.waitForTimeout(rest);
  }
  const total = [...tally.values()].reduce((a, b) => a + b, 0);
  expect(total).toBe(1000);
  console.log('fuzz outcomes:', Object.fromEntries([...tally].sort()));
  // The handlers were reached, not just the rate limiter.
  expect(tally.get('4200') ?? 0).toBeGreaterThan(50);
  expect(tally.get('-32602') ?? 0).toBeGreaterThan(50);

  // Alive: the worker answers, the pages still work.
  const settings = await extensionPage(context, extensionUrl);
  expect(await protocol(settings, 'courier:hello')).toMatchObject({ ok: true, result: { product: 'Courier' } });
  for (const page of pages) expectOk(await call(page, 'tracked'));
  expect(await serviceWorker.evaluate(() => 1 + 1)).toBe(2);

});
