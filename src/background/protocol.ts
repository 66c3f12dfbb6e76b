import { z } from 'zod';

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

export const backgroundMethods = {
  /** Liveness and identity: what the background is and which API it talks to. */
  'courier:hello': { params: z.strictObject({}), result: HelloResult },
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

export const ProtocolErrorBody = z.object({
  /** Machine-readable: `bad-request`, `unknown-method`, `internal`, or a domain code such as `api`. */
  code: z.string(),
  message: z.string(),
  data: z.unknown().optional(),
});
export type ProtocolErrorBody = z.infer<typeof ProtocolErrorBody>;

export const ResponseEnvelope = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({ ok: z.literal(false), error: ProtocolErrorBody }),
]);
export type ResponseEnvelope = z.infer<typeof ResponseEnvelope>;

/** An error a handler throws on purpose; its code and message reach the caller unchanged. */
export class ProtocolError extends Error {
  override name = 'ProtocolError';
  constructor(
    readonly code: string,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }

  toBody(): ProtocolErrorBody {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }
}

export function isCourierRequest(message: unknown): boolean {
  return typeof message === 'object' && message !== null && PROTOCOL_TAG in message;
}
