/**
 * LayerZero v2's `send(SendParam, MessagingFee, address refundAddress)`, which Stargate's pools
 * and every OFT (or OFT adapter) implement, decoded by hand, and the checks both bridges share:
 *   SendParam { uint32 dstEid; bytes32 to; uint256 amountLD; uint256 minAmountLD;
 *               bytes extraOptions; bytes composeMsg; bytes oftCmd }
 *   MessagingFee { uint256 nativeFee; uint256 lzTokenFee }
 * The messaging fee is paid as the transaction's value; the refund address gets what is left.
 */
import { abiFunctionWithSignature, selectorOf } from '../abi';
import type { Checker } from '../context';
import { LAYERZERO_ENDPOINT_IDS, sameAddress, type OftContract } from '../contracts';
import { checkApprovals, mintRecipientMatches, uintOf, type EvmTxIn } from '../readers';
import type { Step } from '../route';
import { AbiWords, hexOf } from './words';

export const OFT_SEND = abiFunctionWithSignature('send', ['(uint32,bytes32,uint256,uint256,bytes,bytes,bytes)', '(uint256,uint256)', 'address'], []);

export interface OftSend {
  dstEid: bigint;
  /** The receiver on the destination, 32 bytes. */
  to: Uint8Array;
  amountLD: bigint;
  minAmountLD: bigint;
  extraOptions: Uint8Array;
  composeMsg: Uint8Array;
  oftCmd: Uint8Array;
  nativeFee: bigint;
  lzTokenFee: bigint;
  refundAddress: string;
}

/** `send` calldata, or undefined when the selector differs or the layout is broken (never a throw). */
export function decodeOftSend(data: string): OftSend | undefined {
  const w = selectorOf(data) === OFT_SEND.selector ? AbiWords.of(data) : undefined;
  // head: sendParam's offset, then the fee tuple inline, then the refund address
  const base = w?.offset(0, 0);
  if (!w || base === undefined) return undefined;
  const refundAddress = w.address(96);
  const [dstEid, to] = [w.uint(base, 32), w.word(base + 32)];
  const [amountLD, minAmountLD, nativeFee, lzTokenFee] = [w.uint(base + 64), w.uint(base + 96), w.uint(32), w.uint(64)];
  const [extraOptions, composeMsg, oftCmd] = [4, 5, 6].map((i) => w.bytes(w.offset(base + i * 32, base)));
  if (refundAddress === undefined || dstEid === undefined || !to || amountLD === undefined || minAmountLD === undefined || nativeFee === undefined || lzTokenFee === undefined) return undefined;
  if (!extraOptions || !composeMsg || !oftCmd) return undefined;
  return { dstEid, to, amountLD, minAmountLD, extraOptions, composeMsg, oftCmd, nativeFee, lzTokenFee, refundAddress };
}

/** What differs between the two bridges that call `send`. */
export interface OftBridge {
  /** `the Stargate pool`, `the OFT`: how the messages name the contract. */
  label: string;
  /** The contracts `send` is called on, by chain id. */
  contracts: Readonly<Record<string, readonly OftContract[]>>;
  /** An oftCmd the bridge accepts (Stargate: empty for a taxi, one byte to ride the bus). */
  oftCmdAllowed: (cmd: Uint8Array) => boolean;
}

/**
 * The transaction calls `send` on a contract of `bridge` that a route's operation of `kind`
 * starts on this chain: checks it and returns true; false leaves the transaction to the others.
 */
