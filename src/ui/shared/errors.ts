/**
 * Every failure the UI can meet, turned into what it means for the user: a short title, a plain
 * explanation of what to do, and the API's own message kept for the details disclosure.
 */
import type { SerializedApiError as ApiErrorData } from '../../api/errors';

/** ApiError kinds (API_ERROR_KINDS in src/api/errors.ts; a unit test keeps them equal). Local: that module loads zod. */
export const API_ERROR_KIND_NAMES = ['http', 'timeout', 'network', 'invalid-response', 'aborted', 'invalid-request'] as const;

/** The serialised ApiError a ProtocolError `api` carries, checked by hand (zod is not loaded yet on first paint). */
export function asApiErrorData(value: unknown): ApiErrorData | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (v.name !== 'ApiError' || !(API_ERROR_KIND_NAMES as readonly unknown[]).includes(v.kind)) return null;
  const num = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : null);
  return {
    name: 'ApiError',
    kind: v.kind as ApiErrorData['kind'],
    message: typeof v.message === 'string' ? v.message : '',
    endpoint: typeof v.endpoint === 'string' ? v.endpoint : '',
    method: typeof v.method === 'string' ? v.method : '',
    attempts: num(v.attempts) ?? 0,
    httpStatus: num(v.httpStatus),
    code: num(v.code),
    details: Array.isArray(v.details) ? v.details : [],
    issues: [],
    retryAfterMs: num(v.retryAfterMs),
  };
}

export type UiErrorKind =
  | 'validation'
  | 'no-route'
  | 'amount-too-low'
  | 'unknown-chain'
  | 'not-found'
  | 'price'
  | 'rate-limit'
  | 'unauthorized'
  | 'network'
  | 'timeout'
  | 'server'
  | 'invalid-response'
  | 'background'
  | 'route-mismatch'
  | 'unknown';

export interface UiError {
  kind: UiErrorKind;
  title: string;
  explanation: string;
  /** The service's own message (or the underlying error's), for the details disclosure. */
  message: string | null;
  code: number | null;
  httpStatus: number | null;
  endpoint: string | null;
  /** A price-safety reason (BAD_PRICE_ERROR, LOW_INFO_ERROR, HIGH_LOSS_ERROR) or another detail reason. */
  reason: string | null;
  retryAfterMs: number | null;
  /** Trying again as is may help (network, timeout, rate limit, server). */
  retryable: boolean;
  /** A one-click change that may answer it: `allow-multi-tx` when only single-transaction routes were searched. */
  action: 'allow-multi-tx' | null;
  /** The smallest amount the service accepts, as it gave it (`unit` a denom or symbol, when it named one). */
  minimum: { amount: string; unit: string | null } | null;
}

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  data?: unknown;
}

function base(kind: UiErrorKind, title: string, explanation: string, retryable: boolean): UiError {
  return {
    kind,
    title,
    explanation,
    message: null,
    code: null,
    httpStatus: null,
    endpoint: null,
    reason: null,
    retryAfterMs: null,
    retryable,
    action: null,
    minimum: null,
  };
}

// Production's answers, word for word (issue 12): route, 404 code 5 / code 3.
const NO_ROUTE = /\bno (?:single-tx )?routes? found\b/i;
const SUGGESTS_MULTI_TX = /allow_multi_tx/i;
const AMOUNT_TOO_LOW = /^input amount is too low to cover\b/i;
/** Unknown chains: `chain ID not supported` (submit, track), `dest chain not found`, 400 `Invalid chain_id`. */
const UNKNOWN_CHAIN = /\bchain(?:[ _]id)? not supported\b|\b(?:source|dest(?:ination)?) chain not found\b|\binvalid chain_id\b|\bunknown (?:source |dest(?:ination)? )?chain\b/i;
const MINIMUM_IN_TEXT = /\bmin(?:imum)?(?:[ _]amount)?(?:[ _](?:in|required))?\s*(?:is|of|:|=)?\s*([0-9]+(?:\.[0-9]+)?)(?:\s*([A-Za-z][\w/.:-]{0,127}))?/i;

