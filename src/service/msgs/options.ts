/**
 * The request options msgs and msgs_direct share, checked once: amount, slippage, timeout,
 * affiliates and the post-route handler. Every problem is a 400 with code 3 that names the field.
 */
import { checkAddress, describeAddressProblem } from '../../chains/addresses';
import { invalidArgument } from '../http/errors';
import type { World } from '../world';
import { BPS_DENOMINATOR, type EntryPointAffiliate } from './entry-point';
import { fromParsedJson, type ExactJson } from './json';

export const DEFAULT_TIMEOUT_SECONDS = 300n;
/** The API leaves the default unstated; 1% is what its examples use. */
export const DEFAULT_SLIPPAGE_PERCENT = '1';

const INTEGER = /^[0-9]+$/;
const DECIMAL = /^[0-9]+(\.[0-9]+)?$/;

/** The spec's `invalid amount_in` (fixture v2_fungible_msgs.400.json) unless a positive integer. */
export function parseAmountIn(value: unknown): bigint {
  if (typeof value !== 'string' || !INTEGER.test(value) || BigInt(value) === 0n) throw invalidArgument('invalid amount_in');
  return BigInt(value);
}

export function parseTimeoutSeconds(value: unknown): bigint {
  if (value === undefined || value === null || value === '') return DEFAULT_TIMEOUT_SECONDS;
  if (typeof value !== 'string' || !INTEGER.test(value) || BigInt(value) === 0n) {
    throw invalidArgument('invalid timeout_seconds: expected a positive whole number of seconds');
  }
  return BigInt(value);
}

export interface Slippage {
  /** Percent as a fraction num/den of 100. */
  num: bigint;
  den: bigint;
  text: string;
}

export function parseSlippage(value: unknown): Slippage {
  const text = value === undefined || value === null || value === '' ? DEFAULT_SLIPPAGE_PERCENT : value;
  if (typeof text !== 'string' || !DECIMAL.test(text)) {
    throw invalidArgument('invalid slippage_tolerance_percent: expected a decimal percentage such as "1" or "0.5"');
  }
  const [int, frac = ''] = text.split('.');
  const num = BigInt(int! + frac);
  const den = 10n ** BigInt(frac.length);
  if (num > 100n * den) throw invalidArgument('invalid slippage_tolerance_percent: must be at most 100');
  return { num, den, text };
}

/** floor(amount * (100 - slippage) / 100): the least a swap may return. */
export function applySlippage(amount: bigint, slippage: Slippage): bigint {
  const full = 100n * slippage.den;
  return (amount * (full - slippage.num)) / full;
}

// ─────────────────────────────── affiliates ───────────────────────────────

export interface Affiliates {
  /** Chain id → affiliates paid by a swap on that chain. */
  byChain: Map<string, EntryPointAffiliate[]>;
  /** The common cumulative bps, or undefined when no chain was given. */
  cumulativeBps: bigint | undefined;
}

/**
 * chain_ids_to_affiliates: every listed chain must add up to the same bps (the spec's rule),
 * each fee is whole bps, each address is valid on its chain, and no chain pays out more than 100%.
 */
export function parseAffiliates(world: World, value: unknown): Affiliates {
  const byChain = new Map<string, EntryPointAffiliate[]>();
  if (value === undefined || value === null) return { byChain, cumulativeBps: undefined };
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidArgument('invalid chain_ids_to_affiliates: expected an object keyed by chain id');
  let cumulative: bigint | undefined;
  for (const [chainId, entry] of Object.entries(value as Record<string, unknown>)) {
    const chain = world.chain(chainId);
    if (!chain) throw invalidArgument(`invalid chain_ids_to_affiliates: unknown chain id "${chainId}"`);
    const list = (entry as { affiliates?: unknown } | null)?.affiliates ?? [];
    if (!Array.isArray(list)) throw invalidArgument(`invalid chain_ids_to_affiliates.${chainId}.affiliates: expected an array`);
    let sum = 0n;
    const affiliates: EntryPointAffiliate[] = [];
    list.forEach((a: unknown, i) => {
      const { address, basis_points_fee: bps } = (a ?? {}) as { address?: unknown; basis_points_fee?: unknown };
      const where = `chain_ids_to_affiliates.${chainId}.affiliates.${i}`;
      if (typeof bps !== 'string' || !INTEGER.test(bps)) throw invalidArgument(`invalid ${where}.basis_points_fee: expected whole basis points`);
      if (typeof address !== 'string') throw invalidArgument(`invalid ${where}.address: expected a string`);
      const check = checkAddress(address, chain);
      if (!check.ok) throw invalidArgument(`invalid ${where}.address: ${describeAddressProblem(address, chain, check.reason)}`);
      sum += BigInt(bps);
      affiliates.push({ basis_points_fee: BigInt(bps).toString(), address });
    });
    if (cumulative !== undefined && sum !== cumulative) {
      throw invalidArgument(
        `all chains must have the same cumulative affiliate fee bps (chain_ids_to_affiliates: ${cumulative} bps on one chain, ${sum} bps on ${chainId})`,
      );
    }
    if (sum > BPS_DENOMINATOR) throw invalidArgument(`invalid chain_ids_to_affiliates: ${sum} bps on ${chainId} is more than 100%`);
    cumulative = sum;
    byChain.set(chainId, affiliates);
  }
  return { byChain, cumulativeBps: cumulative };
}

// ─────────────────────────────── post-route handler ───────────────────────────────

export type PostRoute =
  | { kind: 'none' }
  | { kind: 'wasm'; contract: string; msg: ExactJson }
  | { kind: 'autopilot'; receiver: string; action: 'LIQUID_STAKE' | 'CLAIM' };

/** Shape only; where it may run is checked against the route by the builder. */
export function parsePostRouteHandler(value: unknown): PostRoute {
  if (value === undefined || value === null) return { kind: 'none' };
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidArgument('invalid post_route_handler');
  const v = value as { wasm_msg?: unknown; autpilot_msg?: unknown };
  if ((v.wasm_msg !== undefined) === (v.autpilot_msg !== undefined)) {
    throw invalidArgument('invalid post_route_handler: give exactly one of wasm_msg and autpilot_msg');
  }
  if (v.wasm_msg !== undefined) {
    const { contract_address: contract, msg } = (v.wasm_msg ?? {}) as { contract_address?: unknown; msg?: unknown };
    if (typeof contract !== 'string' || contract === '') throw invalidArgument('invalid post_route_handler.wasm_msg.contract_address');
    let parsed: unknown;
    try {
      parsed = typeof msg === 'string' ? JSON.parse(msg) : undefined;
    } catch {
      parsed = undefined;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw invalidArgument('invalid post_route_handler.wasm_msg.msg: expected a JSON object encoded as a string');
    }
    return { kind: 'wasm', contract, msg: fromParsedJson(parsed) };
  }
  const { receiver, action } = (v.autpilot_msg ?? {}) as { receiver?: unknown; action?: unknown };
  if (typeof receiver !== 'string' || receiver === '') throw invalidArgument('invalid post_route_handler.autpilot_msg.receiver');
  if (action !== 'LIQUID_STAKE' && action !== 'CLAIM') {
    throw invalidArgument('invalid post_route_handler.autpilot_msg.action: expected LIQUID_STAKE or CLAIM');
  }
  return { kind: 'autopilot', receiver, action };
}
