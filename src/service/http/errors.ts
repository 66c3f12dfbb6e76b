import type { z } from 'zod';

/** gRPC status codes the routing API uses in its error bodies. */
export const GrpcCode = {
  unknown: 2,
  invalidArgument: 3,
  notFound: 5,
  permissionDenied: 7,
  resourceExhausted: 8,
  unimplemented: 12,
  internal: 13,
  unauthenticated: 16,
} as const;

export type ErrorDetail = {
  '@type'?: string;
  reason: string;
  domain?: string;
  metadata?: Record<string, string>;
};

export const ERROR_DOMAIN = 'courier.local';

/**
 * An error the service answers with, in the spec's shape `{code, message, details}`. One the
 * caller caused (4xx: no route, an invalid argument, a rate limit) is an answer, not a bug, and
 * carries no stack: the HTTP layer never prints it, and capturing one cost the planner 5–10 %
 * of its time on every "no routes found". A 5xx keeps its stack for whoever logs it.
 */
export class ServiceError extends Error {
  override name = 'ServiceError';
  constructor(
    readonly httpStatus: number,
    readonly code: number,
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    const limit = Error.stackTraceLimit;
    if (httpStatus < 500) Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
  }

  toBody(): { code: number; message: string; details: ErrorDetail[] } {
    return { code: this.code, message: this.message, details: this.details };
  }
}

export const invalidArgument = (message: string, details: ErrorDetail[] = []) =>
  new ServiceError(400, GrpcCode.invalidArgument, message, details);

export const notFound = (message: string) => new ServiceError(404, GrpcCode.notFound, message);

/** A detail entry as the real service writes them (`google.rpc.ErrorInfo`). */
export function errorInfo(reason: string, metadata?: Record<string, string>): ErrorDetail {
  return {
    '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
    reason,
    domain: ERROR_DOMAIN,
    ...(metadata ? { metadata } : {}),
  };
}

/**
 * Turns zod issues into one message that names the field, e.g.
 * `invalid request: amount_in: expected string, received number`.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const parts = issues.slice(0, 5).map((issue) => {
    const where = issue.path.length ? issue.path.map(String).join('.') : 'body';
    return `${where}: ${issue.message}`;
  });
  const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : '';
  return `invalid request: ${parts.join('; ')}${more}`;
}

// Amount fields the API reports as `invalid <field>` when present but malformed (spec, Errors).
const AMOUNT_FIELDS = new Set(['amount_in', 'amount_out']);

/** Parses with `schema` or throws a 400, code 3, that names the offending fields. */
export function parseRequest<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const first = result.error.issues[0];
  const field = first?.path.length === 1 ? String(first.path[0]) : undefined;
  const present = typeof value === 'object' && value !== null && field !== undefined && field in value;
  if (field && present && AMOUNT_FIELDS.has(field)) throw invalidArgument(`invalid ${field}`);
  throw invalidArgument(describeIssues(result.error.issues));
}
