/**
 * CCTP burns on an EVM chain that go through a contract other than Circle's v1 TokenMessenger
 * (which evm.ts reads):
 *
 * - the routing API's smart-relay contract (skip-mev/skip-go-evm-contracts CCTPRelayer/src/
 *   CCTPRelayer.sol), which pulls transferAmount + feeAmount, keeps the fee and burns the rest:
 *     requestCCTPTransfer(uint256 transferAmount, uint32 destinationDomain, bytes32 mintRecipient,
 *                         address burnToken, uint256 feeAmount)
 *     requestCCTPTransferWithCaller(…, uint256 feeAmount, bytes32 destinationCaller)
 *   The local deployment's simulated one (contracts.ts cctpRelayerContract) and production's
 *   (production-contracts.ts). The fee is at most the route's (Checker.relayFeeBound); the burn
 *   and the fee together are what the operation moves (production deducts the fee), or the burn
 *   alone is (the local deployment charges it on top).
 *
 * - Circle's CCTP v2 TokenMessengerV2 (circlefin/evm-cctp-contracts src/v2/TokenMessengerV2.sol),
 *   for the routing API's `cctp_transfer_v2` operations (bridge `CCTP_V2`):
 *     depositForBurn(uint256 amount, uint32 destinationDomain, bytes32 mintRecipient,
 *                    address burnToken, bytes32 destinationCaller, uint256 maxFee,
 *                    uint32 minFinalityThreshold)
 *     depositForBurnWithHook(…, uint32 minFinalityThreshold, bytes hookData)
 *   maxFee is what the destination may keep of the mint (Circle's fast-transfer fee): at most the
 *   operation's max_fee, else what the operation says it loses (amount_in − amount_out).
 */
import { abiFunctionWithSignature, decodeCall, selectorOf, type AbiFunction } from '../abi';
import type { Checker } from '../context';
import { CCTP_DOMAINS, cctpRelayerContract, sameAddress } from '../contracts';
import { checkCctpDestination, checkDestinationCaller, decodeKnown, uintOf, unreadable, type EvmBridgeCall } from '../readers';
import type { Step } from '../route';

const U = 'uint256' as const;
export const REQUEST_CCTP_TRANSFER_WITH_CALLER = abiFunctionWithSignature(
  'requestCCTPTransferWithCaller',
  ['uint256', 'uint32', 'bytes32', 'address', 'uint256', 'bytes32'],
  [U, U, 'bytes32', 'address', U, 'bytes32'],
);
const REQUEST_CCTP_TRANSFER = abiFunctionWithSignature('requestCCTPTransfer', ['uint256', 'uint32', 'bytes32', 'address', 'uint256'], [U, U, 'bytes32', 'address', U]);
export const DEPOSIT_FOR_BURN_V2 = abiFunctionWithSignature(
  'depositForBurn',
  ['uint256', 'uint32', 'bytes32', 'address', 'bytes32', 'uint256', 'uint32'],
  [U, U, 'bytes32', 'address', 'bytes32', U, U],
);
export const DEPOSIT_FOR_BURN_WITH_HOOK_V2 = abiFunctionWithSignature(
  'depositForBurnWithHook',
  ['uint256', 'uint32', 'bytes32', 'address', 'bytes32', 'uint256', 'uint32', 'bytes'],
  [U, U, 'bytes32', 'address', 'bytes32', U, U, 'bytes'],
);

const fits = (v: bigint, bits: number) => v >> BigInt(bits) === 0n;

