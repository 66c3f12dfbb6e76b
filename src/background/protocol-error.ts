import type { ProtocolErrorBody } from './protocol-error-body';

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
