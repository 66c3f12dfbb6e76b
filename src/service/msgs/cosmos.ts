/**
 * Cosmos messages as the API writes them: `{msg: <JSON string>, msg_type_url}`. The JSON uses
 * the protobuf field names in snake_case, like the fixtures, so a wallet can turn it into the
 * real protobuf message (`MsgTransfer.fromPartial`, …) field by field.
 */
import { toBase64, toUtf8 } from '@cosmjs/encoding';
import { stringifyExact, type ExactJson } from './json';

export const MSG_TRANSFER_TYPE_URL = '/ibc.applications.transfer.v1.MsgTransfer';
export const MSG_EXECUTE_CONTRACT_TYPE_URL = '/cosmwasm.wasm.v1.MsgExecuteContract';
export const MSG_SEND_TYPE_URL = '/cosmos.bank.v1beta1.MsgSend';

export interface CosmosMsgJson {
  msg: string;
  msg_type_url: string;
}

/**
 * `{"source_port","source_channel","token":{"denom","amount"},"sender","receiver",
 *   "timeout_height":{},"timeout_timestamp":<ns>,"memo"}`: timeout by timestamp only, the
 * timestamp a bare JSON number written exactly; the memo a JSON string ('' for none).
 */
export function msgTransfer(args: {
  sourcePort: string;
  sourceChannel: string;
  denom: string;
  amount: bigint;
  sender: string;
  receiver: string;
  timeoutTimestampNs: bigint;
  memo?: ExactJson;
}): CosmosMsgJson {
  const body: ExactJson = {
    source_port: args.sourcePort,
    source_channel: args.sourceChannel,
    token: { denom: args.denom, amount: args.amount.toString() },
    sender: args.sender,
    receiver: args.receiver,
    timeout_height: {},
    timeout_timestamp: args.timeoutTimestampNs,
    memo: args.memo === undefined ? '' : stringifyExact(args.memo),
  };
  return { msg: stringifyExact(body), msg_type_url: MSG_TRANSFER_TYPE_URL };
}

/** `{"sender","contract","msg":{…},"funds":[{"denom","amount"}]}`; `msg` stays a JSON object. */
export function msgExecuteContract(args: {
  sender: string;
  contract: string;
  msg: ExactJson;
  funds: readonly { denom: string; amount: bigint }[];
}): CosmosMsgJson {
  const body: ExactJson = {
    sender: args.sender,
    contract: args.contract,
    msg: args.msg,
    funds: args.funds.map((f) => ({ denom: f.denom, amount: f.amount.toString() })),
  };
  return { msg: stringifyExact(body), msg_type_url: MSG_EXECUTE_CONTRACT_TYPE_URL };
}

/** `{"from_address","to_address","amount":[{"denom","amount"}]}`. */
export function msgSend(args: { from: string; to: string; denom: string; amount: bigint }): CosmosMsgJson {
  const body: ExactJson = {
    from_address: args.from,
    to_address: args.to,
    amount: [{ denom: args.denom, amount: args.amount.toString() }],
  };
  return { msg: stringifyExact(body), msg_type_url: MSG_SEND_TYPE_URL };
}

/** CosmWasm `Binary` of a JSON message (contract_call post-swap action). */
export function jsonToBinary(json: ExactJson): string {
  return toBase64(toUtf8(stringifyExact(json)));
}
