/**
 * The content script's half of the bridge: it carries page requests to the background and
 * answers back. It decides nothing; the background learns the page's origin from `sender`.
 *
 * Threat model (the page side of the bridge):
 * - Anything on `window` is public: every script of the page, and of any frame that holds a
 *   reference to it, can post and read window messages and dispatch window events. So nothing
 *   of the bridge travels there. At document_start, before any page script exists, the relay
 *   creates a detached DOM node and hands it to the inpage provider as the `relatedTarget` of one
 *   synchronous window event (DOM nodes are shared between the page world and the content-script
 *   world; JS objects are not). From then on both sides talk only through CustomEvents on that
 *   node; page scripts never hold a reference to it, so they can neither read the traffic nor
 *   forge an answer or an event. The relay offers the node until the inpage acknowledges it,
 *   then never again.
 * - Same-origin page scripts can still call `window.courier` like the dApp does: they get
 *   exactly the dApp's origin's powers, because the background takes the origin from the
 *   browser (`sender`), never from the page. Other origins (iframes, openers) have their own
 *   relay and provider and are answered as themselves.
 * - Chrome and Firefox (MV3, 128+) both run the provider as a MAIN-world content script at
 *   document_start, before any page script, so no page script can take the node first.
 */
import {
  BRIDGE_EVENT_TAG,
  BRIDGE_NAMESPACE,
  BridgeErrorCode,
  BridgeEventMessage,
  BridgePing,
  LINK_EVENTS,
  LinkRequest,
  RelayedResponse,
  bridgeError,
  type BridgeErrorBody,
  type LinkReply,
} from './protocol';

/** What the relay needs from the extension runtime; injected so it can be tested without a browser. */
export type RelayRuntime = {
  sendMessage(message: unknown): Promise<unknown>;
  onMessage: {
    /** A listener's promise is its answer (the polyfilled `browser.runtime` and Firefox). */
    addListener(listener: (message: unknown) => Promise<unknown> | undefined): void;
  };
};

export type RelayOptions = {
  /** The private node; a detached element in the browser. */
  createNode?: () => EventTarget;
};

export type RelayHandle = {
  /** True once the inpage provider acknowledged the private node. */
  readonly linked: boolean;
};

export { BRIDGE_EVENT_TAG };

export function startRelay(win: Window, runtime: RelayRuntime, options: RelayOptions = {}): RelayHandle {
  // The document's origin ('null' in a sandboxed frame, where location.origin still shows the URL's).
  const origin = win.origin;
  // A plain detached div: no page-defined custom element class can ever construct or upgrade it.
  const node = options.createNode?.() ?? win.document.createElement('div');
  let linked = false;

  const toPage = (frame: LinkReply) =>
    node.dispatchEvent(new CustomEvent(LINK_EVENTS.toPage, { detail: JSON.stringify(frame) }));

  const offer = () => {
    if (linked) return;
    win.dispatchEvent(new MouseEvent(LINK_EVENTS.relayReady, { relatedTarget: node }));
  };
  const onInpageReady = () => offer();

  node.addEventListener(LINK_EVENTS.linked, () => {
    linked = true;
    win.removeEventListener(LINK_EVENTS.inpageReady, onInpageReady, true);
  });

  node.addEventListener(LINK_EVENTS.toRelay, (event: Event) => {
    const raw = (event as CustomEvent<unknown>).detail;
    if (typeof raw !== 'string') return;
    let decoded: unknown;
    try {
      decoded = JSON.parse(raw);
    } catch {
      return;
    }
    const frame = LinkRequest.safeParse(decoded);
    if (!frame.success) return;
    if (frame.data.kind === 'subscribe') {
      runtime.sendMessage({ [BRIDGE_NAMESPACE]: 1, control: 'subscribe' }).catch(() => undefined);
      return;
    }
    const { id, method, params } = frame.data;
    void forward(runtime, method, params).then((answer) =>
      toPage(answer.ok ? { kind: 'response', id, result: answer.result } : { kind: 'response', id, error: answer.error }),
    );
  });

  runtime.onMessage.addListener((message: unknown) => {
    // A pending approval asks whether its document is still here (and, on Firefox, still this origin).
    const ping = BridgePing.safeParse(message);
    if (ping.success) return ping.data.origin === undefined || ping.data.origin === origin ? Promise.resolve({ alive: true }) : undefined;
    if (typeof message !== 'object' || message === null || !(BRIDGE_EVENT_TAG in message)) return undefined;
    const parsed = BridgeEventMessage.safeParse(message);
    // Meant for another document (the tab navigated since): drop it.
    if (!parsed.success || parsed.data.origin !== origin) return undefined;
    toPage({ kind: 'event', event: parsed.data.event, payload: parsed.data.payload });
    return undefined;
  });

  // An inpage that started first is listening now; one that starts later announces itself.
  win.addEventListener(LINK_EVENTS.inpageReady, onInpageReady, true);
  offer();

  return {
    get linked() {
      return linked;
    },
  };
}

async function forward(
  runtime: RelayRuntime,
  method: string,
  params: unknown,
): Promise<{ ok: true; result: unknown } | { ok: false; error: BridgeErrorBody }> {
  let raw: unknown;
  try {
    raw = await runtime.sendMessage(params === undefined ? { [BRIDGE_NAMESPACE]: 1, method } : { [BRIDGE_NAMESPACE]: 1, method, params });
  } catch (error) {
    // The worker stopped (or the extension was reloaded) while handling this request. The
    // request may or may not have taken effect; the dApp decides whether to retry.
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
