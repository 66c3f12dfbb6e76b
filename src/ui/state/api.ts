/**
 * The background and API calls of the UI, loaded on first use: callBackground/callApi parse with
 * zod and the whole wire contract, which the first render must not wait for. Types only here.
 */
import type { ApiCallParams, ApiProxyEndpoint, ApiProxyResponse } from '../../background/api-proxy';
import type { BackgroundMethod, MethodParams, MethodResult } from '../../background/protocol';

let layer: Promise<typeof import('../../background/call')> | null = null;

/** Loads zod (configured for MV3 first) and the protocol; starts at most once. */
export function loadApiLayer(): Promise<typeof import('../../background/call')> {
  layer ??= import('../../config/zod').then(() => import('../../background/call'));
  layer.catch(() => {
    layer = null; // a failed chunk load is tried again next time
  });
  return layer;
}

export async function callBackground<M extends BackgroundMethod>(method: M, params: MethodParams<M>): Promise<MethodResult<M>> {
  return (await loadApiLayer()).callBackground(method, params);
}

export async function callApi<E extends ApiProxyEndpoint>(
  endpoint: E,
  body: Extract<ApiCallParams, { endpoint: E }>['body'],
): Promise<ApiProxyResponse<E>> {
  // The same signature as call.ts's callApi, forwarded: its generic body type cannot be re-derived here.
  const { callApi: call } = await loadApiLayer();
  return (call as (e: E, b: unknown) => Promise<ApiProxyResponse<E>>)(endpoint, body);
}
