import { z } from 'zod';

/**
 * Why a call to the routing API failed.
 * - `http`: the server answered with a non-2xx status.
 * - `timeout`: one attempt took longer than the client's `timeoutMs`.
 * - `network`: no usable answer (connection refused, DNS, body cut while reading).
 * - `invalid-response`: a 2xx answer that is not JSON or does not match the response schema.
 * - `aborted`: the caller's AbortSignal fired.
 * - `invalid-request`: the request could not be encoded (e.g. a cyclic body); nothing was sent.
 */
export const API_ERROR_KINDS = [
  'http',
  'timeout',
  'network',
  'invalid-response',
  'aborted',
  'invalid-request',
] as const;
export type ApiErrorKind = (typeof API_ERROR_KINDS)[number];

/** A schema issue reduced to plain data so it survives structured cloning and JSON. */
export interface ApiIssue {
  code: string;
  path: (string | number)[];
  message: string;
}

/** The plain form of an ApiError: what crosses runtime-message boundaries. */
export const SerializedApiError = z.object({
  name: z.literal('ApiError'),
  kind: z.enum(API_ERROR_KINDS),
  message: z.string(),
  endpoint: z.string(),
  method: z.string(),
  attempts: z.number().int().nonnegative(),
  httpStatus: z.number().int().nullable(),
  code: z.number().nullable(),
  details: z.array(z.unknown()),
  issues: z.array(
    z.object({
      code: z.string(),
      path: z.array(z.union([z.string(), z.number()])),
      message: z.string(),
    }),
  ),
  retryAfterMs: z.number().nonnegative().nullable(),
});
export type SerializedApiError = z.infer<typeof SerializedApiError>;

export interface ApiErrorInit {
  kind: ApiErrorKind;
  message: string;
  endpoint: string;
  method: string;
  attempts?: number;
  httpStatus?: number | null;
  code?: number | null;
  details?: unknown[];
  issues?: ApiIssue[];
  retryAfterMs?: number | null;
  cause?: unknown;
}

/**
 * Every failure of the API client. For kind `http` with a spec error body, `code`,
 * `message` and `details` are exactly what the server sent; otherwise `code` is null.
 * Absent values are `null` (not undefined) so the JSON form keeps every key.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError' as const;
  readonly kind: ApiErrorKind;
  /** Path of the endpoint, e.g. `/v2/tx/status` (no base URL, no query). */
  readonly endpoint: string;
  readonly method: string;
  /** HTTP attempts made, retries included (0 when nothing was sent). */
  readonly attempts: number;
  readonly httpStatus: number | null;
  readonly code: number | null;
  readonly details: unknown[];
  readonly issues: ApiIssue[];
  /** The server's Retry-After, in milliseconds from when the answer arrived. */
  readonly retryAfterMs: number | null;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.endpoint = init.endpoint;
    this.method = init.method;
    this.attempts = init.attempts ?? 0;
    this.httpStatus = init.httpStatus ?? null;
    this.code = init.code ?? null;
    this.details = init.details ?? [];
    this.issues = init.issues ?? [];
    this.retryAfterMs = init.retryAfterMs ?? null;
  }

  toJSON(): SerializedApiError {
    return serializeApiError(this);
  }

  /** Rebuilds an ApiError from its plain form; throws TypeError when `input` is not one. */
  static fromSerialized(input: unknown): ApiError {
    const parsed = SerializedApiError.safeParse(input);
    if (!parsed.success) {
      throw new TypeError(`not a serialized ApiError: ${z.prettifyError(parsed.error)}`);
    }
    const { name: _name, ...init } = parsed.data;
    return new ApiError(init);
  }
}

export function serializeApiError(error: ApiError): SerializedApiError {
  return {
    name: 'ApiError',
    kind: error.kind,
    message: error.message,
    endpoint: error.endpoint,
    method: error.method,
    attempts: error.attempts,
    httpStatus: error.httpStatus,
    code: error.code,
    // A JSON round trip drops what structured cloning or JSON could not carry.
    details: jsonSafe(error.details),
    issues: error.issues.map((issue) => ({
      code: issue.code,
      path: [...issue.path],
      message: issue.message,
    })),
    retryAfterMs: error.retryAfterMs,
  };
}

export const fromSerialized = ApiError.fromSerialized;

/** True for ApiError instances, including ones from another copy of this module. */
export function isApiError(value: unknown): value is ApiError {
  if (value instanceof ApiError) return true;
  return (
    value instanceof Error &&
    value.name === 'ApiError' &&
    (API_ERROR_KINDS as readonly unknown[]).includes((value as { kind?: unknown }).kind)
  );
}

export function isSerializedApiError(value: unknown): value is SerializedApiError {
  return SerializedApiError.safeParse(value).success;
}

function jsonSafe(values: unknown[]): unknown[] {
  try {
    const copy: unknown = JSON.parse(JSON.stringify(values));
    return Array.isArray(copy) ? copy : [];
  } catch {
    return [];
  }
}
