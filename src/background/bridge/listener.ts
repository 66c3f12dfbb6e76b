import type { Runtime } from 'webextension-polyfill';
import {
  BRIDGE_METHODS,
  BridgeErrorCode,
  RelayedRequest,
  bridgeError,
  isRelayedRequest,
  type RelayedResponse,
} from '../../bridge/protocol';

/**
 * The background's door for page requests. The origin comes from `sender`, never from the
 * message. Until the bridge's handlers land, every method is answered as unsupported.
 */
export function createBridgeListener() {
  return (message: unknown, sender: Runtime.MessageSender): Promise<RelayedResponse> | undefined => {
    if (!isRelayedRequest(message)) return undefined;
    return Promise.resolve(answer(message, sender));
  };
}

function answer(message: unknown, sender: Runtime.MessageSender): RelayedResponse {
  const request = RelayedRequest.safeParse(message);
  if (!request.success || !senderOrigin(sender)) {
    return { ok: false, error: bridgeError(BridgeErrorCode.invalidParams, 'Malformed bridge request.') };
  }
  const known = (BRIDGE_METHODS as readonly string[]).includes(request.data.method);
  return {
    ok: false,
    error: bridgeError(
      BridgeErrorCode.unsupportedMethod,
      known
        ? `"${request.data.method}" is not available in this version of Courier.`
        : `Unsupported method "${request.data.method}".`,
    ),
  };
}

/** The page's origin as the browser reports it; undefined for senders that are not pages. */
export function senderOrigin(sender: Runtime.MessageSender): string | undefined {
  const url = sender.url ?? sender.tab?.url;
  if (!url) return undefined;
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}
