import type { Runtime } from 'webextension-polyfill';
import {
  BridgeErrorCode,
  RelayedControl,
  RelayedRequest,
  bridgeError,
  isRelayedRequest,
  type RelayedResponse,
} from '../../bridge/protocol';
import type { BridgeHandler } from './handler';
import { senderFrame, senderOrigin, senderTopOrigin } from './origin';
import type { OriginRateLimiter } from './rate-limit';
import type { PageEvents } from './page-events';

export { senderOrigin } from './origin';

export interface BridgeListenerDeps {
  handle: BridgeHandler;
  events: PageEvents;
  limiter: OriginRateLimiter;
  /** This extension's id: only our own content scripts speak the bridge. */
  extensionId: string;
}

/**
 * The background's door for page requests (runtime.onMessage). Only content scripts (a sender
 * with a tab) of this extension are heard; the origin comes from `sender`, never from the
 * message. Messages that are not the bridge's are left for other listeners (undefined).
 */
export function createBridgeListener(deps: BridgeListenerDeps) {
  return (message: unknown, sender: Runtime.MessageSender): Promise<RelayedResponse> | undefined => {
    if (!isRelayedRequest(message)) return undefined;
    return answer(deps, message, sender);
  };
}

async function answer(deps: BridgeListenerDeps, message: unknown, sender: Runtime.MessageSender): Promise<RelayedResponse> {
  const frame = senderFrame(sender);
  const origin = senderOrigin(sender);
  if (sender.id !== deps.extensionId || !frame) {
    return { ok: false, error: bridgeError(BridgeErrorCode.unauthorized, 'The bridge is for web pages only.') };
  }
  if (!origin) {
    return { ok: false, error: bridgeError(BridgeErrorCode.unauthorized, 'Courier cannot identify this page’s origin.') };
  }

  const control = RelayedControl.safeParse(message);
  if (control.success) {
    const admission = deps.limiter.admit(origin);
    if (!admission.ok) return { ok: false, error: bridgeError(BridgeErrorCode.rateLimited, 'Too many requests from this site.') };
    try {
      await deps.events.subscribe(frame, origin);
      return { ok: true, result: null };
    } finally {
      admission.release();
    }
  }

  const request = RelayedRequest.safeParse(message);
  if (!request.success) {
    return { ok: false, error: bridgeError(BridgeErrorCode.invalidParams, 'Malformed bridge request.') };
  }
  return deps.handle(origin, request.data.method, request.data.params, { frame, topOrigin: senderTopOrigin(sender) });
}
