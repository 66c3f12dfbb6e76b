import { z } from 'zod';
import { BRIDGE_NAMESPACE, type BridgeErrorCode } from './constants';

export * from './constants';

/** Schemas of what crosses the bridge; every hop parses with them before reading anything. */

export const BridgeErrorBody = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.unknown().optional(),
});
export type BridgeErrorBody = z.infer<typeof BridgeErrorBody>;

/** Page -> content script. The id is random so concurrent calls never cross. */
export const PageRequest = z.object({
  namespace: z.literal(BRIDGE_NAMESPACE),
  direction: z.literal('to-extension'),
  id: z.string().min(8).max(64),
  method: z.string().max(64),
  params: z.unknown().optional(),
});
export type PageRequest = z.infer<typeof PageRequest>;

/** Content script -> page: an answer to one request, or an event. */
export const PageReply = z.discriminatedUnion('kind', [
  z.object({
    namespace: z.literal(BRIDGE_NAMESPACE),
    direction: z.literal('to-page'),
    kind: z.literal('response'),
    id: z.string(),
    result: z.unknown().optional(),
    error: BridgeErrorBody.optional(),
  }),
  z.object({
    namespace: z.literal(BRIDGE_NAMESPACE),
    direction: z.literal('to-page'),
    kind: z.literal('event'),
    event: z.string(),
    payload: z.unknown(),
  }),
]);
export type PageReply = z.infer<typeof PageReply>;

/** Content script -> background over runtime messaging. The origin is NOT in here on purpose. */
export const RelayedRequest = z.object({
  [BRIDGE_NAMESPACE]: z.literal(1),
  method: z.string(),
  params: z.unknown().optional(),
});
export type RelayedRequest = z.infer<typeof RelayedRequest>;

export const RelayedResponse = z.union([
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({ ok: z.literal(false), error: BridgeErrorBody }),
]);
export type RelayedResponse = z.infer<typeof RelayedResponse>;

export function bridgeError(code: BridgeErrorCode, message: string, data?: unknown): BridgeErrorBody {
  return data === undefined ? { code, message } : { code, message, data };
}

export function isRelayedRequest(message: unknown): boolean {
  return typeof message === 'object' && message !== null && BRIDGE_NAMESPACE in message;
}
