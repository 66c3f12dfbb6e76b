import type { z } from 'zod';
import { normaliseBaseUrl } from '../config/api-url';
import { ApiError, type ApiErrorInit, type ApiIssue } from './errors';
import { capErrorBody, createRedactor, type Redactor } from './redact';
import { ErrorResponse } from './schemas';

/**
 * How an endpoint may be retried.
 * - `read`: no side effects, cheap. Retried on 429/502/503/504, network errors and timeouts.
 * - `compute`: no side effects but heavy (route planning). Retried on 429/502/503/504 and
 *   network errors, not on timeouts: a slow planner is rarely faster the second time and the
 *   user is waiting on the answer.
 * - `never`: has effects (broadcast, registration). One attempt, whatever happens.
 */
export type RetryClass = 'read' | 'compute' | 'never';

export interface RetryOptions {
  /** Retries after the first attempt. Default 3. */
  retries?: number;
  /**
   * Backoff before retry n (0-based) is uniform in [0, c] with c = min(maxDelayMs, baseDelayMs * 2^n),
   * or the Retry-After when the server sends one; after a 429 it is in [c/2, c] and never shorter
   * than the Retry-After. Default 250.
   */
  baseDelayMs?: number;
  /** Default 4000. */
  maxDelayMs?: number;
  /**
   * Longest Retry-After the client will wait for itself. A longer one ends the call with the
   * error (its `retryAfterMs` set) so the caller can schedule the next try. Default 10000.
   */
  maxRetryAfterMs?: number;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;
export type SleepFn = (ms: number, signal?: AbortSignal) => Promise<void>;

/**
 * Paid before every attempt, the first and each retry: whoever caused the call is charged for
 * each request it puts on the key. It may wait for its turn; what it throws ends the call as is.
 */
export type AttemptCharge = (attempt: { attempt: number; method: string; path: string; signal: AbortSignal | undefined }) => void | Promise<void>;

export interface TransportOptions {
  /** http(s) URL; a trailing slash and a path prefix are fine. */
  baseUrl: string;
  /** Sent as `authorization: <apiKey>` when non-empty. */
  apiKey?: string;
  fetch?: FetchLike;
  /** Per attempt, headers and body included. Default 15000. */
  timeoutMs?: number;
  retry?: RetryOptions;
  /** Backoff sleep; injectable for tests. An abort always ends it at once. */
  sleep?: SleepFn;
  /** Jitter source in [0, 1); injectable for tests. */
  random?: () => number;
}

export type QueryScalar = string | number | boolean;
export type QueryParams = Record<string, QueryScalar | readonly QueryScalar[] | null | undefined>;

export interface CallSpec<T> {
  method: 'GET' | 'POST';
  path: `/${string}`;
  retry: RetryClass;
  response: z.ZodType<T>;
  query?: QueryParams;
  body?: unknown;
  signal?: AbortSignal | undefined;
  charge?: AttemptCharge | undefined;
}

export type Transport = {
  readonly baseUrl: string;
  call<T>(spec: CallSpec<T>): Promise<T>;
};

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_RETRY: Required<RetryOptions> = {
  retries: 3,
  baseDelayMs: 250,
  maxDelayMs: 4_000,
  maxRetryAfterMs: 10_000,
};

const RETRYABLE_STATUSES = new Set([429, 502, 503, 504]);
/** Enough to explain a failure without shipping a whole catalog's worth of issues around. */
const MAX_ISSUES = 50;
const SNIPPET_CHARS = 200;
/**
 * An error body's message and details together, in characters: enough for any real answer, and
 * a 30 MB one does not travel on to the popup, storage or logs. Pages get less (bridge/errors.ts).
 */
export const ERROR_BODY_BUDGET = 64 * 1024;

export function createTransport(options: TransportOptions): Transport {
  const baseUrl = normaliseBaseUrl(options.baseUrl);
  const apiKey = options.apiKey ? options.apiKey : undefined;
  if (apiKey !== undefined) {
    // Fail at construction, not on every call, when the key cannot be a header value.
    new Headers({ authorization: apiKey });
  }
  // Looked up per call and called without a receiver: a bare `window.fetch` must not be
  // invoked as a method of some other object.
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const retry = { ...DEFAULT_RETRY, ...definedOnly(options.retry ?? {}) };
  // A NaN or negative setting would silently mean "retry forever" or "never wait": refuse it.
  for (const [name, value] of Object.entries({ timeoutMs, ...retry })) {
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be a finite number >= 0, got ${value}`);
  }
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  // Nothing the API sends back keeps the key: answers, error messages and details (redact.ts).
  const redact = createRedactor(apiKey);
  const apiError = (init: ApiErrorInit) => new ApiError(scrubbed(init, redact));

  async function call<T>(spec: CallSpec<T>): Promise<T> {
    const { method, path, signal } = spec;
    const errorOf = (init: Omit<ApiErrorInit, 'endpoint' | 'method'>) => apiError({ endpoint: path, method, ...init });
    const abortedError = (attempts: number) =>
      errorOf({ kind: 'aborted', message: `${method} ${path} was aborted`, attempts, cause: signal?.reason });

    if (signal?.aborted) throw abortedError(0);

    let body: string | undefined;
    if (method === 'POST') {
      const encoded = encodeBody(spec.body);
      if (!encoded.ok) {
        throw errorOf({ kind: 'invalid-request', message: `${method} ${path}: ${encoded.reason}`, cause: encoded.cause });
      }
      body = encoded.text;
    }

    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (apiKey !== undefined) headers.authorization = apiKey;
    const url = baseUrl + path + queryString(spec.query);

    for (let attempt = 1; ; attempt++) {
      if (spec.charge) {
        try {
          await raceAbort(Promise.resolve(spec.charge({ attempt, method, path, signal })), signal);
        } catch (error) {
          if (signal?.aborted) throw abortedError(attempt - 1);
          throw error;
        }
      }
      const outcome = await attemptOnce(spec, url, { method, headers, body }, attempt);
      if (outcome.ok) return outcome.value;
      const error = outcome.error;

      const delay = retryDelay(spec.retry, error, attempt - 1);
      if (delay === null) throw error;
      try {
        await raceAbort(sleep(delay, signal), signal);
      } catch {
        // Only an abort can end the sleep early; anything else from a custom sleep is a bug
        // in the sleep, and stopping with the original error is the honest answer.
        if (signal?.aborted) throw abortedError(attempt);
        throw error;
      }
    }
  }

  async function attemptOnce<T>(
    spec: CallSpec<T>,
    url: string,
    init: { method: string; headers: Record<string, string>; body: string | undefined },
    attempt: number,
  ): Promise<{ ok: true; value: T } | { ok: false; error: ApiError }> {
    const { method, path, signal } = spec;
    const errorOf = (fields: Omit<ApiErrorInit, 'endpoint' | 'method' | 'attempts'>) =>
      apiError({ endpoint: path, method, attempts: attempt, ...fields });

    // One controller per attempt: fired by our timer or by the caller's signal.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const forwardAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', forwardAbort, { once: true });

    const failure = (cause: unknown) => {
      if (signal?.aborted) {
        return errorOf({ kind: 'aborted', message: `${method} ${path} was aborted`, cause: signal.reason });
      }
      if (timedOut) {
        return errorOf({ kind: 'timeout', message: `${method} ${path} timed out after ${timeoutMs} ms`, cause });
      }
      return errorOf({ kind: 'network', message: `${method} ${path} failed: ${describeCause(cause)}`, cause });
    };

    try {
      let response: Response;
      let text: string;
      try {
        response = await raceAbort(
          fetchImpl(url, {
            method: init.method,
            headers: init.headers,
            ...(init.body === undefined ? {} : { body: init.body }),
            signal: controller.signal,
            // The API authenticates by key; ambient cookies have no business here, and a
            // cached status would freeze the tracker.
            credentials: 'omit',
            cache: 'no-store',
          }),
          controller.signal,
        );
        text = await raceAbort(response.text(), controller.signal);
      } catch (cause) {
        return { ok: false, error: failure(cause) };
      }

      const httpStatus = response.status;
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), Date.now());

      if (!response.ok) {
        return { ok: false, error: errorOf({ kind: 'http', httpStatus, retryAfterMs, ...describeErrorBody(response, text) }) };
      }

      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (cause) {
        return {
          ok: false,
          error: errorOf({
            kind: 'invalid-response',
            message: `${method} ${path}: HTTP ${httpStatus} body is not JSON: ${snippet(text)}`,
            httpStatus,
            retryAfterMs,
            issues: [{ code: 'invalid_json', path: [], message: 'body is not JSON' }],
            cause,
          }),
        };
      }
      const parsed = spec.response.safeParse(json);
      if (!parsed.success) {
        const issues = parsed.error.issues.slice(0, MAX_ISSUES).map(plainIssue);
        const first = issues[0];
        return {
          ok: false,
          error: errorOf({
            kind: 'invalid-response',
            message:
              `${method} ${path}: response does not match the schema (${parsed.error.issues.length} issue(s))` +
              (first ? `; ${first.path.join('.') || '(root)'}: ${first.message}` : ''),
            httpStatus,
            retryAfterMs,
            issues,
          }),
        };
      }
      return { ok: true, value: redact.value(parsed.data) };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forwardAbort);
    }
  }

  /** Milliseconds to wait before the next attempt, or null to stop with `error`. */
  function retryDelay(cls: RetryClass, error: ApiError, retriesSoFar: number): number | null {
    if (cls === 'never' || retriesSoFar >= retry.retries) return null;
    const retryable =
      (error.kind === 'http' && error.httpStatus !== null && RETRYABLE_STATUSES.has(error.httpStatus)) ||
      error.kind === 'network' ||
      (error.kind === 'timeout' && cls === 'read');
    if (!retryable) return null;
    if (error.retryAfterMs !== null && error.retryAfterMs > retry.maxRetryAfterMs) return null;
    const ceiling = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** retriesSoFar);
    if (error.kind === 'http' && error.httpStatus === 429) {
      // The key is over its limit: never sooner than Retry-After, and a backoff that grows with
      // each retry and is never 0, even when the server says 0 or nothing (an immediate retry
      // would only be refused again). Each retry is charged again (AttemptCharge).
      const backoff = Math.floor(ceiling / 2 + (random() * ceiling) / 2);
      return Math.max(error.retryAfterMs ?? 0, backoff);
    }
    if (error.retryAfterMs !== null) return error.retryAfterMs;
    return Math.floor(random() * ceiling);
  }

  return { baseUrl, call };
}

/**
 * Retry-After as milliseconds from `now`: delta-seconds or an HTTP-date (RFC 9110 §10.2.3).
 * A date in the past is 0; anything unreadable is null.
 */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // Only date-looking values: Date.parse accepts bare numbers like "1.5" as years.
  if (!/[a-z]/i.test(trimmed)) return null;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Arrays repeat the key (`chain_ids=a&chain_ids=b`); null and undefined are left out. */
export function queryString(query: QueryParams | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const values: readonly QueryScalar[] = Array.isArray(value) ? value : [value as QueryScalar];
    for (const item of values) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function encodeBody(
  body: unknown,
): { ok: true; text: string } | { ok: false; reason: string; cause?: unknown } {
  try {
    // Amounts travel as decimal strings, so a bigint has exactly one right encoding.
    const text = JSON.stringify(body, (_key, value: unknown) =>
      typeof value === 'bigint' ? value.toString() : value,
    ) as string | undefined;
    if (text === undefined) return { ok: false, reason: 'request body is not JSON-serialisable' };
    return { ok: true, text };
  } catch (cause) {
    return { ok: false, reason: `request body is not JSON-serialisable (${describeCause(cause)})`, cause };
  }
}

function describeErrorBody(
  response: Response,
  text: string,
): { code: number | null; message: string; details: unknown[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = json === undefined ? undefined : ErrorResponse.safeParse(json);
  if (parsed?.success) {
    return { code: parsed.data.code ?? null, message: parsed.data.message, details: [...(parsed.data.details ?? [])] };
  }
  const statusLine = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  const body = snippet(text);
  return { code: null, message: body ? `${statusLine}: ${body}` : statusLine, details: [] };
}

/** The key out of every text of the error, then message and details within ERROR_BODY_BUDGET. */
function scrubbed(init: ApiErrorInit, redact: Redactor): ApiErrorInit {
  const message = redact.text(init.message);
  const details = init.details === undefined ? undefined : redact.value(init.details);
  const issues = init.issues?.map((issue) => ({ ...issue, message: redact.text(issue.message) }));
  const capped = capErrorBody({ message, details: details ?? [] }, ERROR_BODY_BUDGET);
  return { ...init, message: capped.message, ...(details !== undefined && { details: capped.details }), ...(issues && { issues }) };
}

function plainIssue(issue: z.core.$ZodIssue): ApiIssue {
  return {
    code: String(issue.code),
    path: issue.path.map((key) => (typeof key === 'number' ? key : String(key))),
    message: issue.message,
  };
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SNIPPET_CHARS ? `${flat.slice(0, SNIPPET_CHARS)}…` : flat;
}

/** undici hides the useful part (ECONNREFUSED, "other side closed") in `cause`. */
function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const inner = cause.cause;
  if (inner instanceof Error) {
    const code = (inner as { code?: unknown }).code;
    return `${cause.message} (${typeof code === 'string' ? `${code}: ` : ''}${inner.message})`;
  }
  return cause.message;
}

/** Settles with `promise`, or rejects (with the signal's reason) as soon as `signal` aborts. */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    // Ending early on abort keeps an abandoned backoff from holding the event loop; the
    // caller races the sleep against the signal anyway.
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
