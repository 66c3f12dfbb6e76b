/** The error body of every non-2xx answer. */
import { z } from 'zod';
import { ErrorDetailReason } from './enums';
import { F } from './fields';
import { unknownable } from '../reading-policy';

/** A google.rpc detail, e.g. ErrorInfo carrying a price-safety `reason`. */
export const ErrorDetail = z.looseObject({
  reason: ErrorDetailReason.optional(),
  '@type': z.string().optional(),
  /** The service's domain, e.g. "skip.build". */
  domain: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorDetail = z.infer<typeof ErrorDetail>;

/** Reading policy: an error answer needs its `message`; `code` and `details` may be unknown. */
export const ErrorResponse = z.looseObject({
  /** A gRPC status code (3 invalid argument, 5 not found, 2 unknown/internal). */
  code: unknownable(z.number().int()),
  message: F.message,
  details: unknownable(z.array(ErrorDetail)),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;
