import { z } from 'zod';
import { Route, RouteRequest, SubmitRequest, TrackRequest } from '../api';
import { ApiCallParams, ApiCancelParams, ApiCancelResult } from './api-proxy';
import { DirectorySnapshot } from './directory/schema';
import { ProtocolErrorBody } from './protocol-error-body';
import { SetKeyParams, SettingsUpdate, SettingsView } from './settings-schema';
import { StorageUsage } from './storage/budget';
import { AssetHint, TrackedTx } from './tracker/model';

/**
 * The one message protocol between extension pages (popup, options, approval window) and the
 * background. Every method names its params and result schemas here; both ends parse with
 * them, so a message that does not match is refused where it arrives instead of being trusted.
 */

export const PROTOCOL_TAG = 'courier' as const;

export const HelloResult = z.object({
  product: z.literal('Courier'),
  version: z.string(),
  apiBaseUrl: z.string(),
  workerStartedAt: z.number().int(),
});
export type HelloResult = z.infer<typeof HelloResult>;

const none = z.strictObject({});

export const ConnectedSiteView = z.object({ origin: z.string(), connectedAt: z.number() });
export type ConnectedSiteView = z.infer<typeof ConnectedSiteView>;

const ApprovalRef = z.strictObject({ request: z.string().min(16).max(64) });
export const ApprovalView = z.object({
  request: z.string(),
  /** The asking frame's origin: what gets connected. */
  origin: z.string(),
  /** The top-level page's origin when the request comes from a frame of another origin. */
  embeddedIn: z.string().nullable(),
  createdAt: z.number(),
  /** What connecting lets the site do, and what it never can. */
  permissions: z.array(z.string()),
  limits: z.array(z.string()),
});
export type ApprovalView = z.infer<typeof ApprovalView>;

/** A tracked transaction by its id (`${chain_id}:${tx_hash}`, as in TrackedTx.id). */
const TxRef = z.strictObject({ id: z.string().min(1).max(400) });

/** What the page knows about the route beyond the tx, for pacing polls and the notification. */
const routeExtras = {
  route: Route.optional(),
  assets: z.strictObject({ source: AssetHint.optional(), dest: AssetHint.optional() }).optional(),
};

export const TxSubmitParams = z.strictObject({
  ...SubmitRequest.shape,
  // A signed tx is small; the cap only stops a runaway message.
  tx: z.string().min(1).max(2_000_000),
  chain_id: z.string().min(1).max(128),
  ...routeExtras,
});

export const TxTrackParams = z.strictObject({
  ...TrackRequest.shape,
  tx_hash: z.string().min(1).max(256),
  chain_id: z.string().min(1).max(128),
  ...routeExtras,
});

