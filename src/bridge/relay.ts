import type { Runtime } from 'webextension-polyfill';
import {
  BRIDGE_NAMESPACE,
  BridgeErrorCode,
  PageRequest,
  RelayedResponse,
  bridgeError,
  type BridgeErrorBody,
} from './protocol';

/** What the relay needs from the extension runtime; injected so it can be tested without a browser. */
export type RelayRuntime = {
  sendMessage(message: unknown): Promise<unknown>;
  onMessage: Pick<Runtime.Static['onMessage'], 'addListener'>;
};

export const BridgeEventMessage = {
  tag: 'courier:bridge-event',
} as const;

/**
 * The content script's half of the bridge: it carries page requests to the background and
 * answers back. It decides nothing; the background learns the page's origin from `sender`.
 */
export function startRelay(win: Window, runtime: RelayRuntime): void {
  const origin = win.location.origin;

  const reply = (message: Record<string, unknown>) =>
    win.postMessage({ namespace: BRIDGE_NAMESPACE, direction: 'to-page', ...message }, origin);

  win.addEventListener('message', (event: MessageEvent) => {
    if (event.source !== win || event.origin !== origin) return;
    const request = PageRequest.safeParse(event.data);
    if (!request.success) return;
    const { id, method, params } = request.data;
    void forward(runtime, method, params).then((answer) =>
      reply(answer.ok ? { kind: 'response', id, result: answer.result } : { kind: 'response', id, error: answer.error }),
    );
  });

  runtime.onMessage.addListener((message: unknown) => {
    if (typeof message !== 'object' || message === null) return undefined;
    const m = message as Record<string, unknown>;
    if (m[BridgeEventMessage.tag] !== 1 || typeof m.event !== 'string') return undefined;
    reply({ kind: 'event', event: m.event, payload: m.payload });
    return undefined;
  });
}

async function forward(
  runtime: RelayRuntime,
  method: string,
  params: unknown,
): Promise<{ ok: true; result: unknown } | { ok: false; error: BridgeErrorBody }> {
  let raw: unknown;
  try {
    raw = await runtime.sendMessage({ [BRIDGE_NAMESPACE]: 1, method, params });
  } catch (error) {
    // The worker restarted or the extension was reloaded mid-request: say so, so the dApp can retry.
    return {
      ok: false,
      error: bridgeError(BridgeErrorCode.internal, 'Courier restarted while handling this request; try again.', {
        retriable: true,
        cause: error instanceof Error ? error.message : String(error),
      }),
    };
  }
  const parsed = RelayedResponse.safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      error: bridgeError(BridgeErrorCode.internal, 'Courier sent a malformed answer; try again.', { retriable: true }),
    };
  }
  return parsed.data;
}