/** The minimum an amount-too-low answer gives: in its message, or in a detail's metadata. */
export function minimumOf(message: string, details: readonly unknown[]): { amount: string; unit: string | null } | null {
  const m = MINIMUM_IN_TEXT.exec(message);
  if (m?.[1]) return { amount: m[1], unit: m[2] ?? null };
  for (const detail of details) {
    const metadata = typeof detail === 'object' && detail !== null ? (detail as { metadata?: unknown }).metadata : undefined;
    if (typeof metadata !== 'object' || metadata === null) continue;
    for (const [key, value] of Object.entries(metadata as Record<string, unknown>)) {
      if (/min/i.test(key) && typeof value === 'string' && /^[0-9]+(?:\.[0-9]+)?$/.test(value)) {
        const unit = (metadata as Record<string, unknown>).denom;
        return { amount: value, unit: typeof unit === 'string' ? unit : null };
      }
    }
  }
  return null;
}

/** The first detail `reason` of an API error body, if any. */
function detailReason(details: readonly unknown[]): string | null {
  for (const detail of details) {
    if (typeof detail === 'object' && detail !== null) {
      const reason = (detail as { reason?: unknown }).reason;
      if (typeof reason === 'string' && reason !== '') return reason;
    }
  }
  return null;
}

function seconds(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return s === 1 ? '1 second' : `${s} seconds`;
}

export function describeApiError(api: ApiErrorData, context: { baseUrl?: string | null } = {}): UiError {
  const where = context.baseUrl ? ` at ${context.baseUrl}` : '';
  const withData = (e: UiError): UiError => ({
    ...e,
    message: api.message || null,
    code: api.code,
    httpStatus: api.httpStatus,
    endpoint: api.endpoint || null,
    reason: detailReason(api.details),
    retryAfterMs: api.retryAfterMs,
  });
  switch (api.kind) {
    case 'network':
      return withData(
        base(
          'network',
          'The routing service cannot be reached',
          `Courier could not connect to the routing service${where}. Check your internet connection, or the API address in Settings, then try again.`,
          true,
        ),
      );
    case 'timeout':
      return withData(base('timeout', 'The routing service is not answering', 'It took too long to answer. Try again in a moment.', true));
    case 'invalid-response':
      return withData(
        base(
          'invalid-response',
          'The routing service sent an answer Courier cannot read',
          'Its answer does not match the routing API. If you set a custom API address in Settings, check that it points at a routing service.',
          false,
        ),
      );
    case 'aborted':
      return withData(base('unknown', 'The request was cancelled', 'Nothing was changed.', true));
    case 'invalid-request':
      return withData(base('validation', 'Courier could not send this request', 'Something in the form cannot be sent. Check the values and try again.', false));
    case 'http':
      break;
  }
  const reason = detailReason(api.details);
  const status = api.httpStatus;
  const text = api.message;
  if ((api.code === 5 || status === 404) && NO_ROUTE.test(text)) {
    if (SUGGESTS_MULTI_TX.test(text)) {
      return {
        ...withData(
          base(
            'no-route',
            'No single-transaction route',
            'No route does this in one transaction. A route that needs several transactions (you sign each one as it comes) may exist: allow them to search again.',
            false,
          ),
        ),
        action: 'allow-multi-tx',
      };
    }
    return withData(
      base(
        'no-route',
        'No route found',
        'The routing service knows no way to move this asset to that destination. Try another asset to receive, or allow swaps and every bridge in Options.',
        false,
      ),
    );
  }
  if (api.code === 3 && AMOUNT_TOO_LOW.test(text)) {
    const minimum = minimumOf(text, api.details);
    // the minimum itself is said by the view, in the token sent (src/words/minimum.ts), never in base units here
    return {
      ...withData(base('amount-too-low', 'The amount is too small', 'It would not cover the fees of this route. Send more.', false)),
      minimum,
    };
  }
  if (UNKNOWN_CHAIN.test(text) && (api.code === 5 || api.code === 3 || status === 404 || status === 400)) {
    return withData(
      base(
        'unknown-chain',
        'Chain not supported',
        'The routing service does not support one of the chains asked for. Choose an asset on another chain, or check the API address in Settings.',
        false,
      ),
    );
  }
  if (reason === 'BAD_PRICE_ERROR') {
    return withData(
      base(
        'price',
        'This route has a poor price',
        'You would receive much less value than you send: the route’s execution price is far from the market price. Courier hides such routes unless you ask to see them.',
        false,
      ),
    );
  }
  if (reason === 'HIGH_LOSS_ERROR') {
    return withData(
      base(
        'price',
        'This route would lose too much value',
        'The loss in US dollars between what you send and what you receive is above the service’s safety limit, so it blocked the route.',
        false,
      ),
    );
  }
  if (reason === 'LOW_INFO_ERROR') {
    return withData(
      base(
        'price',
        'This route’s price cannot be checked',
        'There is not enough market data for one of the assets to tell whether the price is fair.',
        false,
      ),
    );
  }
  if (status === 429) {
    const wait = api.retryAfterMs !== null ? ` Try again in ${seconds(api.retryAfterMs)}.` : ' Wait a moment and try again.';
    return withData(
      base(
        'rate-limit',
        'Too many requests',
        `The routing service is limiting requests without an API key.${wait} An API key in Settings lifts the limit.`,
        true,
      ),
    );
  }
  if (status === 401 || status === 403 || api.code === 16 || api.code === 7) {
    return withData(
      base('unauthorized', 'The API key was refused', 'The routing service did not accept the API key. Check or remove it in Settings.', false),
    );
  }
  if (api.code === 3 || status === 400) {
    return withData(
      base('validation', 'The routing service refused the request', 'Some of what was sent is not valid for the service; its message below says what.', false),
    );
  }
  if (api.code === 5 || status === 404) {
    return withData(
      base('not-found', 'Not found', 'The routing service does not know what was asked for, for example an unsupported chain or an unknown transaction.', false),
    );
  }
  if (status !== null && status >= 500) {
    return withData(
      base('server', 'The routing service had a problem', 'This is on the service’s side, not yours. Try again in a moment.', true),
    );
  }
  return withData(base('unknown', 'The routing service answered with an error', 'Its message is below.', true));
}

