/**
 * One operation of a route, read without zod (the popup's first paint loads this): an operation
 * is an object with one wrapper key (its kind, e.g. `cctp_transfer`) beside `tx_index` and the
 * amounts. Shared by the fee summary and the route comparison, so both name a bridge alike.
 */

/** The keys beside an operation's wrapper key (not part of what the operation does). */
import { KIND_BRIDGE } from '../words/bridges';

const OPERATION_SIBLINGS = new Set(['tx_index', 'amount_in', 'amount_out']);


/** The operation's kind and body, or null when it has no wrapper key. */
export function operationWrapper(op: unknown): { kind: string; body: Record<string, unknown> } | null {
  if (typeof op !== 'object' || op === null) return null;
  for (const [key, value] of Object.entries(op)) {
    if (!OPERATION_SIBLINGS.has(key) && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return { kind: key, body: value as Record<string, unknown> };
    }
  }
  return null;
}

/** The bridge an operation crosses: its own `bridge_id`, else its kind's; null for a swap. */
export function operationBridge(kind: string, body: Record<string, unknown>): string | null {
  return typeof body.bridge_id === 'string' && body.bridge_id !== '' ? body.bridge_id : (Object.hasOwn(KIND_BRIDGE, kind) ? KIND_BRIDGE[kind]! : null);
}
