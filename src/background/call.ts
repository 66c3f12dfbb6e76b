import { browser } from 'wxt/browser';
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

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
