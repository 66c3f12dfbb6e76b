/**
 * The page <-> extension contract of `window.courier` (DESIGN.md, "The dApp bridge").
 * Method names and error codes are public: dApps depend on them. Plain constants only, so the
 * inpage script stays tiny; the schemas live in protocol.ts.
 */

export const BRIDGE_NAMESPACE = 'courier:bridge' as const;
export const ANNOUNCE_EVENT = 'courier:announceProvider' as const;
export const REQUEST_PROVIDER_EVENT = 'courier:requestProvider' as const;
export const PROVIDER_RDNS = 'build.courier.extension' as const;

export const BRIDGE_METHODS = [
  'connect',
  'disconnect',
  'route',
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
} as const;
export type BridgeErrorCode = (typeof BridgeErrorCode)[keyof typeof BridgeErrorCode];
