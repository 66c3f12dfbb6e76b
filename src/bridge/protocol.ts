import { z } from 'zod';
import { BRIDGE_EVENT_TAG, BRIDGE_NAMESPACE, BRIDGE_PING_TAG, type BridgeErrorCode } from './constants';

export * from './constants';

/** Schemas of what crosses the bridge; every hop parses with them before reading anything. */

export const BridgeErrorBody = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.unknown().optional(),
});
export type BridgeErrorBody = z.infer<typeof BridgeErrorBody>;

/** Longest method name a page may send; anything longer cannot be a Courier method. */
export const MAX_METHOD_LENGTH = 64;

/**
 * Inpage -> relay, over the private link (a JSON string in the event's `detail`). The id is
 * random so concurrent calls never cross; `subscribe` asks for this frame's events.
 */
export const LinkRequest = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('request'),
    id: z.string().min(8).max(64),
    method: z.string().max(MAX_METHOD_LENGTH),
    params: z.unknown().optional(),
  }),
  z.object({ kind: z.literal('subscribe') }),
]);
export type LinkRequest = z.infer<typeof LinkRequest>;

/** Relay -> inpage over the private link: an answer to one request, or an event. */
export type LinkReply =
  | { kind: 'response'; id: string; result: unknown }
  | { kind: 'response'; id: string; error: BridgeErrorBody }
  | { kind: 'event'; event: string; payload: unknown };

/** Content script -> background over runtime messaging. The origin is NOT in here on purpose. */
export const RelayedRequest = z.object({
  [BRIDGE_NAMESPACE]: z.literal(1),
  method: z.string(),
  params: z.unknown().optional(),
});
export type RelayedRequest = z.infer<typeof RelayedRequest>;

/** Content script -> background: this frame wants `statusChanged` events (no answer needed). */
export const RelayedControl = z.object({
  [BRIDGE_NAMESPACE]: z.literal(1),
  control: z.literal('subscribe'),
});
export type RelayedControl = z.infer<typeof RelayedControl>;

export const RelayedResponse = z.union([
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({ ok: z.literal(false), error: BridgeErrorBody }),
]);
export type RelayedResponse = z.infer<typeof RelayedResponse>;

/**
 * Background -> one frame (tabs.sendMessage). `origin` is the origin the background meant; the
 * relay drops the event if its page is no longer that origin (Firefox has no documentId).
 */
export const BridgeEventMessage = z.object({
  [BRIDGE_EVENT_TAG]: z.literal(1),
  origin: z.string(),
  event: z.string(),
  payload: z.unknown(),
});
export type BridgeEventMessage = z.infer<typeof BridgeEventMessage>;

/**
 * Background -> one frame: the liveness ping. Chrome addresses the exact document (documentId)
 * and names no origin; Firefox addresses the frame, so the ping names the origin that asked and
 * only a document of that origin answers.
 */
export const BridgePing = z.object({ [BRIDGE_PING_TAG]: z.literal(1), origin: z.string().optional() });
export type BridgePing = z.infer<typeof BridgePing>;
export const BridgePong = z.object({ alive: z.literal(true) });

export function bridgeError(code: BridgeErrorCode, message: string, data?: unknown): BridgeErrorBody {
  return data === undefined ? { code, message } : { code, message, data };
}

export function isRelayedRequest(message: unknown): boolean {
  return typeof message === 'object' && message !== null && BRIDGE_NAMESPACE in message;
}
