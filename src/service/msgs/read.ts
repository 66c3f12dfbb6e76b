/**
 * Reading the fields of a caller's operations: the helpers every operation reader shares
 * (transfers and swaps in path.ts, each bridge's own in src/service/bridges/<bridge>/).
 * A leaf module: it imports nothing that knows the bridges.
 */
import { invalidArgument } from '../http/errors';

/** A non-empty string field, or undefined. */
export const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** A base-unit amount field of an operation, or undefined when absent; 400 when malformed. */
export function amount(v: unknown, what: string): bigint | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' || !/^[0-9]+$/.test(v)) throw invalidArgument(`invalid ${what}`);
  return BigInt(v);
}

/** Upper-case ibc hashes so a lower-case denom from a caller still compares equal. */
export function sameDenom(a: string, b: string): boolean {
  const norm = (d: string) => (/^ibc\//i.test(d) ? `ibc/${d.slice(4).toUpperCase()}` : /^0x[0-9a-f]{40}$/i.test(d) ? d.toLowerCase() : d);
  return norm(a) === norm(b);
}

/**
 * Who pays a bridge fee how, as the planner quotes it: from a Cosmos chain the fee comes out
 * of the bridged amount; from an EVM chain it is paid on top (in USDC for CCTP, in the gas
 * token for Axelar).
 */
export type FeeBehavior = 'FEE_BEHAVIOR_DEDUCTED' | 'FEE_BEHAVIOR_ADDITIONAL';

export interface BridgeFee {
  amount: bigint;
  behavior: FeeBehavior;
  /** Wire Asset the fee is paid in, as the operation gives it (Axelar), when given. */
  asset: Record<string, unknown> | undefined;
  /** Denom and chain of the fee asset. */
  denom: string;
  chainId: string;
  usdAmount: string | undefined;
}

