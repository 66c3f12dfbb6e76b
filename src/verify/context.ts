/** What one verification run knows and collects: the route, the caller, the time, the findings. */
import type { Finding, FindingKind } from './findings';
import { AXELAR_CHAIN_ID, AXELAR_GMP_ACCOUNT, SWAP_ENTRY_POINTS, sameAddress } from './contracts';
import { jsonKeyCollisions, parseJsonExact } from './json';
import { isProductionContract, type ContractRole } from './production-contracts';
import type { Step } from './route';

export const DAY_NS = 86_400n * 1_000_000_000n;
/** Each transaction after the first may be signed up to an hour later (a CCTP attestation alone takes ~20 min). */
export const LATER_TX_ALLOWANCE_NS = 3_600n * 1_000_000_000n;
/**
 * 2000-01-01T00:00:00Z in ns since the epoch. A bare number of ns at or past it is an instant, not
 * a span: as a span it would be 30 years, which no packet-forward timeout means (and which the
 * 24-hour limit refuses anyway), while every instant a route can honestly name is later than that.
 */
export const INSTANT_FROM_NS = 946_684_800n * 1_000_000_000n;

export interface Affiliate {
  address: string;
  basis_points_fee: string;
}

export interface PostRoute {
  /** The contract an ibc-hooks `wasm` memo or entry-point `contract_call` may call. */
  contract?: string;
  /** Stride autopilot receiver. */
  autopilotReceiver?: string;
}

export interface Route {
  steps: Step[];
  chains: string[];
  /** Chain id → the caller's address there. */
  addresses: ReadonlyMap<string, string>;
  amountIn: bigint | undefined;
  /** The route's single-swap fallback for its quoted output (amount_out / estimated_amount_out). */
  quotedOut: bigint | undefined;
  slippage: { num: bigint; den: bigint };
  /** Longest timeout the caller asked for, ns. */
  timeoutNs: bigint;
  affiliates: ReadonlyMap<string, Affiliate[]>;
  post: PostRoute;
  /** Undefined: absolute timeouts are not judged (see VerifyOptions.now). */
  nowNs: bigint | undefined;
  /** The API is the local deployment, whose every contract Courier knows (see VerifyOptions.local). */
  local: boolean;
  /** The request's `fee_payer_address`: who may pay a Solana transaction's fees besides the caller. */
  svmFeePayer?: string;
}

export class Checker {
  readonly findings: Finding[] = [];
  txIndex = 0;
  msgIndex = 0;

  constructor(readonly route: Route) {}

  report(kind: FindingKind, message: string): void {
    this.findings.push({ kind, tx_index: this.txIndex, msg_index: this.msgIndex, message });
  }

  /**
   * A contract or account Courier's tables do not know, where a bridge or swap venue of the real
   * API may legitimately be (an entry point, a relayer, a deposit address). Against the local
   * deployment every such address is known, so an unknown one is the finding `kind`; against a
   * production API the table is incomplete, so it is `unverified` and does not block, but only
   * on a chain where the route really has such a role (hasContractRole): an unknown contract on
   * the way of a plain IBC transfer is the finding everywhere.
   */
  unknownContract(kind: 'message_type' | 'recipient' | 'fee', chainId: string, address: string | undefined, message: string, role: RoleKind = 'contract'): void {
    if (this.route.local || !this.hasContractRole(chainId, role)) this.report(kind, message);
    else this.report('unverified', `Courier does not know contract ${address ?? '(none)'} on ${chainId}, so it could not check where it sends the funds (${message})`);
  }

  /**
   * A memo or message body as the chain will read it: JSON whose keys collide (exactly or but for
   * case) is reported, since the module acting on it may read another value than Courier did.
   * Throws like JSON.parse on text that is not JSON.
   */
  parseJson(source: string, what: string): unknown {
    const value = parseJsonExact(source);
    const collisions = jsonKeyCollisions(source);
    if (collisions.length > 0) {
      this.report('message_type', `${what} has keys that differ only in case or repeat (${collisions.join(', ')}); the chain may read a value Courier did not check`);
    }
    return value;
  }

  /**
   * The route gives `chainId` a role for a contract or account Courier's tables may not list.
   * An account (`account`: a relayer's fee account or destination caller, an Axelar deposit
   * address, an OPInit bridge) where any operation other than a plain IBC transfer leaves the
   * chain. A contract (`contract`) where a swap venue's entry point is (a swap there), where an
   * operation Courier does not know leaves, or, on an EVM or Solana chain, where any bridge
   * operation leaves (its contracts are called there). A bridge leaving a Cosmos chain through
   * its module (CCTP from Noble, Eureka from the Hub, Hyperlane from Celestia, OPInit) or over
   * IBC (Axelar) calls no contract there. Only there is an unknown address `unverified` against
   * a production API; anywhere else value reaching it is a finding everywhere.
   */
  hasContractRole(chainId: string | undefined, role: RoleKind = 'contract'): boolean {
    if (chainId === undefined) return false;
    const cosmos = !/^[0-9]+$/.test(chainId) && chainId !== 'solana';
    return this.route.steps.some((s) => s.from === chainId && s.kind !== 'transfer' && (role === 'account' || !cosmos || COSMOS_CONTRACT_KINDS.includes(s.kind)));
  }

  /** The caller's own address on a chain. */
  isCaller(chainId: string | undefined, address: string | undefined): boolean {
    return chainId !== undefined && sameAddress(this.route.addresses.get(chainId), address);
  }

  callerOn(chainId: string | undefined): string {
    return (chainId !== undefined && this.route.addresses.get(chainId)) || '(no address given)';
  }

