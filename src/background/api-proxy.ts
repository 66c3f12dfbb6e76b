/**
 * `courier:api`: the UI's API calls, made by the background (the only context that holds the
 * key). Each endpoint's body is checked with the API's own request schema on the way in, and
 * the answer has already been checked by the client against the response schema; pages parse
 * it again on their side with `API_RESPONSES` (see callApi in call.ts).
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

export const ApiCallParams = z.discriminatedUnion('endpoint', [
  z.strictObject({ endpoint: z.literal('route'), body: RouteRequest }),
  z.strictObject({ endpoint: z.literal('msgs'), body: MsgsRequest }),
  z.strictObject({ endpoint: z.literal('msgsDirect'), body: MsgsDirectRequest }),
  z.strictObject({ endpoint: z.literal('balances'), body: BalancesRequest }),
  z.strictObject({ endpoint: z.literal('assetsFromSource'), body: AssetsFromSourceRequest }),
  z.strictObject({ endpoint: z.literal('ibcOriginAssets'), body: IbcOriginAssetsRequest }),
  z.strictObject({ endpoint: z.literal('chains'), body: ChainsRequest.optional() }),
  z.strictObject({ endpoint: z.literal('assets'), body: AssetsRequest.optional() }),
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

/** Makes the call; an API failure becomes ProtocolError `api` carrying the serialised ApiError. */
export async function proxyApiCall(client: ApiClient, params: z.output<typeof ApiCallParams>): Promise<unknown> {
  try {
    switch (params.endpoint) {
      case 'route':
        return await client.route(params.body as z.input<typeof RouteRequest>);
      case 'msgs':
        return await client.msgs(params.body as z.input<typeof MsgsRequest>);
      case 'msgsDirect':
        return await client.msgsDirect(params.body as z.input<typeof MsgsDirectRequest>);
      case 'balances':
        return await client.balances(params.body);
      case 'assetsFromSource':
        return await client.assetsFromSource(params.body);
      case 'ibcOriginAssets':
        return await client.ibcOriginAssets(params.body);
      case 'chains':
        return await client.chains(params.body);
      case 'assets':
        return await client.assets(params.body);
    }
  } catch (error) {
    throw toProtocolError(error);
  }
}

/** ApiError → ProtocolError `api` (data: the serialised ApiError); anything else unchanged. */
export function toProtocolError(error: unknown): unknown {
  if (error instanceof ProtocolError) return error;
  if (isApiError(error)) return new ProtocolError('api', error.message, serializeApiError(error as ApiError));
  return error;
}
