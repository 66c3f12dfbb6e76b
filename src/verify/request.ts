/**
 * A route held to the request that asked for it. The request is the truth, not the API's answer:
 * a route that starts from another chain or token, ends in another one (whatever its own
 * `dest_asset_denom` says), moves another amount, or whose operations do not join up end to end
 * is not the route that was asked for, and every finding here is of kind `route`. Pure and
 * synchronous, like the rest of src/verify: the background checks `route`, `routes` and
 * `msgs_direct` answers with it before a page sees them, and the popup before it shows a quote.
 */
import { sameAddress } from './contracts';
import type { Finding } from './findings';
import { toSteps, type Step } from './route';

/** What a route request (or the request part of a msgs / msgs_direct request) asks for, in the API's words. */
export interface RouteAsked {
  source_asset_denom?: unknown;
  source_asset_chain_id?: unknown;
  dest_asset_denom?: unknown;
  dest_asset_chain_id?: unknown;
  amount_in?: unknown;
  amount_out?: unknown;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const uint = (v: unknown): bigint | undefined => (typeof v === 'string' && /^[0-9]+$/.test(v) ? BigInt(v) : undefined);

/** Denoms compare exactly, except EVM token addresses, whose case is only a checksum. */
const sameDenom = (a: string | undefined, b: string | undefined): boolean => a !== undefined && b !== undefined && sameAddress(a, b);

/**
 * Findings (kind `route`) for every way `route` is not what `asked` asked for. `route` is the
 * API's Route object (a /route answer, or the one a msgs_direct answer embeds), read leniently.
 */
export function verifyRoute(asked: RouteAsked, route: unknown): Finding[] {
  const findings: Finding[] = [];
  const report = (message: string) => findings.push({ kind: 'route', tx_index: 0, msg_index: 0, message });
  const r = obj(route);
  if (!r) {
    report('the answer has no route');
    return findings;
  }

  // the route's own account of itself
  const ends: [string, keyof RouteAsked, string][] = [
    ['source chain', 'source_asset_chain_id', 'source_asset_chain_id'],
    ['source asset', 'source_asset_denom', 'source_asset_denom'],
    ['destination chain', 'dest_asset_chain_id', 'dest_asset_chain_id'],
    ['destination asset', 'dest_asset_denom', 'dest_asset_denom'],
  ];
  for (const [what, key] of ends) {
    const want = str(asked[key]);
    const got = str(r[key]);
    if (want !== undefined && !sameDenom(got, want)) report(`the route's ${what} is ${got ?? '(none)'}, but you asked for ${want}`);
  }
  checkAmounts(asked, r, report);

  // what its operations really do, whatever the route says of itself
  const operations = Array.isArray(r.operations) ? r.operations : [];
  if (operations.length === 0) {
    report('the route has no operations');
    return findings;
  }
  checkOperations(asked, toSteps(operations), report);
  return findings;
}

function checkAmounts(asked: RouteAsked, r: Obj, report: (message: string) => void): void {
  const amountIn = uint(asked.amount_in);
  const amountOut = uint(asked.amount_out);
  if (amountIn !== undefined) {
    const got = uint(r.amount_in);
    if (got !== amountIn) report(`the route sends ${String(r.amount_in ?? '(nothing)')}, but you asked to send ${amountIn}`);
  } else if (amountOut !== undefined) {
    // asked for what arrives: the route must deliver at least that
    const got = uint(r.amount_out);
    if (got === undefined || got < amountOut) report(`the route delivers ${String(r.amount_out ?? '(nothing)')}, but you asked to receive ${amountOut}`);
  }
}

function checkOperations(asked: RouteAsked, steps: readonly Step[], report: (message: string) => void): void {
  const first = steps[0]!;
  const last = steps[steps.length - 1]!;
  const name = (s: Step) => `operation ${s.index} (${s.wireKind || 'unnamed'})`;
  const source = str(asked.source_asset_chain_id);
  const dest = str(asked.dest_asset_chain_id);
  const sourceDenom = str(asked.source_asset_denom);
  const destDenom = str(asked.dest_asset_denom);

  if (source !== undefined && first.from !== source) report(`${name(first)} starts on ${first.from ?? '(no chain)'}, not on ${source}, where you send from`);
  if (sourceDenom !== undefined && first.denomIn !== undefined && !sameDenom(first.denomIn, sourceDenom)) {
    report(`${name(first)} takes ${first.denomIn}, not the ${sourceDenom} you send`);
  }
  if (dest !== undefined && last.to !== dest) report(`${name(last)} ends on ${last.to ?? '(no chain)'}, not on ${dest}, where you asked to receive`);
  // a swap must say what it gives; a transfer or bridge that does not name its output (production's
  // Axelar operations name an `asset` instead) carries what the operation before it delivered
  if (destDenom !== undefined && (last.denomOut !== undefined || last.kind === 'swap') && !sameDenom(last.denomOut, destDenom)) {
    report(`${name(last)} delivers ${last.denomOut ?? '(an asset it does not name)'}, not the ${destDenom} you asked for`);
  }
  const amountIn = uint(asked.amount_in);
  if (amountIn !== undefined && first.amountIn !== undefined && first.amountIn > amountIn) {
    report(`${name(first)} takes ${first.amountIn}, more than the ${amountIn} you send`);
  }

  // each operation picks up where the one before left the funds
  for (let i = 1; i < steps.length; i++) {
    const before = steps[i - 1]!;
    const step = steps[i]!;
    if (before.to !== undefined && step.from !== undefined && before.to !== step.from) {
      report(`${name(step)} starts on ${step.from}, but ${name(before)} left the funds on ${before.to}`);
    }
    if (before.denomOut !== undefined && step.denomIn !== undefined && !sameDenom(before.denomOut, step.denomIn)) {
      report(`${name(step)} takes ${step.denomIn}, but ${name(before)} delivers ${before.denomOut}`);
    }
  }
  // a swap's own legs join up, from what it takes to what it says it gives
  for (const step of steps) {
    if (step.kind !== 'swap' || step.swapOperations.length === 0) continue;
    const legs = step.swapOperations;
    if (step.denomIn !== undefined && !sameDenom(legs[0]!.denom_in, step.denomIn)) report(`the swap of ${name(step)} starts from ${legs[0]!.denom_in}, not ${step.denomIn}`);
    for (let i = 1; i < legs.length; i++) {
      if (!sameDenom(legs[i - 1]!.denom_out, legs[i]!.denom_in)) report(`the swap of ${name(step)} trades ${legs[i]!.denom_in} after getting ${legs[i - 1]!.denom_out}`);
    }
    const out = legs[legs.length - 1]!.denom_out;
    if (step.denomOut !== undefined && !sameDenom(out, step.denomOut)) report(`the swap of ${name(step)} ends in ${out}, not the ${step.denomOut} it says it gives`);
  }
}