  /**
   * A swap entry point on that chain: a known deployment, or the one the route's transfer into
   * the chain names, and then only where the route has a role for it (a swap or a bridge leaving
   * there): an IBC-only route has no use for a contract on its way.
   */
  isEntryPoint(chainId: string | undefined, address: string | undefined): boolean {
    if (chainId === undefined || address === undefined) return false;
    if ((SWAP_ENTRY_POINTS[chainId] ?? []).includes(address) || this.isProductionContract('entry_point', chainId, address)) return true;
    return this.hasContractRole(chainId) && this.route.steps.some((s) => s.kind === 'transfer' && s.to === chainId && s.entryContract === address);
  }

  /**
   * A contract or account the production routing API uses in `role` on `chainId`
   * (production-contracts.ts). Only against a production API: the local deployment's every
   * contract is in the local tables, and another address there is a finding.
   */
  isProductionContract(role: ContractRole, chainId: string | undefined, address: string | undefined): boolean {
    return !this.route.local && isProductionContract(role, chainId, address);
  }

  /**
   * The most a relay fee may be for a CCTP operation: the route's smart_relay_fee_quote, else what
   * the operation itself says it loses (amount_in less amount_out: production's answers often quote
   * the fee only in estimated_fees, and deduct it from the amount). Undefined: no fee is quoted.
   */
  relayFeeBound(step: Step): bigint | undefined {
    if (step.feeAmount !== undefined) return step.feeAmount;
    const amountIn = this.expectedIn(step);
    return amountIn !== undefined && step.amountOut !== undefined && amountIn > step.amountOut ? amountIn - step.amountOut : undefined;
  }

  isPostRouteContract(address: string | undefined): boolean {
    return address !== undefined && this.route.post.contract === address;
  }

  isAxelarGmp(chainId: string, address: string): boolean {
    return chainId === AXELAR_CHAIN_ID && address === AXELAR_GMP_ACCOUNT;
  }

  /** Steps that leave `chainId` (a swap stays on it). */
  stepsFrom(chainId: string | undefined, ...kinds: Step['kind'][]): Step[] {
    return this.route.steps.filter((s) => s.from === chainId && (kinds.length === 0 || kinds.includes(s.kind)));
  }

  /** The amount a step should move: the operation's own, or the request's amount_in for the first. */
  expectedIn(step: Step): bigint | undefined {
    return step.amountIn ?? (step.index === 0 ? this.route.amountIn : undefined);
  }

  checkAmount(step: Step, moved: bigint, what: string): void {
    const expected = this.expectedIn(step);
    if (expected !== undefined && moved !== expected) {
      this.report('amount', `${what} is ${moved}, but the route moves ${expected} at operation ${step.index}`);
    }
    if (this.route.amountIn !== undefined && step.index === 0 && moved > this.route.amountIn) {
      this.report('amount', `${what} is ${moved}, more than the route's amount_in ${this.route.amountIn}`);
    }
  }

  checkDenom(step: Step, denom: string | undefined, what: string): void {
    if (step.denomIn !== undefined && !sameAddress(denom ?? '', step.denomIn)) {
      this.report('denom', `${what} is ${denom ?? '(none)'}, but operation ${step.index} uses ${step.denomIn}`);
    }
  }

  /** An absolute timeout in ns: not past, and not more than a day (plus what the caller asked) away. */
  checkTimeoutAt(ns: bigint, what: string): void {
    const now = this.route.nowNs;
    if (ns === 0n || now === undefined) return; // 0: no timestamp timeout (a height timeout then applies)
    if (ns <= now) {
      this.report('timeout', `${what} ${isoOf(ns)} is already past`);
      return;
    }
    const limit = maxBig(DAY_NS, this.route.timeoutNs) + BigInt(this.txIndex) * LATER_TX_ALLOWANCE_NS;
    if (ns - now > limit) this.report('timeout', `${what} ${isoOf(ns)} is more than 24 hours away`);
  }

  /** A relative timeout (a PFM forward's), ns. */
  checkTimeoutSpan(ns: bigint, what: string): void {
    if (ns > maxBig(DAY_NS, this.route.timeoutNs)) this.report('timeout', `${what} of ${ns / 1_000_000_000n}s is more than 24 hours`);
  }

  /**
   * A packet-forward timeout as the routing API writes it: a bare number of ns is an instant when
   * it is past 2000-01-01 (INSTANT_FROM_NS; production writes the Unix time in ns it means the
   * forward to expire at), a span below that; a Go duration ("10m") is always a span. An instant
   * is judged like a timeout_timestamp (past, or more than 24 hours ahead, blocks; not judged
   * without a clock); a span must be at most 24 hours.
   */
  checkForwardTimeout(value: { ns: bigint; bare: boolean }, what: string): void {
    if (value.bare && value.ns >= INSTANT_FROM_NS) this.checkTimeoutAt(value.ns, what);
    else this.checkTimeoutSpan(value.ns, what);
  }
}

const maxBig = (a: bigint, b: bigint): bigint => (a > b ? a : b);

/** What an unknown address stands for: a contract called, or an account paid (Checker.hasContractRole). */
export type RoleKind = 'contract' | 'account';
/** The operations leaving a Cosmos chain through a contract there: a swap's entry point, Go Fast's gateway, and whatever an unknown kind does. */
const COSMOS_CONTRACT_KINDS: readonly Step['kind'][] = ['swap', 'go_fast', 'other'];

function isoOf(ns: bigint): string {
  const ms = Number(ns / 1_000_000n);
  return Number.isFinite(ms) && Math.abs(ms) < 8.64e15 ? new Date(ms).toISOString() : `${ns} ns`;
}
