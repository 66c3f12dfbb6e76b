import type { Runtime } from 'webextension-polyfill';
import { z } from 'zod';
import {
  backgroundMethods,
  isCourierRequest,
  ProtocolError,
  RequestEnvelope,
  type BackgroundMethod,
  type MethodResult,
  type ResponseEnvelope,
} from './protocol';

export type HandlerContext = { sender: Runtime.MessageSender };

export type BackgroundHandlers = {
  [M in BackgroundMethod]: (
    params: z.output<(typeof backgroundMethods)[M]['params']>,
    context: HandlerContext,
  ) => Promise<MethodResult<M>> | MethodResult<M>;
};

/**
 * Turns the handler table into a `runtime.onMessage` listener. Messages that are not Courier's
 * are left for other listeners (undefined); Courier's always get exactly one envelope back.
 */
export function createMessageRouter(handlers: BackgroundHandlers, extensionOrigin: string) {
  return (message: unknown, sender: Runtime.MessageSender): Promise<ResponseEnvelope> | undefined => {
    if (!isCourierRequest(message)) return undefined;
    return dispatch(handlers, extensionOrigin, message, sender);
  };
}

async function dispatch(
  handlers: BackgroundHandlers,
  extensionOrigin: string,
  message: unknown,
  sender: Runtime.MessageSender,
): Promise<ResponseEnvelope> {
  try {
    // Only the extension's own pages speak this protocol; pages reach the background through
    // the bridge, which has its own checks.
    if (!isFromExtensionPage(sender, extensionOrigin)) {
      throw new ProtocolError('forbidden', 'This protocol is only for Courier’s own pages.');
    }
    const envelope = RequestEnvelope.safeParse(message);
    if (!envelope.success) {
      throw new ProtocolError('bad-request', 'Malformed request envelope.', z.treeifyError(envelope.error));
    }
    const { method, params } = envelope.data;
    if (!Object.hasOwn(backgroundMethods, method)) {
      throw new ProtocolError('unknown-method', `Unknown method "${method}".`);
    }
    const name = method as BackgroundMethod;
    const spec = backgroundMethods[name];
    const parsed = spec.params.safeParse(params ?? {});
    if (!parsed.success) {
      throw new ProtocolError('bad-request', `Invalid params for ${name}.`, parsed.error.issues);
    }
    const handler = handlers[name] as (p: unknown, c: HandlerContext) => unknown;
    const result = spec.result.parse(await handler(parsed.data, { sender }));
    return { ok: true, result };
  } catch (error) {
    if (error instanceof ProtocolError) return { ok: false, error: error.toBody() };
    console.error('[courier] background handler failed', error);
    return { ok: false, error: { code: 'internal', message: 'Courier hit an internal error.' } };
  }
}

function isFromExtensionPage(sender: Runtime.MessageSender, extensionOrigin: string): boolean {
  // Content scripts carry a tab; extension pages have our own origin as their URL.
  if (sender.tab && !sender.url?.startsWith(extensionOrigin)) return false;
  return typeof sender.url === 'string' && sender.url.startsWith(extensionOrigin);
}
