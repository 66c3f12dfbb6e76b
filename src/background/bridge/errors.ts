/** How failures become the bridge's public error codes (DESIGN.md, "The dApp bridge"). */
import type { z } from 'zod';
import { isApiError, isSerializedApiError, type ApiError, type SerializedApiError } from '../../api';
import { capErrorBody } from '../../api/redact';
import { BridgeErrorCode, bridgeError, type BridgeErrorBody } from '../../bridge/protocol';
import { ProtocolError } from '../protocol-error';
import { isKeyBudgetExceeded } from '../key-budget';
import type { Logger } from '../storage/versioned';

/** An error a bridge handler throws on purpose; its code, message and data reach the page. */
export class BridgeError extends Error {
  override name = 'BridgeError';
  constructor(
    readonly code: BridgeErrorCode,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }

  toBody(): BridgeErrorBody {
    return bridgeError(this.code, this.message, this.data);
  }
}

export type ParamIssue = { code: string; path: (string | number)[]; message: string };

/** zod issues as plain data for `-32602` (path and message; capped so an answer stays small). */
export function paramIssues(issues: readonly z.core.$ZodIssue[]): ParamIssue[] {
  return issues.slice(0, 20).map((issue) => ({
    code: issue.code,
    path: issue.path.map((part) => (typeof part === 'number' ? part : String(part))),
    message: issue.message,
  }));
}

type ApiFailure = Pick<SerializedApiError, 'kind' | 'httpStatus' | 'code' | 'message' | 'details'>;

/**
 * What a page may receive of an API error body: `message` plus `details` (as JSON), in
 * characters. The API key never gets this far: the API client removes it from every answer
 * (src/api/redact.ts).
 */
export const PAGE_ERROR_BUDGET = 8 * 1024;

/**
 * - the API answered with an error status: 5000, data `{ http_status, code, message, details }`
 *   as received, without the API key, and within PAGE_ERROR_BUDGET; when something was cut the
 *   message ends with "…[truncated by Courier]" and `truncated: true` is added;
 * - no answer (network, timeout, aborted): 5001, without the base URL (the user's setting);
 * - a 2xx answer that breaks the schema: -32603; a body the client could not encode: -32602.
 */
function fromApiFailure(error: ApiFailure): BridgeErrorBody {
  switch (error.kind) {
    case 'http': {
      const { message, details, truncated } = capErrorBody(error, PAGE_ERROR_BUDGET);
      return bridgeError(BridgeErrorCode.apiError, 'The routing API answered with an error.', {
        http_status: error.httpStatus,
        code: error.code,
        message,
        details,
        ...(truncated && { truncated: true }),
      });
    }
    case 'network':
    case 'timeout':
    case 'aborted':
      return bridgeError(BridgeErrorCode.apiUnreachable, 'The routing API could not be reached; try again later.', {
        kind: error.kind,
        retriable: true,
      });
    case 'invalid-request':
      return bridgeError(BridgeErrorCode.invalidParams, 'These params cannot be sent to the routing API.', []);
    case 'invalid-response':
      return bridgeError(BridgeErrorCode.internal, 'The routing API sent an answer Courier could not read.');
  }
}

/** Anything a handler threw → the body the page receives. Unexpected errors are logged, not shown. */
export function toBridgeErrorBody(error: unknown, log: Logger): BridgeErrorBody {
  if (error instanceof BridgeError) return error.toBody();
  // The site's share of the API key is spent (key-budget.ts): nothing more was sent.
  if (isKeyBudgetExceeded(error)) {
    return bridgeError(BridgeErrorCode.rateLimited, error.message, { retry_after_ms: error.retryAfterMs, reason: 'api-budget' });
  }
  if (isApiError(error)) return fromApiFailure(error as ApiError);
  if (error instanceof ProtocolError) {
    if (error.code === 'api' && isSerializedApiError(error.data)) return fromApiFailure(error.data);
    // The site's quota of unfinished transactions, or a list it may not make room in (tracker.ts).
    if (error.code === 'tracking-quota' || error.code === 'tracking-full') {
      return bridgeError(BridgeErrorCode.rateLimited, error.message, error.data);
    }
    if (error.code === 'invalid-tx-hash') {
      return bridgeError(BridgeErrorCode.invalidParams, error.message, [{ code: 'custom', path: ['tx_hash'], message: error.message }]);
    }
  }
  log.error('[courier] bridge handler failed', error);
  return bridgeError(BridgeErrorCode.internal, 'Courier hit an internal error.');
}
