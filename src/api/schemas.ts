/**
 * The wire contract of the Cross-Chain Asset Routing API: zod schemas in the API's own
 * snake_case format, each exported with its inferred type under the same name.
 * Parse at the edges with these; unknown fields pass through, unknown enum values and kinds
 * are kept (classify them with ./kinds), deprecated fields are normalised (./normalise).
 * Responses are read by ./reading-policy: only the fields Courier cannot do without are
 * required; every other one is `undefined` ("unknown") when absent, blank or malformed.
 */
export {
  BasisPoints,
  ChainId,
  DecimalString,
  Denom,
  IntegerString,
  isKnown,
  TxHash,
  type Open,
} from './schemas/primitives';
export * from './schemas/enums';
export * from './schemas/common';
export * from './schemas/operations';
export * from './schemas/txs';
export * from './schemas/route';
export * from './schemas/status';
export * from './schemas/info';
export * from './schemas/error';
export * from './kinds';
export * from './normalise';
export { ESSENTIAL_FIELDS, essentialPatterns, routeChainIds, type ReadEndpoint } from './reading-policy';
