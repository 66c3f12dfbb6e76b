/**
 * Hyperlane warp routes, from either end:
 * - Celestia's `/hyperlane.warp.v1.MsgRemoteTransfer` (token_id, destination_domain, a 32-byte
 *   hex recipient, amount, and max_fee: the most the interchain gas payment may take);
 * - an EVM warp token's `transferRemote(uint32 destination, bytes32 recipient, uint256 amount)`,
 *   the interchain gas payment as the transaction's value (a synthetic burns the sender's own
 *   tokens, so nothing needs an approval).
 * The router must be the route's (hyperlane_contract_address) or the known one, the domain the
 * destination's, the recipient the caller's address there, the fee at most the route's.
 */
import { abiFunctionWithSignature } from '../abi';
import type { Checker } from '../context';
import { HYPERLANE_DOMAINS, HYPERLANE_WARP_ROUTERS, sameAddress } from '../contracts';
import { decodeKnown, mintRecipientMatches, uintOf, type CosmosBridgeTx, type EvmBridgeCall } from '../readers';
import type { Step } from '../route';
import { hexBytes, hexOf, obj, text, type Obj } from './words';

export const TYPE_MSG_REMOTE_TRANSFER = '/hyperlane.warp.v1.MsgRemoteTransfer';
export const TRANSFER_REMOTE = abiFunctionWithSignature('transferRemote', ['uint32', 'bytes32', 'uint256'], ['uint256', 'bytes32', 'uint256']);

/** Whether `router` dispatches the step's warp route on `chainId`. */
function isRouter(step: Step, chainId: string, router: string | undefined): boolean {
  const named = text(step.body.hyperlane_contract_address);
  return named !== undefined ? sameAddress(router, named) : (HYPERLANE_WARP_ROUTERS[chainId] ?? []).some((r) => sameAddress(router, r));
}

/** Domain, recipient and amount: the same on both ends. */
function checkDispatch(c: Checker, step: Step, domain: bigint | undefined, recipient: Uint8Array | undefined, amount: bigint | undefined, what: string): void {
  const to = step.to ?? '';
  const expected = HYPERLANE_DOMAINS[to];
  if (expected === undefined || domain !== BigInt(expected)) {
    c.report('chain', `${what}'s destination domain ${domain ?? '(none)'} is not ${to || 'the route destination'}'s Hyperlane domain (${expected ?? 'unknown'})`);
  }
  if (!recipient || recipient.length !== 32) c.report('unverified', `${what}'s recipient is not 32 bytes`);
  else if (!mintRecipientMatches(recipient, c.route.addresses.get(to))) {
    c.report('recipient', `${what}'s recipient ${hexOf(recipient)} is not your address on ${to} (${c.callerOn(to)})`);
  }
  if (amount === undefined) c.report('unverified', `${what}'s amount could not be read`);
  else c.checkAmount(step, amount, `${what}'s amount`);
}

/** The interchain gas payment the route quotes, in its fee asset. */
const feeOf = (step: Step): { amount: bigint; denom: string | undefined } => ({ amount: uintOf(step.body.fee_amount) ?? 0n, denom: text(obj(step.body.fee_asset)?.denom) });

// ─────────────────────────────── Cosmos (Celestia) ───────────────────────────────

/** Celestia's MsgRemoteTransfer; false for any other message. */
export function hyperlaneMsg(c: Checker, chainId: string, type: string, m: Obj, _tx: CosmosBridgeTx): boolean {
  if (type !== TYPE_MSG_REMOTE_TRANSFER) return false;
  const step = c.stepsFrom(chainId, 'hyperlane')[0];
  if (!step) {
    c.report('message_type', `a Hyperlane transfer on ${chainId} is not explained by any operation of the route`);
    return true;
  }
  const what = 'the Hyperlane transfer';
  const tokenId = text(m.token_id);
  if (!isRouter(step, chainId, tokenId)) c.report('denom', `${what}'s token_id ${tokenId ?? '(none)'} is not the warp token of the route's ${step.denomIn ?? 'asset'}`);
  checkDispatch(c, step, uintOf(m.destination_domain), hexBytes(text(m.recipient)), uintOf(m.amount), what);
  const fee = feeOf(step);
  const maxFee = obj(m.max_fee);
  const maxAmount = uintOf(maxFee?.amount);
  if (maxAmount === undefined || maxAmount > fee.amount) c.report('fee', `${what}'s max_fee ${String(maxFee?.amount)} is more than the route's interchain gas fee ${fee.amount}`);
  if (fee.denom !== undefined && text(maxFee?.denom) !== fee.denom) c.report('denom', `${what}'s max_fee is in ${String(maxFee?.denom)}, not the route's ${fee.denom}`);
  if ((text(m.custom_hook_id) ?? '') !== '') c.report('unverified', `${what} names a custom hook ${String(m.custom_hook_id)} Courier does not know`);
  return true;
}

/** What a MsgRemoteTransfer moves out of the sender besides its fee (for the transaction's total). */
export function hyperlaneOutflow(type: unknown, m: Obj): bigint {
  return type === TYPE_MSG_REMOTE_TRANSFER ? (uintOf(m.amount) ?? 0n) : 0n;
}

// ─────────────────────────────── EVM ───────────────────────────────

/** A call to the warp token a Hyperlane operation dispatches from; undefined for any other call. */
export function hyperlaneCall(c: Checker, chainId: string, to: string | undefined, data: string): EvmBridgeCall | undefined {
  const step = c.stepsFrom(chainId, 'hyperlane')[0];
  if (!step || !isRouter(step, chainId, to)) return undefined;
  const args = decodeKnown(c, TRANSFER_REMOTE, to!, data);
  if (!args) return 'reported';
  const [domain, recipient, amount] = args as [bigint, Uint8Array, bigint];
  checkDispatch(c, step, domain, recipient, amount, 'transferRemote');
  return { step, pulled: amount, valueAllowed: feeOf(step).amount };
}
