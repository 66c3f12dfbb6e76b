/** The client's wiring over a real socket: paths, methods, headers, query strings, bodies. */
import { describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../../src/api';
import { readFixture } from '../../support/fixtures';
import { useTestServer } from '../../support/http-server';

const server = useTestServer();
const fixture = readFixture;

const TX_HASH = 'F30790E79987F18F3A4DA8C7A9BA9FD837043EF59D8236CA85180E1078BC607F';

function client(extra: Partial<Parameters<typeof createApiClient>[0]> = {}): ApiClient {
  return createApiClient({ baseUrl: server.url, retry: { retries: 0 }, ...extra });
}

/** One row per endpoint: the call, its wire method and path, and the 200 fixture. */
const ENDPOINTS: {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  response: string;
  request?: string;
  call: (api: ApiClient, body: never) => Promise<unknown>;
}[] = [
  {
    name: 'route',
    method: 'POST',
    path: '/v2/fungible/route',
    response: 'v2_fungible_route.200.json',
    request: 'v2_fungible_route.request.swap-usdc-to-atom.json',
    call: (api, body) => api.route(body),
  },
  {
    name: 'msgs',
    method: 'POST',
    path: '/v2/fungible/msgs',
    response: 'v2_fungible_msgs.200.json',
    request: 'v2_fungible_msgs.request.swap-usdc-to-atom.json',
    call: (api, body) => api.msgs(body),
  },
  {
    name: 'msgsDirect',
    method: 'POST',
    path: '/v2/fungible/msgs_direct',
    response: 'v2_fungible_msgs_direct.200.json',
    request: 'v2_fungible_msgs_direct.request.swap-usdc-to-atom.json',
    call: (api, body) => api.msgsDirect(body),
  },
  {
    name: 'balances',
    method: 'POST',
    path: '/v2/info/balances',
    response: 'v2_info_balances.200.json',
    request: 'v2_info_balances.request.json',
    call: (api, body) => api.balances(body),
  },
  {
    name: 'submit',
    method: 'POST',
    path: '/v2/tx/submit',
    response: 'v2_tx_submit.200.json',
    call: (api) => api.submit({ tx: 'Co0BCooBChwvY29zbW9zLmJhbms=', chain_id: 'osmosis-1' }),
  },
  {
    name: 'track',
    method: 'POST',
    path: '/v2/tx/track',
    response: 'v2_tx_track.200.json',
    call: (api) => api.track({ tx_hash: TX_HASH, chain_id: 'osmosis-1' }),
  },
  {
    name: 'status',
    method: 'GET',
    path: '/v2/tx/status',
    response: 'v2_tx_status.200.transfer-from-cosmoshub-to-avalanche.json',
    call: (api) => api.status({ tx_hash: TX_HASH, chain_id: 'cosmoshub-4' }),
  },
  {
    name: 'assetsFromSource',
    method: 'POST',
    path: '/v2/fungible/assets_from_source',
    response: 'v2_fungible_assets_from_source.200.json',
    request: 'v2_fungible_assets_from_source.request.usdc-from-axelar.json',
    call: (api, body) => api.assetsFromSource(body),
  },
  {
    name: 'ibcOriginAssets',
    method: 'POST',
    path: '/v2/fungible/ibc_origin_assets',
    response: 'v2_fungible_ibc_origin_assets.200.json',
    request: 'v2_fungible_ibc_origin_assets.request.multi-asset.json',
    call: (api, body) => api.ibcOriginAssets(body),
  },
  {
    name: 'chains',
    method: 'GET',
    path: '/v2/info/chains',
    response: 'v2_info_chains.200.json',
    call: (api) => api.chains(),
  },
  {
    name: 'assets',
    method: 'GET',
    path: '/v2/fungible/assets',
    response: 'v2_fungible_assets.200.json',
    call: (api) => api.assets(),
  },
];

// Real example bodies from the upstream description (test/fixtures/openapi).
describe('endpoints', () => {
  it.each(ENDPOINTS)('$name: $method $path, the 200 fixture parses', async (endpoint) => {
    const body = fixture(endpoint.response);
    server.reply(endpoint.method, endpoint.path, { body });
    const requestBody = endpoint.request ? fixture(endpoint.request) : undefined;

    const result = await endpoint.call(client(), requestBody as never);

    expect(result).toMatchObject(body as object);
    const seen = server.requests();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: endpoint.method, path: endpoint.path });
    if (endpoint.method === 'POST') {
      expect(seen[0]?.headers['content-type']).toBe('application/json');
      if (requestBody !== undefined) expect(JSON.parse(seen[0]?.body ?? '')).toEqual(requestBody);
    } else {
      expect(seen[0]?.headers['content-type']).toBeUndefined();
      expect(seen[0]?.body).toBe('');
    }
  });
});

