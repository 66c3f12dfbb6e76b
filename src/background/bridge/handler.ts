/**
 * One page request, start to finish: rate limit → allowlist → connection → params → method.
 * The origin is an argument: the listener takes it from the browser's `sender`, never from
 * the message. Always resolves with a RelayedResponse; never throws.
 */
import { BridgeErrorCode, bridgeError, type RelayedResponse } from '../../bridge/protocol';
import type { Logger } from '../storage/versioned';
import { BridgeError, paramIssues, toBridgeErrorBody } from './errors';
import { BRIDGE_METHOD_SPECS, isBridgeMethod, type MethodDeps } from './methods';
import type { Caller } from './origin';
import type { OriginRateLimiter } from './rate-limit';

/** Largest params a page may send (a signed tx is far smaller; this stops runaway messages). */
export const MAX_PARAMS_CHARS = 4_000_000;

export interface BridgeHandlerDeps extends MethodDeps {
  limiter: OriginRateLimiter;
  log: Logger;
}

/** `caller` is the frame that asked (absent for calls that come from no page, e.g. the benchmark). */
export type BridgeHandler = (origin: string, method: string, params: unknown, caller?: Caller) => Promise<RelayedResponse>;

export function createBridgeHandler(deps: BridgeHandlerDeps): BridgeHandler {
  return async (origin, method, params, caller) => {
    const admission = deps.limiter.admit(origin);
    if (!admission.ok) {
      return fail(
        new BridgeError(
          BridgeErrorCode.rateLimited,
          admission.reason === 'rate' ? 'Too many requests from this site; slow down.' : 'Too many unanswered requests from this site.',
          { retry_after_ms: admission.retryAfterMs },
        ),
        deps,
      );
    }
    try {
      if (!isBridgeMethod(method)) {
        throw new BridgeError(BridgeErrorCode.unsupportedMethod, `Unsupported method "${method.slice(0, 64)}".`);
      }
      const spec = BRIDGE_METHOD_SPECS[method];
      if (spec.connected && !(await deps.sites.isConnected(origin))) {
        throw new BridgeError(BridgeErrorCode.unauthorized, 'This site is not connected to Courier; call "connect" first.');
      }
      if (params !== undefined && jsonLength(params) > MAX_PARAMS_CHARS) {
        throw new BridgeError(BridgeErrorCode.invalidParams, `Invalid params for "${method}".`, [
          { code: 'too_big', path: [], message: `params exceed ${MAX_PARAMS_CHARS} characters` },
        ]);
      }
      const parsed = spec.params.safeParse(params);
      if (!parsed.success) {
        throw new BridgeError(BridgeErrorCode.invalidParams, `Invalid params for "${method}".`, paramIssues(parsed.error.issues));
      }
      const result = await spec.run(deps, origin, parsed.data, caller);
      return { ok: true, result: result ?? null };
    } catch (error) {
      return fail(error, deps);
    } finally {
      admission.release();
    }
  };
}

function fail(error: unknown, deps: { log: Logger }): RelayedResponse {
  return { ok: false, error: toBridgeErrorBody(error, deps.log) };
}

function jsonLength(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

export { bridgeError };
