import type { z } from 'zod';
import {
  AssetsFromSourceRequest,
  AssetsFromSourceResponse,
  AssetsRequest,
  AssetsResponse,
  BalancesRequest,
  BalancesResponse,
  BridgesResponse,
  ChainsRequest,
  ChainsResponse,
  IbcOriginAssetsRequest,
  IbcOriginAssetsResponse,
  MsgsDirectRequest,
  MsgsDirectResponse,
  MsgsRequest,
  MsgsResponse,
  RouteRequest,
  RouteResponse,
  StatusRequest,
  StatusResponse,
  SubmitRequest,
  SubmitResponse,
  TrackRequest,
  TrackResponse,
} from './schemas';
import { createTransport, type AttemptCharge, type RetryClass, type TransportOptions } from './transport';

export type ApiClientOptions = TransportOptions;

export interface CallOptions {
  signal?: AbortSignal;
  /** Paid before each attempt, retries included (see AttemptCharge). */
  charge?: AttemptCharge;
}

/**
 * Request bodies and queries are typed by the schema's input side: the client sends what the
 * caller gives (callers validate at their own edges) and never parses a request itself.
 */
export interface ApiClient {
  /** The normalised base URL (no trailing slash). */
  readonly baseUrl: string;
  route(body: z.input<typeof RouteRequest>, opts?: CallOptions): Promise<RouteResponse>;
  msgs(body: z.input<typeof MsgsRequest>, opts?: CallOptions): Promise<MsgsResponse>;
  msgsDirect(body: z.input<typeof MsgsDirectRequest>, opts?: CallOptions): Promise<MsgsDirectResponse>;
  balances(body: z.input<typeof BalancesRequest>, opts?: CallOptions): Promise<BalancesResponse>;
  submit(body: z.input<typeof SubmitRequest>, opts?: CallOptions): Promise<SubmitResponse>;
  track(body: z.input<typeof TrackRequest>, opts?: CallOptions): Promise<TrackResponse>;
  status(params: z.input<typeof StatusRequest>, opts?: CallOptions): Promise<StatusResponse>;
  assetsFromSource(
    body: z.input<typeof AssetsFromSourceRequest>,
    opts?: CallOptions,
  ): Promise<AssetsFromSourceResponse>;
  ibcOriginAssets(body: z.input<typeof IbcOriginAssetsRequest>, opts?: CallOptions): Promise<IbcOriginAssetsResponse>;
  chains(query?: z.input<typeof ChainsRequest>, opts?: CallOptions): Promise<ChainsResponse>;
  assets(query?: z.input<typeof AssetsRequest>, opts?: CallOptions): Promise<AssetsResponse>;
  bridges(opts?: CallOptions): Promise<BridgesResponse>;
}

/**
 * Retry class of every endpoint (see RetryClass in ./transport):
 * - reads — status, chains, assets, bridges, balances (a POST only because its query is structured),
 *   assets_from_source and ibc_origin_assets (lookups): `read`.
 * - quotes — route, msgs, msgs_direct: pure computations with no server-side effect, so a
 *   retry is safe, but planning is heavy and the user is waiting: `compute` (no retry on timeout).
 * - submit broadcasts and track registers: `never`, even on 429/503, because the first
 *   attempt may have taken effect before the failure was seen.
 */
export const ENDPOINT_RETRY = {
  route: 'compute',
  msgs: 'compute',
  msgsDirect: 'compute',
  balances: 'read',
  submit: 'never',
  track: 'never',
  status: 'read',
  assetsFromSource: 'read',
  ibcOriginAssets: 'read',
  chains: 'read',
  assets: 'read',
  bridges: 'read',
} as const satisfies Record<keyof Omit<ApiClient, 'baseUrl'>, RetryClass>;

export function createApiClient(options: ApiClientOptions): ApiClient {
  const transport = createTransport(options);
  const post =
    <T>(name: keyof typeof ENDPOINT_RETRY, path: `/${string}`, response: z.ZodType<T>) =>
    (body: unknown, opts?: CallOptions): Promise<T> =>
      transport.call({ method: 'POST', path, retry: ENDPOINT_RETRY[name], response, body, signal: opts?.signal, charge: opts?.charge });

  return {
    baseUrl: transport.baseUrl,
    route: post('route', '/v2/fungible/route', RouteResponse),
    msgs: post('msgs', '/v2/fungible/msgs', MsgsResponse),
    msgsDirect: post('msgsDirect', '/v2/fungible/msgs_direct', MsgsDirectResponse),
    balances: post('balances', '/v2/info/balances', BalancesResponse),
    submit: post('submit', '/v2/tx/submit', SubmitResponse),
    track: post('track', '/v2/tx/track', TrackResponse),
    assetsFromSource: post('assetsFromSource', '/v2/fungible/assets_from_source', AssetsFromSourceResponse),
    ibcOriginAssets: post('ibcOriginAssets', '/v2/fungible/ibc_origin_assets', IbcOriginAssetsResponse),
    status: ({ tx_hash, chain_id }, opts) =>
      transport.call({
        method: 'GET',
        path: '/v2/tx/status',
        retry: ENDPOINT_RETRY.status,
        response: StatusResponse,
        query: { tx_hash, chain_id },
        signal: opts?.signal,
        charge: opts?.charge,
      }),
    chains: (query, opts) =>
      transport.call({
        method: 'GET',
        path: '/v2/info/chains',
        retry: ENDPOINT_RETRY.chains,
        response: ChainsResponse,
        query,
        signal: opts?.signal,
        charge: opts?.charge,
      }),
    assets: (query, opts) =>
      transport.call({
        method: 'GET',
        path: '/v2/fungible/assets',
        retry: ENDPOINT_RETRY.assets,
        response: AssetsResponse,
        query,
        signal: opts?.signal,
        charge: opts?.charge,
      }),
    bridges: (opts) =>
      transport.call({ method: 'GET', path: '/v2/info/bridges', retry: ENDPOINT_RETRY.bridges, response: BridgesResponse, signal: opts?.signal, charge: opts?.charge }),
  };
}

/**
 * The same client with every call's attempts charged by `charge` (a call's own `charge` wins):
 * how the background makes whoever caused a request pay for it, retries included.
 */
export function withCharge(client: ApiClient, charge: AttemptCharge): ApiClient {
  const o = (opts?: CallOptions): CallOptions => (opts?.charge ? opts : { ...opts, charge });
  return {
    baseUrl: client.baseUrl,
    route: (body, opts) => client.route(body, o(opts)),
    msgs: (body, opts) => client.msgs(body, o(opts)),
    msgsDirect: (body, opts) => client.msgsDirect(body, o(opts)),
    balances: (body, opts) => client.balances(body, o(opts)),
    submit: (body, opts) => client.submit(body, o(opts)),
    track: (body, opts) => client.track(body, o(opts)),
    status: (params, opts) => client.status(params, o(opts)),
    assetsFromSource: (body, opts) => client.assetsFromSource(body, o(opts)),
    ibcOriginAssets: (body, opts) => client.ibcOriginAssets(body, o(opts)),
    chains: (query, opts) => client.chains(query, o(opts)),
    assets: (query, opts) => client.assets(query, o(opts)),
    bridges: (opts) => client.bridges(o(opts)),
  };
}