describe('authorization header', () => {
  it('is the key exactly as given, with no scheme', async () => {
    server.reply('GET', '/v2/info/chains', { body: { chains: [] } });
    await client({ apiKey: 'sk_live 0123-abc' }).chains();
    expect(server.requests()[0]?.headers.authorization).toBe('sk_live 0123-abc');
  });

  it('is absent without a key, and with an empty key', async () => {
    server.reply('GET', '/v2/info/chains', { body: { chains: [] } });
    await client().chains();
    await client({ apiKey: '' }).chains();
    const seen = server.requests();
    expect(seen).toHaveLength(2);
    for (const request of seen) expect(request.headers).not.toHaveProperty('authorization');
  });

});

describe('construction', () => {
  it('nonsense settings are refused when the client is made', () => {
    expect(() => createApiClient({ baseUrl: 'ftp://example.com' })).toThrow();
    expect(() => createApiClient({ baseUrl: server.url, timeoutMs: Number.NaN })).toThrow(RangeError);
    expect(() => createApiClient({ baseUrl: server.url, retry: { retries: -1 } })).toThrow(RangeError);
  });

  it('an API key that cannot be a header value is refused when the client is made', () => {
    expect(() => createApiClient({ baseUrl: server.url, apiKey: 'abc\ndef' })).toThrow(TypeError);
  });
});

// Real example bodies from the upstream description (test/fixtures/openapi).
describe('URLs and query strings', () => {
  it('status sends tx_hash and chain_id in the query, encoded', async () => {
    server.reply('GET', '/v2/tx/status', {
      body: fixture('v2_tx_status.200.transfer-from-noble-to-ethereum-via-cctp.json'),
    });
    await client().status({ tx_hash: TX_HASH, chain_id: 'a b&c=d' });
    const [request] = server.requests();
    expect(request?.path).toBe('/v2/tx/status');
    expect([...(request?.query ?? [])]).toEqual([
      ['tx_hash', TX_HASH],
      ['chain_id', 'a b&c=d'],
    ]);
  });

  it('chains repeats array keys and writes booleans; unset keys are left out', async () => {
    server.reply('GET', '/v2/info/chains', { body: { chains: [] } });
    await client().chains({ chain_ids: ['osmosis-1', 'cosmoshub-4'], include_evm: true, only_testnets: false });
    const query = server.requests()[0]?.query;
    expect(query?.getAll('chain_ids')).toEqual(['osmosis-1', 'cosmoshub-4']);
    expect(query?.get('include_evm')).toBe('true');
    expect(query?.get('only_testnets')).toBe('false');
    expect(query?.has('include_svm')).toBe(false);
  });

  it('assets passes its query the same way', async () => {
    server.reply('GET', '/v2/fungible/assets', { body: fixture('v2_fungible_assets.200.json') });
    await client().assets({ chain_ids: ['osmosis-1'], native_only: true });
    const query = server.requests()[0]?.query;
    expect(query?.toString()).toBe('chain_ids=osmosis-1&native_only=true');
  });

  it('a trailing slash on the base URL is tolerated', async () => {
    server.reply('GET', '/v2/info/chains', { body: { chains: [] } });
    const api = createApiClient({ baseUrl: `${server.url}///` });
    expect(api.baseUrl).toBe(server.url);
    await api.chains();
    expect(server.requests()[0]?.path).toBe('/v2/info/chains');
  });

  it('a base URL with a path prefix keeps the prefix', async () => {
    server.reply('POST', '/proxy/skip/v2/tx/track', { body: fixture('v2_tx_track.200.json') });
    await createApiClient({ baseUrl: `${server.url}/proxy/skip/` }).track({ tx_hash: TX_HASH, chain_id: 'osmosis-1' });
    expect(server.requests()[0]?.path).toBe('/proxy/skip/v2/tx/track');
  });
});

// Real example bodies from the upstream description (test/fixtures/openapi).
describe('request bodies', () => {
  it('are sent as given: unknown fields pass through, nothing is added', async () => {
    server.reply('POST', '/v2/tx/submit', { body: fixture('v2_tx_submit.200.json') });
    const body = { tx: 'AAAA', chain_id: 'osmosis-1', something_new: { nested: [1, 'two'] } };
    await client().submit(body);
    expect(JSON.parse(server.requests()[0]?.body ?? '')).toEqual(body);
  });

  it('encode a bigint as its decimal string', async () => {
    server.reply('POST', '/v2/info/balances', { body: { chains: {} } });
    await client().balances({ chains: {}, big: 12345678901234567890n } as never);
    expect(server.requests()[0]?.body).toBe('{"chains":{},"big":"12345678901234567890"}');
  });
});
