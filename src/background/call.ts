import { browser } from 'wxt/browser';
import { raceAbort } from '../api/transport';
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

export interface ApiCallOptions {
  /**
   * Aborting it cancels the call for real: the background is told (`courier:api:cancel`) and
   * stops the fetch and its retries, and the promise rejects at once with an AbortError.
   */
  signal?: AbortSignal;
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
  options: ApiCallOptions = {},
): Promise<ApiProxyResponse<E>> {
  const { signal } = options;
  if (signal?.aborted) throw abortError();
  // Only a call that can be cancelled needs a name (random: the background scopes it per page anyway).
  const requestId = signal ? crypto.randomUUID() : undefined;
  const params = (requestId === undefined ? { endpoint, body } : { endpoint, body, requestId }) as MethodParams<'courier:api'>;
  const call = callBackground('courier:api', params, send);
  const raw = signal && requestId !== undefined ? await cancelOnAbort(call, signal, requestId, send) : await call;
  const parsed = API_RESPONSES[endpoint].safeParse(raw);
  if (!parsed.success) throw new ProtocolError('bad-response', `The background's answer to ${endpoint} is malformed.`);
  return parsed.data as ApiProxyResponse<E>;
}

/** Settles with `call`, or, once `signal` aborts, asks the background to cancel and rejects at once. */
async function cancelOnAbort<T>(call: Promise<T>, signal: AbortSignal, requestId: string, send: Send | undefined): Promise<T> {
  // The background's own answer (code `cancelled`) reaches nobody: the race has already rejected.
  const cancel = () => void callBackground('courier:api:cancel', { requestId }, send).catch(() => undefined);
  signal.addEventListener('abort', cancel, { once: true });
  try {
    return await raceAbort(call, signal);
  } catch (error) {
    throw signal.aborted ? abortError() : error;
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

function abortError(): DOMException {
  return new DOMException('The request was cancelled.', 'AbortError');
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