/**
 * A call the UI itself cancelled: the AbortError callApi rejects with, or the background's
 * ProtocolError `cancelled`. Never an error to show; whoever cancelled has moved on.
 */
export function isCancellation(error: unknown): boolean {
  const e = (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;
  return e.name === 'AbortError' || (e.name === 'ProtocolError' && e.code === 'cancelled');
}

/** Any thrown value (ProtocolError from the background, an ApiError's serialised form, an Error). */
export function describeError(error: unknown, context: { baseUrl?: string | null } = {}): UiError {
  const e = (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;
  const message = typeof e.message === 'string' ? e.message : String(error);
  if (e.name === 'ProtocolError' && typeof e.code === 'string') {
    if (e.code === 'api') {
      const data = asApiErrorData(e.data);
      if (data) return describeApiError(data, context);
    }
    if (e.code === 'unreachable') {
      return {
        ...base('background', 'Courier is not responding', 'Its background service did not answer. Close and reopen this window; if it keeps happening, restart the browser.', true),
        message,
      };
    }
    if (e.code === 'bad-request') {
      return { ...base('validation', 'Courier refused the request', 'Something in the form is not valid; the message below says what.', false), message };
    }
    if (e.code === 'not-found') {
      return { ...base('not-found', 'Not found', message, false), message };
    }
    if (e.code === 'route-mismatch') {
      // the background's ROUTE_MISMATCH_CODE: the API's route is not the transfer asked for
      return {
        ...base('route-mismatch', 'Courier refused this route', `The routing API answered with a different transfer than the one you asked for, so Courier shows no quote for it. ${message}`, true),
        message,
      };
    }
    if (e.code === 'unknown-method') {
      return { ...base('background', 'Not available in this version', 'This version of Courier’s background cannot do this yet.', false), message };
    }
    return { ...base('background', 'Courier could not do this', message, false), message, reason: e.code };
  }
  if (e.name === 'ApiError') {
    const data = asApiErrorData(typeof (error as { toJSON?: unknown }).toJSON === 'function' ? (error as { toJSON(): unknown }).toJSON() : error);
    if (data) return describeApiError(data, context);
  }
  return { ...base('unknown', 'Something went wrong', message, true), message };
}

