/** The ways a `tamper` fault can alter an answer (tamper.ts, tamper-attacks.ts). */

/**
 * The first seven alter one field of a message; the rest are the attacks "verify, held to the
 * request" stops: an operation renamed to a kind Courier does not know, memo keys that differ
 * only in case, a plain native send, a call to an unknown contract, a Permit2 approval, a Solana
 * transfer hidden behind an address lookup table, a msgs_direct answer for another amount, an
 * Axelar GMP payload naming another receiver, and (on /route answers) a route substituted for
 * another destination token.
 */
export const TAMPER_MODES = [
  'recipient',
  'memo_recipient',
  'amount',
  'denom',
  'extra_msg',
  'min_out',
  'approval',
  'unknown_operation',
  'memo_key_case',
  'native_send',
  'unknown_contract',
  'permit2',
  'svm_lookup_table',
  'direct_amount',
  'gmp_payload_recipient',
  'route_substitution',
] as const;
export type TamperMode = (typeof TAMPER_MODES)[number];