export const backgroundMethods = {
  /** Liveness and identity: what the background is and which API it talks to. */
  'courier:hello': { params: none, result: HelloResult },

  /** Settings with the key masked (`key: { hasKey, keyLast4 }`); never the key itself. */
  'courier:settings:get': { params: none, result: SettingsView },
  /** Base URL (named, custom, or back to the build default) and the notification preference. */
  'courier:settings:update': { params: SettingsUpdate, result: SettingsView },
  'courier:settings:setKey': { params: SetKeyParams, result: SettingsView },
  'courier:settings:removeKey': { params: none, result: SettingsView },

  /**
   * An API call made by the background with the key. The answer is the endpoint's response
   * (parse it with API_RESPONSES[endpoint]; callApi does); failures are code `api` with the
   * serialised ApiError as data. With a `requestId`, `courier:api:cancel` can abort it; it then
   * answers code `cancelled`.
   */
  'courier:api': { params: ApiCallParams, result: z.unknown() },
  /**
   * Aborts this page's `courier:api` call with that requestId (its fetch and retries stop).
   * `cancelled: false` when this page has no such call in flight (unknown, or already answered).
   */
  'courier:api:cancel': { params: ApiCancelParams, result: ApiCancelResult },

  /**
   * The API's chains and assets (`/v2/info/chains`, `/v2/fungible/assets`) for the current base
   * URL, as cached: at once, however old (`directory: null` before the first answer). A stale or
   * missing entry starts a fetch; `revalidating` says so.
   */
  'courier:directory:get': { params: none, result: DirectorySnapshot },
  /**
   * Waits for that fetch (or starts one: stale, missing, or `force`) and answers the new lists;
   * when it fails, the cached lists with `error`, or with nothing cached code `api`.
   */
  'courier:directory:refresh': { params: z.strictObject({ force: z.boolean().optional() }), result: DirectorySnapshot },

  /**
   * The route requests to compare for a transfer (routes/compare.ts): the default, Go Fast and
   * each bridge the API lists on its own; the popup asks them itself, each cancellable.
   */
  'courier:routes:plan': {
    params: z.strictObject({ body: RouteRequest }),
    result: z.object({ candidates: z.array(z.object({ id: z.string(), body: RouteRequest })) }),
  },

  /** Broadcast a signed tx (POST /v2/tx/submit) and track it from then on. */
  'courier:tx:submit': { params: TxSubmitParams, result: TrackedTx },
  /** Register an already broadcast tx (POST /v2/tx/track) and track it. */
  'courier:tx:track': { params: TxTrackParams, result: TrackedTx },
  /** Tracked transactions, newest first; `origin` narrows to what one page asked for. */
  'courier:tx:list': {
    params: z.strictObject({ origin: z.string().max(512).optional() }),
    result: z.object({ items: z.array(TrackedTx) }),
  },
  'courier:tx:get': { params: TxRef, result: TrackedTx },
  /** Poll again now with a fresh 24 h window (expired, or failing to poll). */
  'courier:tx:retry': { params: TxRef, result: TrackedTx },
  /** Poll a pending transfer now rather than at its next slot (hours apart during a long wait). */
  'courier:tx:check': { params: TxRef, result: TrackedTx },
  'courier:tx:remove': { params: TxRef, result: z.object({ removed: z.boolean() }) },
  /**
   * How full storage.local is (getBytesInUse, or an estimate where the browser has none) and
   * whether that is near its quota; the popup says so.
   */
  'courier:storage:usage': { params: none, result: StorageUsage },

  /** The popup was opened: clear the badge's finished mark. Answers the pending count. */
  'courier:activity:seen': { params: none, result: z.object({ pending: z.number().int().nonnegative() }) },

  /** Sites connected through the bridge (`window.courier`), newest first; for Settings. */
  'courier:sites:list': { params: none, result: z.object({ sites: z.array(ConnectedSiteView) }) },
  /** Forgets a connected site (it must `connect` again). */
  'courier:sites:revoke': { params: z.strictObject({ origin: z.string().min(1).max(512) }), result: z.object({ revoked: z.boolean() }) },
  /** The approval window: what it is asked (null when the request is no longer waiting). */
  'courier:approval:get': { params: ApprovalRef, result: ApprovalView.nullable() },
  /**
   * The approval window: the person's decision. `decided: false` when it was no longer waiting;
   * `pageGone` when Approve came after the asking page left (nothing was connected).
   */
  'courier:approval:decide': {
    params: z.strictObject({ ...ApprovalRef.shape, approve: z.boolean() }),
    result: z.object({ decided: z.boolean(), pageGone: z.boolean().optional() }),
  },
} as const;

export type BackgroundMethod = keyof typeof backgroundMethods;
export type MethodParams<M extends BackgroundMethod> = z.input<(typeof backgroundMethods)[M]['params']>;
export type MethodResult<M extends BackgroundMethod> = z.output<(typeof backgroundMethods)[M]['result']>;

/** What goes over `runtime.sendMessage`. */
export const RequestEnvelope = z.object({
  [PROTOCOL_TAG]: z.literal(1),
  method: z.string(),
  params: z.unknown().optional(),
});
export type RequestEnvelope = z.infer<typeof RequestEnvelope>;

export const ResponseEnvelope = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({ ok: z.literal(false), error: ProtocolErrorBody }),
]);
export type ResponseEnvelope = z.infer<typeof ResponseEnvelope>;

export { ProtocolError } from './protocol-error';

export function isCourierRequest(message: unknown): boolean {
  return typeof message === 'object' && message !== null && PROTOCOL_TAG in message;
}

/**
 * What the background sends to open extension pages when a tracked transaction changes
 * (`runtime.onMessage` in the popup). Parse with this before reading it.
 */
export const TrackedChangedEvent = z.object({
  'courier:event': z.literal('tracked-changed'),
  change: z.enum(['added', 'updated', 'removed']),
  item: TrackedTx,
});
export type TrackedChangedEvent = z.infer<typeof TrackedChangedEvent>;