export function checkOftTx(c: Checker, chainId: string, tx: EvmTxIn, kind: 'stargate' | 'layerzero', bridge: OftBridge): boolean {
  const to = typeof tx.to === 'string' ? tx.to : undefined;
  const step = c.stepsFrom(chainId, kind)[0];
  const known = bridge.contracts[chainId]?.find((x) => sameAddress(x.address, to));
  if (!step || !to || (!known && !sameAddress(to, step.contract))) return false;
  c.msgIndex = 0;
  const data = typeof tx.data === 'string' ? tx.data : '';
  if (!known) {
    c.unknownContract('message_type', chainId, to, `the transaction calls ${to} on ${chainId}, which is not ${bridge.label} Courier knows there`);
    // whatever it is, it may pull no more than the route moves from here
    checkApprovals(c, chainId, to, step, c.expectedIn(step), tx.required_erc20_approvals);
    return true;
  }
  if (!sameAddress(known.token, step.denomIn)) c.report('denom', `${bridge.label} ${to} on ${chainId} takes ${known.token}, but operation ${step.index} sends ${step.denomIn ?? '(none)'}`);
  if (selectorOf(data) !== OFT_SEND.selector) {
    c.report('message_type', `the call to ${bridge.label} ${to} is not send (selector 0x${selectorOf(data) ?? '?'}), which the route's operation needs`);
    return true;
  }
  const send = decodeOftSend(data);
  if (!send) {
    c.report('unverified', `the send calldata to ${to} could not be decoded`);
    return true;
  }
  checkDestination(c, step, send);
  c.checkAmount(step, send.amountLD, "send's amountLD");
  checkMinimum(c, step, send.minAmountLD, known, bridge);
  checkFees(c, chainId, step, send, tx);
  if (send.composeMsg.length > 0) c.report('message_type', `send carries a compose message that calls a contract on ${step.to ?? '(unknown)'}; no operation of the route asks for one`);
  if (send.extraOptions.length > 0) c.report('unverified', "send's extraOptions are not decoded by Courier");
  if (!bridge.oftCmdAllowed(send.oftCmd)) c.report('unverified', `send's oftCmd ${hexOf(send.oftCmd)} is not one Courier reads`);
  checkApprovals(c, chainId, to, step, send.amountLD, tx.required_erc20_approvals);
  return true;
}

/** The endpoint id of the route's destination, and the caller's address there. */
function checkDestination(c: Checker, step: Step, send: OftSend): void {
  const eid = (step.to === undefined ? undefined : LAYERZERO_ENDPOINT_IDS[step.to]) ?? step.endpointId;
  if (eid === undefined) c.report('unverified', `Courier does not know LayerZero's endpoint id of ${step.to ?? 'the destination'}`);
  else if (send.dstEid !== BigInt(eid)) c.report('chain', `send's dstEid ${send.dstEid} is not ${step.to ?? 'the destination'}'s LayerZero endpoint id (${eid})`);
  if (eid !== undefined && step.endpointId !== undefined && step.endpointId !== eid) {
    c.report('chain', `operation ${step.index} names endpoint id ${step.endpointId}, but ${step.to ?? 'the destination'}'s is ${eid}`);
  }
  if (!mintRecipientMatches(send.to, c.route.addresses.get(step.to ?? ''))) {
    c.report('recipient', `send's to ${hexOf(send.to)} is not your address on ${step.to ?? '(unknown)'} (${c.callerOn(step.to)})`);
  }
}

/** minAmountLD against the operation's amount_out less the slippage, both in the source token's decimals. */
function checkMinimum(c: Checker, step: Step, minAmountLD: bigint, source: OftContract, bridge: OftBridge): void {
  const last = c.route.steps[c.route.steps.length - 1] === step;
  const quoted = step.amountOut ?? (last ? c.route.quotedOut : undefined);
  const destination = bridge.contracts[step.to ?? '']?.find((x) => sameAddress(x.token, step.denomOut));
  if (quoted === undefined || !destination) {
    c.report('unverified', `send's minAmountLD could not be checked: the route quotes no output Courier can compare it with`);
    return;
  }
  const inSource = (quoted * 10n ** BigInt(source.decimals)) / 10n ** BigInt(destination.decimals);
  const { num, den } = c.route.slippage;
  const floor = (inSource * (100n * den - num)) / (100n * den);
  if (minAmountLD < floor) c.report('min_out', `send's minAmountLD ${minAmountLD} is below ${floor}, the least your slippage allows`);
}

/** The messaging fee: paid as the value, no more than the operation quotes, nothing in LayerZero's token. */
function checkFees(c: Checker, chainId: string, step: Step, send: OftSend, tx: EvmTxIn): void {
  const quoted = step.feeAmount;
  const value = uintOf(tx.value ?? '0');
  if (quoted === undefined) c.report('unverified', `operation ${step.index} names no messaging fee to check the send's against`);
  else {
    if (send.nativeFee > quoted) c.report('fee', `send's nativeFee ${send.nativeFee} is more than the messaging fee ${quoted} the route quotes`);
    if (value !== undefined && value > quoted) c.report('fee', `the transaction sends ${value} wei of ${chainId}'s gas token, more than the messaging fee ${quoted} the route quotes`);
  }
  if (value === undefined) c.report('unverified', `the transaction's value ${String(tx.value)} could not be read`);
  if (send.lzTokenFee !== 0n) c.report('fee', `send pays ${send.lzTokenFee} in LayerZero's token, a fee the route does not quote`);
  if (!c.isCaller(chainId, send.refundAddress)) c.report('recipient', `send's refundAddress ${send.refundAddress} is not your address on ${chainId} (${c.callerOn(chainId)})`);
}
