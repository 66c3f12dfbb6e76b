import { browser } from 'wxt/browser';
import { API_RESPONSES, type ApiCallParams, type ApiProxyEndpoint, type ApiProxyResponse } from './api-proxy';
import {
  backgroundMethods,
  PROTOCOL_TAG,
  ProtocolError,
  ResponseEnvelope,
  type BackgroundMethod,
  type MethodParams,
  type MethodResult,
} from './protocol';

type Send = (message: unknown) => Promise<unknown>;

/**
 * Calls a background method from an extension page. The answer is parsed with the method's
 * result schema; failures arrive as ProtocolError with the background's code and message.
 */
export async function callBackground<M extends BackgroundMethod>(
  method: M,
  params: MethodParams<M>,
  send: Send = (message) => browser.runtime.sendMessage(message),
): Promise<MethodResult<M>> {
  let raw: unknown;
  try {
    raw = await send({ [PROTOCOL_TAG]: 1, method, params });
  } catch (error) {
    throw new ProtocolError('unreachable', `Courier’s background did not answer: ${describe(error)}`);
  }
  const envelope = ResponseEnvelope.safeParse(raw);
  if (!envelope.success) throw new ProtocolError('bad-response', 'The background sent a malformed answer.');
  if (!envelope.data.ok) {
    const { code, message, data } = envelope.data.error;
    throw new ProtocolError(code, message, data);
  }
  const result = backgroundMethods[method].result.safeParse(envelope.data.result);
  if (!result.success) throw new ProtocolError('bad-response', `The background's answer to ${method} is malformed.`);
  return result.data as MethodResult<M>;
}

/**
 * An API call through the background (which adds the key). The answer is parsed with the
 * endpoint's response schema here too; an API failure rejects with ProtocolError code `api`
 * whose `data` is the serialised ApiError (ApiError.fromSerialized rebuilds it).
 */
export async function callApi<E extends ApiProxyEndpoint>(
  endpoint: E,
  body: Extract<ApiCallParams, { endpoint: E }>['body'],
  send?: Send,
): Promise<ApiProxyResponse<E>> {
  const params = { endpoint, body } as MethodParams<'courier:api'>;
  const raw = await callBackground('courier:api', params, send);
  const parsed = API_RESPONSES[endpoint].safeParse(raw);
  if (!parsed.success) throw new ProtocolError('bad-response', `The background's answer to ${endpoint} is malformed.`);
  return parsed.data as ApiProxyResponse<E>;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
