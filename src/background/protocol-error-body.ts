/**
 * The error half of a response envelope (protocol.ts). A leaf of its own so that ProtocolError
 * (protocol-error.ts), which the protocol's handlers throw, can name its type without importing
 * the protocol that imports those handlers' schemas.
 */
import { z } from 'zod';

export const ProtocolErrorBody = z.object({
  /**
   * Machine-readable: `bad-request`, `unknown-method`, `forbidden`, `internal`, or a domain code
   * such as `api` or `cancelled` (a `courier:api` call its page cancelled).
   */
  code: z.string(),
  message: z.string(),
  data: z.unknown().optional(),
});
export type ProtocolErrorBody = z.infer<typeof ProtocolErrorBody>;
