/**
 * The background and API calls of the UI, loaded on first use: callBackground/callApi parse with
 * zod and the whole wire contract, which the first render must not wait for. Types only here.
 */
import type { ApiCallParams, ApiProxyEndpoint, ApiProxyResponse } from '../../background/api-proxy';
import type { ApiCallOptions } from '../../background/call';
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

/**
 * An API call through the background. Aborting `signal` cancels it there too (its fetch and
 * retries stop) and rejects at once with an AbortError, which the UI ignores (isCancellation).
 */
export async function callApi<E extends ApiProxyEndpoint>(
  endpoint: E,
  body: Extract<ApiCallParams, { endpoint: E }>['body'],
  options: ApiCallOptions = {},
): Promise<ApiProxyResponse<E>> {
  // The same signature as call.ts's callApi, forwarded: its generic body type cannot be re-derived here.
  const { callApi: call } = await loadApiLayer();
  return (call as (e: E, b: unknown, send: undefined, o: ApiCallOptions) => Promise<ApiProxyResponse<E>>)(endpoint, body, undefined, options);
}
