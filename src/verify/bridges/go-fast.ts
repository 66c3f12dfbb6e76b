/**
 * Go Fast: the order a route submits to the source chain's FastTransferGateway,
 *
 *   submitOrder(bytes32 sender, bytes32 recipient, uint256 amountIn, uint256 amountOut,
 *               uint32 destinationDomain, uint64 timeoutTimestamp, bytes data)
 *
 * The sender (who is refunded after a timeout) must be the caller; the recipient the caller's
 * address on the destination, or, when a payload follows, the swap entry point the destination
 * gateway executes it on. The payload (`swap_and_action_with_recover`, or `action_with_recover`
 * for an IBC transfer onward without a swap) is checked like an ibc-hooks swap: its trade,
 * minimum out, post-swap receiver and any onward IBC hops, plus its recovery address. amountOut is what the solver delivers: the route's amount_out, and no more
 * taken from amountIn than the route's Go Fast fee.
 */
import { decodeBech32, encodeBech32 } from '../../chains/addresses';
import { abiFunctionWithSignature } from '../abi';
import type { Checker } from '../context';
import { GO_FAST_DOMAINS, GO_FAST_GATEWAYS, SWAP_ENTRY_POINTS, sameAddress } from '../contracts';
import { arrive } from '../memo';
import { decodeKnown, mintRecipientMatches, uintOf, type EvmBridgeCall } from '../readers';
import type { Step } from '../route';
import { hexOf, obj, text, type Obj } from './words';

export const SUBMIT_ORDER = abiFunctionWithSignature(
  'submitOrder',
  ['bytes32', 'bytes32', 'uint256', 'uint256', 'uint32', 'uint64', 'bytes'],
  ['bytes32', 'bytes32', 'uint256', 'uint256', 'uint256', 'uint256', 'bytes'],
);

const BPS = 10_000n;

/** A call to the Go Fast gateway of a chain a Go Fast operation leaves from; undefined for any other call. */
export function goFastCall(c: Checker, chainId: string, to: string | undefined, data: string): EvmBridgeCall | undefined {
  const step = c.stepsFrom(chainId, 'go_fast')[0];
  if (!step || !(sameAddress(to, GO_FAST_GATEWAYS[chainId]) || c.isProductionContract('go_fast_gateway', chainId, to))) return undefined;
  const args = decodeKnown(c, SUBMIT_ORDER, to!, data);
  if (!args) return 'reported';
  const [sender, recipient, amountIn, amountOut, domain, timeout, payload] = args as [Uint8Array, Uint8Array, bigint, bigint, bigint, bigint, Uint8Array];
  if (domain >> 32n !== 0n || timeout >> 64n !== 0n) {
    c.report('unverified', `submitOrder's destinationDomain ${domain} or timeoutTimestamp ${timeout} does not fit its type`);
    return 'reported';
  }
  if (!mintRecipientMatches(sender, c.route.addresses.get(chainId))) {
    c.report('recipient', `submitOrder's sender ${hexOf(sender)}, who is refunded after a timeout, is not your address on ${chainId} (${c.callerOn(chainId)})`);
  }
  c.checkAmount(step, amountIn, "submitOrder's amountIn");
  checkAmountOut(c, step, amountIn, amountOut);
  const expected = GO_FAST_DOMAINS[step.to ?? ''];
  const named = uintOf(step.body.destination_domain);
  if (expected === undefined || BigInt(expected) !== domain || (named !== undefined && named !== domain)) {
    c.report('chain', `submitOrder's destinationDomain ${domain} is not ${step.to ?? 'the route destination'}'s Go Fast domain (${expected ?? 'unknown'})`);
  }
  c.checkTimeoutAt(timeout * 1_000_000_000n, "submitOrder's timeoutTimestamp");
  checkDelivery(c, step, recipient, payload);
  return { step, pulled: amountIn, valueAllowed: 0n };
}

/** The solver delivers the route's amount_out, keeping no more than the route's Go Fast fee. */
function checkAmountOut(c: Checker, step: Step, amountIn: bigint, amountOut: bigint): void {
  if (amountOut > amountIn) {
    c.report('amount', `submitOrder's amountOut ${amountOut} is more than its amountIn ${amountIn}: no solver fills it, and the order times out`);
    return;
  }
  if (c.expectedIn(step) === amountIn && step.amountOut !== undefined && amountOut !== step.amountOut) {
    c.report('amount', `submitOrder's amountOut ${amountOut} is not the ${step.amountOut} the route delivers at operation ${step.index}`);
    return;
  }
  const fee = obj(step.body.fee);
  const [bps, source, destination] = [uintOf(fee?.bps_fee), uintOf(fee?.source_chain_fee_amount), uintOf(fee?.destination_chain_fee_amount)];
  if (bps === undefined || source === undefined || destination === undefined) return;
  const quoted = (amountIn * bps + BPS - 1n) / BPS + source + destination;
  if (amountIn - amountOut > quoted) {
    c.report('fee', `submitOrder leaves the solver ${amountIn - amountOut} of ${amountIn}, more than the route's Go Fast fee ${quoted}`);
  }
}

/** The order's recipient, and the payload the destination gateway executes on it. */
function checkDelivery(c: Checker, step: Step, recipient: Uint8Array, payload: Uint8Array): void {
  const dest = step.to ?? '';
  if (payload.length === 0) {
    if (!mintRecipientMatches(recipient, c.route.addresses.get(dest))) {
      c.report('recipient', `submitOrder's recipient ${hexOf(recipient)} is not your address on ${dest} (${c.callerOn(dest)})`);
    }
    return;
  }
  const prefix = decodeBech32(c.route.addresses.get(dest) ?? SWAP_ENTRY_POINTS[dest]?.[0] ?? '')?.prefix;
  let parsed: Obj | undefined;
  try {
    parsed = obj(c.parseJson(new TextDecoder('utf-8', { fatal: true }).decode(payload), "submitOrder's payload"));
  } catch {
    parsed = undefined;
  }
  // a swap after the fill, or (no swap) an IBC transfer onward: both keep the funds at recovery_addr on failure
  const swap = obj(parsed?.swap_and_action_with_recover);
  const inner = swap ?? obj(parsed?.action_with_recover);
  if (!prefix || !inner) {
    c.report('unverified', `submitOrder's payload is neither a swap nor an action Courier can read, so what the fill runs on ${dest} is not checked`);
    return;
  }
  const { recovery_addr: recovery, ...call } = inner;
  // an account is left-padded to 32 bytes; a contract fills all 32
  const contract = encodeBech32(prefix, recipient.slice(0, 12).every((b) => b === 0) ? recipient.slice(12) : recipient);
  if (!c.isCaller(dest, text(recovery))) {
    c.report('recipient', `the order payload's recovery_addr ${String(recovery)}, which keeps the funds when the swap fails, is not your address on ${dest} (${c.callerOn(dest)})`);
  }
  if (!c.isEntryPoint(dest, contract)) {
    c.unknownContract('recipient', dest, contract, `submitOrder's recipient ${contract} on ${dest} is not a swap entry point, yet its payload runs there`);
    return;
  }
  arrive(c, dest, contract, { wasm: { contract, msg: swap ? { swap_and_action: call } : { action: call } } }, 'the Go Fast fill');
}
