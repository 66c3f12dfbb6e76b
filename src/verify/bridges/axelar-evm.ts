/**
 * Axelar from an EVM chain through the routing API's AxelarHandler (skip-mev/skip-go-evm-contracts
 * AxelarHandler/src/AxelarHandler.sol), the contract production's Ethereum → Osmosis answers call
 * rather than Axelar's gateway (osmosis-labs/osmosis-frontend packages/bridge/src/skip/__tests__/
 * mocks.ts: `gmpTransferERC20Token` on 0xD397…1c96 with the fee as the value):
 *
 *   sendNativeToken(string destinationChain, string destinationAddress)              value = amount
 *   sendERC20Token(string destinationChain, string destinationAddress, string symbol, uint256 amount)
 *   gmpTransferNativeToken(string destinationChain, string contractAddress, bytes payload,
 *                          uint256 amount, uint256 gasPaymentAmount)                 value = amount + gas
 *   gmpTransferERC20Token(string destinationChain, string contractAddress, bytes payload,
 *                         string symbol, uint256 amount, uint256 gasPaymentAmount)  value = gas
 *
 * The tokens reach `destinationAddress` / `contractAddress` on the destination chain. Toward a
 * Cosmos chain Axelar credits that address with an ICS-20 transfer whose memo depends on the
 * payload's 4-byte version: 0 ("native", axelar-core x/axelarnet evm_translator.go
 * ConstructNativeMessage) wraps the payload in a JSON memo no middleware acts on, so the tokens
 * stay with the receiver, who must be the caller; version 1 is the ICS-20 memo the local
 * deployment writes, followed like any memo. Toward an EVM chain the contract is the routing
 * API's handler there and its payload names the receiver (axelar-gmp.ts). The gas payment is at
 * most the route's Axelar fee; `symbol` is not mapped to a token here: what the call may pull is
 * bounded by the approvals, which name the route's token (readers.ts checkApprovals).
 */
import { abiFunction, decodeCall, selectorOf } from '../abi';
import type { Checker } from '../context';
import { AXELAR_CHAIN_ID } from '../contracts';
import { arrive } from '../memo';
import { unreadable, type EvmBridgeCall } from '../readers';
import type { Step } from '../route';
import { checkHandlerPayload, isHandler } from './axelar-gmp';
import { text } from './words';

const SEND_NATIVE = abiFunction('sendNativeToken', ['string', 'string']);
const SEND_ERC20 = abiFunction('sendERC20Token', ['string', 'string', 'string', 'uint256']);
const GMP_NATIVE = abiFunction('gmpTransferNativeToken', ['string', 'string', 'bytes', 'uint256', 'uint256']);
const GMP_ERC20 = abiFunction('gmpTransferERC20Token', ['string', 'string', 'bytes', 'string', 'uint256', 'uint256']);
const FUNCTIONS = [SEND_NATIVE, SEND_ERC20, GMP_NATIVE, GMP_ERC20];

const NATIVE_PAYLOAD = [0, 0, 0, 0];
const MEMO_PAYLOAD = [0, 0, 0, 1];
const startsWith = (b: Uint8Array, prefix: readonly number[]) => b.length >= prefix.length && prefix.every((x, i) => b[i] === x);

/** A call to the routing API's AxelarHandler on a chain an Axelar operation leaves from; undefined for any other call. */
export function axelarHandlerCall(c: Checker, chainId: string, to: string | undefined, data: string): EvmBridgeCall | undefined {
  const step = c.stepsFrom(chainId, 'axelar')[0];
  if (!step || !isHandler(c, chainId, to)) return undefined;
  const fn = FUNCTIONS.find((f) => f.selector === selectorOf(data));
  if (!fn) {
    c.report('message_type', `the call to the routing service's Axelar contract ${to} (selector 0x${selectorOf(data) ?? '?'}) is none of its transfers`);
    return 'reported';
  }
  const args = decodeCall(fn, data);
  if (!args) {
    unreadable(c, to, data);
    return 'reported';
  }
  const what = fn.name;
  const [destinationChain, receiver] = args as [string, string];
  checkDestinationChain(c, step, destinationChain, what);
  const fee = (gas: bigint) => {
    const quoted = step.feeAmount ?? 0n;
    if (gas > quoted) c.report('fee', `${what}'s gasPaymentAmount ${gas} is more than the route's Axelar fee ${quoted}`);
  };
  switch (fn) {
    case SEND_NATIVE: {
      deliver(c, step, receiver, undefined, what);
      // the amount is the value: held to the operation by the value check (evm.ts)
      const amount = c.expectedIn(step) ?? 0n;
      return { step, pulled: 0n, valueAllowed: amount };
    }
    case SEND_ERC20: {
      const amount = args[3] as bigint;
      c.checkAmount(step, amount, `${what}'s amount`);
      deliver(c, step, receiver, undefined, what);
      return { step, pulled: amount, valueAllowed: 0n };
    }
    case GMP_NATIVE: {
      const [, , payload, amount, gas] = args as [string, string, Uint8Array, bigint, bigint];
      c.checkAmount(step, amount, `${what}'s amount`);
      fee(gas);
      deliver(c, step, receiver, payload, what);
      return { step, pulled: 0n, valueAllowed: amount + gas };
    }
    default: {
      const [, , payload, , amount, gas] = args as [string, string, Uint8Array, string, bigint, bigint];
      c.checkAmount(step, amount, `${what}'s amount`);
      fee(gas);
      deliver(c, step, receiver, payload, what);
      return { step, pulled: amount, valueAllowed: gas };
    }
  }
}

/** Axelar's name of the destination (the operation's deprecated `to_chain`, when it gives one), compared without case as Axelar does. */
function checkDestinationChain(c: Checker, step: Step, destinationChain: string, what: string): void {
  const named = text(step.body.to_chain);
  if (named !== undefined && named.toLowerCase() !== destinationChain.toLowerCase()) {
    c.report('chain', `${what}'s destinationChain ${destinationChain} is not ${named}, where operation ${step.index} goes`);
  }
}

/** Who the tokens reach on the destination, and what the payload makes of them there. */
function deliver(c: Checker, step: Step, receiver: string, payload: Uint8Array | undefined, what: string): void {
  const dest = step.to;
  if (dest === undefined) {
    c.report('unverified', `${what} goes to a chain the route does not say`);
    return;
  }
  if (payload !== undefined && isHandler(c, dest, receiver)) {
    // toward an EVM chain: the routing API's handler there, paying the receiver its payload names
    checkHandlerPayload(c, dest, Array.from(payload));
    return;
  }
  if (payload !== undefined && startsWith(payload, MEMO_PAYLOAD)) {
    let memo: string | undefined;
    try {
      memo = new TextDecoder('utf-8', { fatal: true }).decode(payload.subarray(4));
    } catch {
      memo = undefined;
    }
    if (memo === undefined) c.report('unverified', `${what}'s payload is not UTF-8`);
    else arrive(c, dest ?? AXELAR_CHAIN_ID, receiver, memo, 'the Axelar delivery');
    return;
  }
  if (!c.isCaller(dest, receiver)) c.report('recipient', `${what} sends the tokens to ${receiver} on ${dest}, not your address there (${c.callerOn(dest)})`);
  if (payload !== undefined && payload.length > 0 && !startsWith(payload, NATIVE_PAYLOAD)) {
    c.report('unverified', `${what}'s payload (version 0x${Array.from(payload.subarray(0, 4), (b) => b.toString(16).padStart(2, '0')).join('')}) is not one Courier reads; the tokens still go to your address`);
  }
}
