/**
 * The page <-> extension contract of `window.courier` (DESIGN.md, "The dApp bridge").
 * Method names and error codes are public: dApps depend on them. Plain constants only, so the
 * inpage script stays tiny; the schemas live in protocol.ts.
 */

export const BRIDGE_NAMESPACE = 'courier:bridge' as const;
export const ANNOUNCE_EVENT = 'courier:announceProvider' as const;
export const REQUEST_PROVIDER_EVENT = 'courier:requestProvider' as const;
export const PROVIDER_RDNS = 'build.courier.extension' as const;

/**
 * The private link between the inpage provider (page world) and the relay (content-script
 * world). Both scripts run at document_start, before any page script; they meet through these
 * window events exactly once and from then on talk only through CustomEvents dispatched on a
 * detached DOM node that no page script can reach (see relay.ts for the threat model).
 */
export const LINK_EVENTS = {
  /** relay -> window, carrying the private node as `relatedTarget`. */
  relayReady: 'courier:bridge:relay-ready',
  /** inpage -> window: "I am here", so a relay that started first hands the node over. */
  inpageReady: 'courier:bridge:inpage-ready',
  /** inpage -> node: the node was received; the relay stops offering it. */
  linked: 'courier:bridge:linked',
  /** inpage -> node: a request or a subscription, as a JSON string in `detail`. */
  toRelay: 'courier:bridge:to-relay',
  /** relay -> node: a response or an event, as a JSON string in `detail`. */
  toPage: 'courier:bridge:to-page',
} as const;

/** Background -> tab (tabs.sendMessage): an event for the page, stamped with its origin. */
export const BRIDGE_EVENT_TAG = 'courier:bridge-event' as const;
/**
 * Background -> one document (tabs.sendMessage): "do you still exist?", for a pending approval.
 * The relay answers `{ alive: true }`; a document that is gone cannot answer.
 */
export const BRIDGE_PING_TAG = 'courier:bridge-ping' as const;

export const BRIDGE_METHODS = [
  'connect',
  'disconnect',
  'route',
  'routes',
  'msgs',
  'msgs_direct',
  'balances',
  'assets_from_source',
  'ibc_origin_assets',
  'submit',
  'track',
  'status',
  'tracked',
] as const;
export type BridgeMethod = (typeof BRIDGE_METHODS)[number];

export const BRIDGE_EVENTS = ['statusChanged'] as const;
export type BridgeEventName = (typeof BRIDGE_EVENTS)[number];

export const BridgeErrorCode = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  rateLimited: 4290,
  invalidParams: -32602,
  requestPending: -32002,
  internal: -32603,
  apiError: 5000,
  apiUnreachable: 5001,
  /** The API's messages do not do what the route says (`data: { findings }`). */
  messagesRejected: 5002,
} as const;
export type BridgeErrorCode = (typeof BridgeErrorCode)[keyof typeof BridgeErrorCode];

/**
 * Background -> one frame, over the same route as page events but never handed to listeners:
 * this frame's subscription was dropped (its site has more subscribed frames than allowed, and
 * this was its oldest). The provider re-subscribes on its next successful request or when its
 * page becomes visible again, which in turn drops that site's then-oldest frame.
 */
export const UNSUBSCRIBED_EVENT = 'courier:unsubscribed' as const;
