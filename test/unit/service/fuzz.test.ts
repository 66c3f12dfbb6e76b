/**
 * Throws thousands of random and mutated bodies at every endpoint of the local service: none may
 * crash it or get a 5xx, and every refusal must be in the spec's error shape.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponse } from '../../../src/api/schemas';
import { routeThroughEachBridge } from '../../support/bridge-routes';
import { startService, type RunningService } from '../../support/service';

const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
const ROUTE = {
  source_asset_denom: 'uatom',
  source_asset_chain_id: 'cosmoshub-4',
  dest_asset_denom: 'uosmo',
  dest_asset_chain_id: 'osmosis-1',
  amount_in: '1000000',
  allow_multi_tx: true,
};

let service: RunningService;
/** Valid bodies per POST endpoint, the seeds the mutations start from. */
let seeds: Record<string, unknown>;
/** Valid /msgs bodies of a route through each registered bridge (mutated like the others). */
let bridgeMsgs: unknown[];

beforeAll(async () => {
  service = await startService();
  const route = (await service.post('/v2/fungible/route', ROUTE)).body as { operations: unknown[]; required_chain_addresses: string[]; amount_out: string };
  const addresses: Record<string, string> = {
    'cosmoshub-4': 'cosmos19rl4cm2hmr8afy4kldpxz3fka4jguq0auqdal4',
    'osmosis-1': 'osmo19rl4cm2hmr8afy4kldpxz3fka4jguq0a5m7df8',
  };
  seeds = {
    '/v2/fungible/route': ROUTE,
    '/v2/fungible/msgs': {
      ...ROUTE,
      amount_out: route.amount_out,
      operations: route.operations,
      address_list: route.required_chain_addresses.map((c) => addresses[c] ?? 'cosmos1x'),
      slippage_tolerance_percent: '1',
    },
    '/v2/fungible/msgs_direct': { ...ROUTE, chain_ids_to_addresses: addresses, slippage_tolerance_percent: '1' },
    '/v2/fungible/assets_from_source': { source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4', include_swaps: true },
    '/v2/fungible/ibc_origin_assets': { assets: [{ denom: ATOM_ON_OSMOSIS, chain_id: 'osmosis-1' }] },
    '/v2/tx/submit': { tx: 'CgQKAgoAEgA=', chain_id: 'osmosis-1' },
    '/v2/tx/track': { tx_hash: 'AB'.repeat(32), chain_id: 'osmosis-1' },
    '/v2/info/balances': { chains: { 'osmosis-1': { address: addresses['osmosis-1'], denoms: ['uosmo', ATOM_ON_OSMOSIS] } } },
    '/v2/fungible/recommend_assets': { requests: [{ source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4', dest_chain_id: 'osmosis-1', reason: 'MOST_LIQUID' }] },
    '/v2/fungible/assets_between_chains': { source_chain_id: 'cosmoshub-4', dest_chain_id: 'noble-1', include_cw20_assets: false, allow_multi_tx: true },
    '/local/faucet': { chain_id: 'osmosis-1', address: addresses['osmosis-1'], denom: 'uosmo', amount: '1' },
    '/local/chains/osmosis-1/broadcast': { tx: 'CgQKAgoAEgA=' },
    '/local/evm/execute': { chain_id: '1', from: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94', to: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94', data: '0x', value: '1' },
  };
  const sim = service.app.chains;
  bridgeMsgs = routeThroughEachBridge(service.app.world).map(({ request, route }) => ({
    ...request,
    amount_out: route.amount_out,
    operations: route.operations,
    address_list: route.required_chain_addresses.map((c) => sim.devAddress(c, 0)),
    slippage_tolerance_percent: '1',
  }));
});
afterAll(() => service.close());

const POST_PATHS = [
  '/v2/fungible/route',
  '/v2/fungible/msgs',
  '/v2/fungible/msgs_direct',
  '/v2/fungible/assets_from_source',
  '/v2/fungible/ibc_origin_assets',
  '/v2/tx/submit',
  '/v2/tx/track',
  '/v2/info/balances',
  '/v2/fungible/recommend_assets',
  '/v2/fungible/assets_between_chains',
  // Control endpoints that change the world but not how it answers (faults, clock and reset are
  // left out: a random but valid fault would rightly make later answers fail).
  '/local/faucet',
  '/local/chains/osmosis-1/broadcast',
  '/local/evm/execute',
] as const;

async function expectWellFormed(res: { status: number; body: unknown }, label: string): Promise<void> {
  if (res.status >= 500) throw new Error(`${label} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
  if (res.status >= 400) {
    const parsed = ErrorResponse.safeParse(res.body);
    if (!parsed.success) throw new Error(`${label} answered ${res.status} outside the error shape: ${JSON.stringify(res.body).slice(0, 300)}`);
  }
}

/** Interesting replacement values: wrong types, edge numbers, huge and hostile strings. */
const nasty = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom('', ' ', '-1', '0', '1e6', '1.5', '99999999999999999999999999999999999999999', 'NaN', '__proto__', 'ibc/', 'ibc/ZZ', 'channel-99999', 'x'.repeat(5000)),
  fc.constantFrom(null, true, false, 0, -1, 1.5, Number.MAX_SAFE_INTEGER, [], {}, [null], { native: 1 }),
);

type Mutation = { path: (string | number)[]; op: 'delete' | 'set'; value: unknown };

function applyMutation(body: unknown, m: Mutation): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node: any = copy;
  for (let i = 0; i < m.path.length - 1; i++) {
    if (node === null || typeof node !== 'object') return copy;
    node = node[m.path[i]!];
  }
  if (node === null || typeof node !== 'object') return copy;
  const key = m.path.at(-1)!;
  if (m.op === 'delete') delete node[key];
  else node[key] = m.value;
  return copy;
}

/** Every path into a JSON value, so a mutation can reach any field, however deep. */
function pathsOf(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const p = [...prefix, Array.isArray(value) ? Number(k) : k];
      out.push(p);
      pathsOf(v, p, out);
    }
  }
  return out;
}

describe('fuzzing the local service', () => {
  it('random JSON bodies at every POST endpoint', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...POST_PATHS), fc.jsonValue({ maxDepth: 4 }), async (path, body) => {
        await expectWellFormed(await service.post(path, JSON.stringify(body)), path);
      }),
      { numRuns: 600 },
    );
    // thousands of requests over HTTP: minutes-long only on a crowded machine, never a speed claim
  }, 40_000);

  it('text that is not JSON, or not an object', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...POST_PATHS), fc.oneof(fc.string(), fc.constantFrom('{', '[1,', 'null', '"x"', '{"a":}', '\u0000')), async (path, text) => {
        await expectWellFormed(await service.post(path, text), path);
      }),
      { numRuns: 300 },
    );
  });

  it('valid bodies with one to three fields deleted or replaced, at any depth', async () => {
    const mutated = fc
      .constantFrom(...POST_PATHS)
      .chain((path) =>
        fc.tuple(
          fc.constant(path),
          fc.nat(),
          fc.array(
            fc.record({
              pick: fc.nat(),
              op: fc.constantFrom<'delete' | 'set'>('delete', 'set', 'set'),
              value: nasty,
            }),
            { minLength: 1, maxLength: 3 },
          ),
        ),
      );
    await fc.assert(
      fc.asyncProperty(mutated, async ([path, which, mutations]) => {
        // /msgs starts from the IBC seed or from a route through one of the bridges
        const choices = path === '/v2/fungible/msgs' ? [seeds[path], ...bridgeMsgs] : [seeds[path]];
        let body = choices[which % choices.length];
        for (const m of mutations) {
          const paths = pathsOf(body);
          if (!paths.length) break;
          body = applyMutation(body, { path: paths[m.pick % paths.length]!, op: m.op, value: m.value });
        }
        await expectWellFormed(await service.post(path, body), `${path} ${JSON.stringify(body).slice(0, 200)}`);
      }),
      { numRuns: 1500 },
    );
    // thousands of requests over HTTP: minutes-long only on a crowded machine, never a speed claim
  }, 60_000);

  it('random query strings on the GET endpoints and random paths', async () => {
    const key = fc.constantFrom(
      'tx_hash',
      'chain_id',
      'chain_ids',
      'include_evm',
      'include_svm',
      'only_testnets',
      'native_only',
      'include_cw20_assets',
      'source_chain_id',
      'dest_chain_id',
      'allow_multi_tx',
      'x',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/v2/info/chains',
          '/v2/fungible/assets',
          '/v2/info/bridges',
          '/v2/fungible/venues',
          '/v2/fungible/assets_between_chains',
          '/v2/tx/status',
          '/v2/nope',
          '/local/chains/osmosis-1/accounts/osmo1x',
        ),
        // chain ids kept to small chains: a first between-chains answer from Osmosis's 500 assets takes a second
        fc.array(fc.tuple(key, fc.oneof(fc.string(), fc.constantFrom('true', 'false', 'cosmoshub-4', 'noble-1', '1', ''))), { maxLength: 4 }),
        async (path, pairs) => {
          const query = new URLSearchParams(pairs).toString();
          await expectWellFormed(await service.get(`${path}?${query}`), `${path}?${query}`);
        },
      ),
      { numRuns: 400 },
    );
    // thousands of requests over HTTP: minutes-long only on a crowded machine, never a speed claim
  }, 40_000);

  it('the simulated chains still balance their books afterwards', () => {
    expect(service.app.chains.checkInvariants()).toEqual([]);
  });

  it('is still healthy afterwards', async () => {
    const health = await service.get('/healthz');
    expect(health.status).toBe(200);
    expect((await service.post('/v2/fungible/route', ROUTE)).status).toBe(200);
  });
});
