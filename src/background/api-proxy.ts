/**
 * `courier:api`: the UI's API calls, made by the background (the only context that holds the
 * key). Each endpoint's body is checked with the API's own request schema on the way in, and
 * the answer has already been checked by the client against the response schema; pages parse
 * it again on their side with `API_RESPONSES` (see callApi in call.ts).
 *
 * A call may carry a `requestId` (chosen by the page); `courier:api:cancel` with the same id
 * aborts it: the fetch and any retry wait stop at once and the call answers ProtocolError
 * `cancelled`. ApiCallRegistry keeps the in-flight ones, per sender scope.
 * No browser APIs here, so pages can import the schemas.
 */
import { z } from 'zod';
import {
  ApiError,
  AssetsFromSourceRequest,
  AssetsFromSourceResponse,
  AssetsRequest,
  AssetsResponse,
  BalancesRequest,
  BalancesResponse,
  ChainsRequest,
  ChainsResponse,
  IbcOriginAssetsRequest,
  IbcOriginAssetsResponse,
  isApiError,
  MsgsDirectRequest,
  MsgsDirectResponse,
  MsgsRequest,
  MsgsResponse,
  RouteRequest,
  RouteResponse,
  serializeApiError,
  type ApiClient,
} from '../api';
import { ProtocolError } from './protocol-error';

export const API_PROXY_ENDPOINTS = [
  'route',
  'msgs',
  'msgsDirect',
  'balances',
  'assetsFromSource',
  'ibcOriginAssets',
  'chains',
  'assets',
] as const;
export type ApiProxyEndpoint = (typeof API_PROXY_ENDPOINTS)[number];

/** A page's name for one of its API calls, so that it can cancel it (`courier:api:cancel`). */
export const ApiRequestId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'requestId: 1–64 characters of A–Z, a–z, 0–9, _ and -');

const cancellable = { requestId: ApiRequestId.optional() };

export const ApiCallParams = z.discriminatedUnion('endpoint', [
  z.strictObject({ endpoint: z.literal('route'), body: RouteRequest, ...cancellable }),
  z.strictObject({ endpoint: z.literal('msgs'), body: MsgsRequest, ...cancellable }),
  z.strictObject({ endpoint: z.literal('msgsDirect'), body: MsgsDirectRequest, ...cancellable }),
  z.strictObject({ endpoint: z.literal('balances'), body: BalancesRequest, ...cancellable }),
  z.strictObject({ endpoint: z.literal('assetsFromSource'), body: AssetsFromSourceRequest, ...cancellable }),
  z.strictObject({ endpoint: z.literal('ibcOriginAssets'), body: IbcOriginAssetsRequest, ...cancellable }),
  z.strictObject({ endpoint: z.literal('chains'), body: ChainsRequest.optional(), ...cancellable }),
  z.strictObject({ endpoint: z.literal('assets'), body: AssetsRequest.optional(), ...cancellable }),
]);
export type ApiCallParams = z.input<typeof ApiCallParams>;

export const API_RESPONSES = {
  route: RouteResponse,
  msgs: MsgsResponse,
  msgsDirect: MsgsDirectResponse,
  balances: BalancesResponse,
  assetsFromSource: AssetsFromSourceResponse,
  ibcOriginAssets: IbcOriginAssetsResponse,
  chains: ChainsResponse,
  assets: AssetsResponse,
} as const satisfies Record<ApiProxyEndpoint, z.ZodType>;
export type ApiProxyResponse<E extends ApiProxyEndpoint> = z.output<(typeof API_RESPONSES)[E]>;

export const ApiCancelParams = z.strictObject({ requestId: ApiRequestId });
export const ApiCancelResult = z.object({ cancelled: z.boolean() });

/** What a cancelled `courier:api` call answers (the page that cancelled it ignores it). */
export const CANCELLED_CODE = 'cancelled';

/**
 * Makes the call; an API failure becomes ProtocolError `api` carrying the serialised ApiError,
 * and a call ended by `signal` becomes ProtocolError `cancelled`.
 */
export async function proxyApiCall(
  client: ApiClient,
  params: z.output<typeof ApiCallParams>,
  signal?: AbortSignal,
): Promise<unknown> {
  const opts = { signal };
  try {
    switch (params.endpoint) {
      case 'route':
        return await client.route(params.body as z.input<typeof RouteRequest>, opts);
      case 'msgs':
        return await client.msgs(params.body as z.input<typeof MsgsRequest>, opts);
      case 'msgsDirect':
        return await client.msgsDirect(params.body as z.input<typeof MsgsDirectRequest>, opts);
      case 'balances':
        return await client.balances(params.body, opts);
      case 'assetsFromSource':
        return await client.assetsFromSource(params.body, opts);
      case 'ibcOriginAssets':
        return await client.ibcOriginAssets(params.body, opts);
      case 'chains':
        return await client.chains(params.body, opts);
      case 'assets':
        return await client.assets(params.body, opts);
    }
  } catch (error) {
    if (signal?.aborted) throw new ProtocolError(CANCELLED_CODE, 'The request was cancelled by the page that made it.');
    throw toProtocolError(error);
  }
}

/**
 * The `courier:api` calls in flight that carry a requestId, each under its sender's scope (one
 * page can never cancel another's call). An entry lives exactly as long as its call.
 */
export class ApiCallRegistry {
  private readonly calls = new Map<string, AbortController>();

  /** In-flight cancellable calls (for tests and diagnostics). */
  get size(): number {
    return this.calls.size;
  }

  /** Runs `work` with a signal that `cancel(scope, requestId)` aborts; refuses an id already in flight. */
  async run<T>(scope: string, requestId: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const key = registryKey(scope, requestId);
    if (this.calls.has(key)) throw new ProtocolError('bad-request', `requestId "${requestId}" is already in use.`);
    const controller = new AbortController();
    this.calls.set(key, controller);
    try {
      return await work(controller.signal);
    } finally {
      if (this.calls.get(key) === controller) this.calls.delete(key);
    }
  }

  /** Aborts the call; false when no call of this scope has that id (unknown, or already settled). */
  cancel(scope: string, requestId: string): boolean {
    const key = registryKey(scope, requestId);
    const controller = this.calls.get(key);
    if (!controller) return false;
    this.calls.delete(key);
    controller.abort();
    return true;
  }
}

function registryKey(scope: string, requestId: string): string {
  // The id has no spaces (ApiRequestId), so the pair cannot be confused with another.
  return `${scope} ${requestId}`;
}

/** ApiError → ProtocolError `api` (data: the serialised ApiError); anything else unchanged. */
export function toProtocolError(error: unknown): unknown {
  if (error instanceof ProtocolError) return error;
  if (isApiError(error)) return new ProtocolError('api', error.message, serializeApiError(error as ApiError));
  return error;
}