/** A call to a smart-relay CCTP contract of a chain a CCTP operation leaves from; undefined for any other call. */
export function cctpRelayerCall(c: Checker, chainId: string, to: string | undefined, data: string): EvmBridgeCall | undefined {
  const step = c.stepsFrom(chainId, 'cctp')[0];
  if (!step || to === undefined) return undefined;
  const local = sameAddress(to, cctpRelayerContract(chainId));
  if (!local && !c.isProductionContract('cctp_relayer_contract', chainId, to)) return undefined;
  const selector = selectorOf(data);
  const fn: AbiFunction | undefined = selector === REQUEST_CCTP_TRANSFER.selector ? REQUEST_CCTP_TRANSFER : selector === REQUEST_CCTP_TRANSFER_WITH_CALLER.selector ? REQUEST_CCTP_TRANSFER_WITH_CALLER : undefined;
  if (!fn) {
    if (local) decodeKnown(c, REQUEST_CCTP_TRANSFER, to, data);
    // production's contract has other functions too (a swap before the burn): left to the unknown-contract checks
    return local ? 'reported' : undefined;
  }
  const args = decodeCall(fn, data);
  if (!args) {
    unreadable(c, to, data);
    return 'reported';
  }
  const [amount, domain, recipient, burnToken, fee, caller] = args as [bigint, bigint, Uint8Array, string, bigint, Uint8Array | undefined];
  if (!fits(domain, 32)) {
    c.report('unverified', `${fn.name}'s destinationDomain ${domain} does not fit its type`);
    return 'reported';
  }
  checkBurnAmount(c, step, amount, fee, `${fn.name}'s transferAmount`);
  c.checkDenom(step, burnToken, `${fn.name}'s burnToken`);
  const bound = c.relayFeeBound(step) ?? 0n;
  if (fee > bound) c.report('fee', `${fn.name}'s feeAmount ${fee} is more than the route's relay fee ${bound}`);
  checkCctpDestination(c, step, Number(domain), () => recipient);
  if (caller) checkDestinationCaller(c, chainId, step, caller, `${fn.name}'s destinationCaller`);
  return { step, pulled: amount + fee, valueAllowed: 0n };
}

/** The burn alone is what the operation moves (the fee on top), or the burn and the fee together are (the fee deducted). */
function checkBurnAmount(c: Checker, step: Step, amount: bigint, fee: bigint, what: string): void {
  const expected = c.expectedIn(step);
  const deducted = fee > 0n && expected !== undefined && amount !== expected && amount + fee === expected;
  c.checkAmount(step, deducted ? amount + fee : amount, deducted ? `${what} plus the relay fee` : what);
}

/** A call to CCTP v2's TokenMessengerV2 on a chain a `cctp_transfer_v2` operation leaves from; undefined for any other call. */
export function cctpV2Call(c: Checker, chainId: string, to: string | undefined, data: string): EvmBridgeCall | undefined {
  const step = c.stepsFrom(chainId, 'cctp_v2')[0];
  if (!step || !c.isProductionContract('cctp_v2_token_messenger', chainId, to)) return undefined;
  const selector = selectorOf(data);
  const hooked = selector === DEPOSIT_FOR_BURN_WITH_HOOK_V2.selector;
  const args = hooked ? decodeCall(DEPOSIT_FOR_BURN_WITH_HOOK_V2, data) : decodeKnown(c, DEPOSIT_FOR_BURN_V2, to!, data);
  if (!args) {
    if (hooked) unreadable(c, to, data);
    return 'reported';
  }
  const [amount, domain, recipient, burnToken, caller, maxFee, finality, hook] = args as [bigint, bigint, Uint8Array, string, Uint8Array, bigint, bigint, Uint8Array | undefined];
  if (!fits(domain, 32) || !fits(finality, 32)) {
    c.report('unverified', `depositForBurn's destinationDomain ${domain} or minFinalityThreshold ${finality} does not fit its type`);
    return 'reported';
  }
  c.checkAmount(step, amount, "depositForBurn's amount");
  c.checkDenom(step, burnToken, "depositForBurn's burnToken");
  const named = uintOf(step.body.destination_domain);
  const expectedDomain = step.to === undefined ? undefined : CCTP_DOMAINS[step.to];
  if (named !== undefined && expectedDomain !== undefined && named !== BigInt(expectedDomain)) {
    c.report('chain', `operation ${step.index} names CCTP domain ${named}, but ${step.to}'s is ${expectedDomain}`);
  }
  checkCctpDestination(c, step, Number(domain), () => recipient);
  checkDestinationCaller(c, chainId, step, caller, "depositForBurn's destinationCaller");
  const quoted = uintOf(step.body.max_fee);
  const bound = quoted ?? c.relayFeeBound(step) ?? 0n;
  if (maxFee > bound) c.report('fee', `depositForBurn's maxFee ${maxFee} is more than the route's ${quoted !== undefined ? 'max_fee' : 'fee'} ${bound}`);
  const threshold = uintOf(step.body.finality_threshold);
  if (threshold !== undefined && threshold !== finality) {
    c.report('unverified', `depositForBurn's minFinalityThreshold ${finality} is not the ${threshold} operation ${step.index} names (a faster attestation costs up to maxFee)`);
  }
  if (hook && hook.length > 0) c.report('unverified', `depositForBurnWithHook carries ${hook.length} bytes of hook data for ${step.to ?? 'the destination'}, which Courier does not interpret (the mint still goes to the mint recipient)`);
  return { step, pulled: amount, valueAllowed: 0n };
}
