/**
 * Ethereum-side calls of a Eureka transfer, with the real ABIs:
 * - Skip Go's EurekaHandler (what routes send to):
 *     transfer(uint256 amount,
 *              (address token, string recipient, string sourceClient, string destPort,
 *               uint64 timeoutTimestamp, string memo) transferParams,
 *              (uint256 relayFee, address relayFeeRecipient, uint64 quoteExpiry) fees)
 *   It pulls `relayFee` of the token to the fee recipient and `amount` to itself, then sends
 *   `amount` through ICS20Transfer.sendTransferWithSender on the caller's behalf.
 * - the ICS20Transfer app itself (deployed v1 ABI), for callers that skip the handler:
 *     sendTransfer((address denom, uint256 amount, string receiver, string sourceClient,
 *                   string destPort, uint64 timeoutTimestamp, string memo) msg)
 * Timeouts and the quote expiry are unix seconds.
 */
import { decodeCall, encodeCall, selectorOf, signatureOf, type AbiType, type AbiValue } from './abi';

const TRANSFER_PARAMS: AbiType = { tuple: ['address', 'string', 'string', 'string', 'uint64', 'string'] };
const FEES: AbiType = { tuple: ['uint256', 'address', 'uint64'] };
const SEND_TRANSFER_MSG: AbiType = { tuple: ['address', 'uint256', 'string', 'string', 'string', 'uint64', 'string'] };

const HANDLER_TRANSFER_TYPES: readonly AbiType[] = ['uint256', TRANSFER_PARAMS, FEES];
const SEND_TRANSFER_TYPES: readonly AbiType[] = [SEND_TRANSFER_MSG];

export const HANDLER_TRANSFER_SIGNATURE = signatureOf('transfer', HANDLER_TRANSFER_TYPES);
export const SEND_TRANSFER_SIGNATURE = signatureOf('sendTransfer', SEND_TRANSFER_TYPES);
export const HANDLER_TRANSFER_SELECTOR = selectorOf(HANDLER_TRANSFER_SIGNATURE);
export const SEND_TRANSFER_SELECTOR = selectorOf(SEND_TRANSFER_SIGNATURE);

export interface HandlerTransfer {
  amount: bigint;
  token: string;
  recipient: string;
  sourceClient: string;
  destPort: string;
  timeoutTimestamp: bigint;
  memo: string;
  relayFee: bigint;
  relayFeeRecipient: string;
  quoteExpiry: bigint;
}

export interface SendTransferMsg {
  denom: string;
  amount: bigint;
  receiver: string;
  sourceClient: string;
  destPort: string;
  timeoutTimestamp: bigint;
  memo: string;
}

export function handlerTransferCalldata(t: HandlerTransfer): string {
  return encodeCall(HANDLER_TRANSFER_SIGNATURE, HANDLER_TRANSFER_TYPES, [
    t.amount,
    [t.token, t.recipient, t.sourceClient, t.destPort, t.timeoutTimestamp, t.memo],
    [t.relayFee, t.relayFeeRecipient, t.quoteExpiry],
  ]);
}

export function decodeHandlerTransfer(data: string): HandlerTransfer {
  const [amount, params, fees] = decodeCall(HANDLER_TRANSFER_SIGNATURE, HANDLER_TRANSFER_TYPES, data) as [bigint, AbiValue[], AbiValue[]];
  const [token, recipient, sourceClient, destPort, timeoutTimestamp, memo] = params as [string, string, string, string, bigint, string];
  const [relayFee, relayFeeRecipient, quoteExpiry] = fees as [bigint, string, bigint];
  return { amount, token, recipient, sourceClient, destPort, timeoutTimestamp, memo, relayFee, relayFeeRecipient, quoteExpiry };
}

export function sendTransferCalldata(m: SendTransferMsg): string {
  return encodeCall(SEND_TRANSFER_SIGNATURE, SEND_TRANSFER_TYPES, [[m.denom, m.amount, m.receiver, m.sourceClient, m.destPort, m.timeoutTimestamp, m.memo]]);
}

export function decodeSendTransfer(data: string): SendTransferMsg {
  const [msg] = decodeCall(SEND_TRANSFER_SIGNATURE, SEND_TRANSFER_TYPES, data) as [AbiValue[]];
  const [denom, amount, receiver, sourceClient, destPort, timeoutTimestamp, memo] = msg as [string, bigint, string, string, string, bigint, string];
  return { denom, amount, receiver, sourceClient, destPort, timeoutTimestamp, memo };
}
