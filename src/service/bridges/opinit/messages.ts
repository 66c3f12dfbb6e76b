/**
 * The two OPInit messages a user signs, as the API writes them in `cosmos_tx.msgs`
 * (`{msg: <JSON string>, msg_type_url}`, protobuf field names in snake_case, uint64 as a
 * decimal string, bytes as base64) and as a wallet reads them back into protobuf; and their
 * stateless checks on the simulated chains (OPinit's ValidateBasic, run at CheckTx).
 */
import { fromBase64, toBase64 } from '@cosmjs/encoding';
import { z } from 'zod';
import { addressProblem, coinProblem, type MsgCodec } from '../../chains/messages';
import type { CosmosMsgJson } from '../../msgs/cosmos';
import {
  MsgInitiateTokenDepositCodec,
  MsgInitiateTokenWithdrawalCodec,
  TYPE_MSG_INITIATE_TOKEN_DEPOSIT,
  TYPE_MSG_INITIATE_TOKEN_WITHDRAWAL,
  type MsgInitiateTokenDeposit,
  type MsgInitiateTokenWithdrawal,
} from './codec';

const CoinJson = z.strictObject({ denom: z.string(), amount: z.string().regex(/^[0-9]+$/) });

const DepositJson = z.strictObject({
  sender: z.string(),
  bridge_id: z.string().regex(/^[0-9]+$/),
  to: z.string(),
  amount: CoinJson,
  data: z.string().optional(),
});

const WithdrawalJson = z.strictObject({ sender: z.string(), to: z.string(), amount: CoinJson });

/** `{"sender","bridge_id","to","amount":{"denom","amount"}}`, plus `"data"` (base64) only when there are hook messages. */
export function initiateTokenDepositJson(m: MsgInitiateTokenDeposit): CosmosMsgJson {
  const body = {
    sender: m.sender,
    bridge_id: m.bridgeId.toString(),
    to: m.to,
    amount: { denom: m.amount.denom, amount: m.amount.amount },
    ...(m.data.length > 0 ? { data: toBase64(m.data) } : {}),
  };
  return { msg: JSON.stringify(body), msg_type_url: TYPE_MSG_INITIATE_TOKEN_DEPOSIT };
}

/** `{"sender","to","amount":{"denom","amount"}}`. */
export function initiateTokenWithdrawalJson(m: MsgInitiateTokenWithdrawal): CosmosMsgJson {
  const body = { sender: m.sender, to: m.to, amount: { denom: m.amount.denom, amount: m.amount.amount } };
  return { msg: JSON.stringify(body), msg_type_url: TYPE_MSG_INITIATE_TOKEN_WITHDRAWAL };
}

function parseJson<S extends z.ZodType>(schema: S, json: string, what: string): z.output<S> {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new Error(`${what}: the msg is not JSON`);
  }
  const r = schema.safeParse(value);
  if (!r.success) {
    const i = r.error.issues[0];
    throw new Error(`${what}: ${i ? `${i.path.join('.') || '(msg)'}: ${i.message}` : 'invalid'}`);
  }
  return r.data;
}

/** The API's JSON of a MsgInitiateTokenDeposit, back as the protobuf message a wallet signs. */
export function initiateTokenDepositFromJson(json: string): MsgInitiateTokenDeposit {
  const j = parseJson(DepositJson, json, 'MsgInitiateTokenDeposit');
  return { sender: j.sender, bridgeId: BigInt(j.bridge_id), to: j.to, amount: j.amount, data: j.data === undefined ? new Uint8Array() : fromBase64(j.data) };
}

/** The API's JSON of a MsgInitiateTokenWithdrawal, back as the protobuf message a wallet signs. */
export function initiateTokenWithdrawalFromJson(json: string): MsgInitiateTokenWithdrawal {
  const j = parseJson(WithdrawalJson, json, 'MsgInitiateTokenWithdrawal');
  return { sender: j.sender, to: j.to, amount: j.amount };
}

/** ophost's MsgInitiateTokenDeposit.Validate: the rollup recipient is only required to be present. */
export const initiateTokenDepositCodec: MsgCodec<MsgInitiateTokenDeposit> = {
  typeUrl: TYPE_MSG_INITIATE_TOKEN_DEPOSIT,
  decode: (b) => MsgInitiateTokenDepositCodec.decode(b),
  signers: (m) => [m.sender],
  validate(m, ctx) {
    const bad = addressProblem('sender', m.sender, ctx.prefix);
    if (bad) return bad;
    if (m.bridgeId === 0n) return 'bridge id must be set: invalid bridge id';
    if (m.to === '') return 'empty to address: invalid address';
    const coin = coinProblem(m.amount, true);
    if (coin) return `${coin.replace(/: invalid coins$/, '')}: invalid bridge amount`;
    return undefined;
  },
};

/** opchild's MsgInitiateTokenWithdrawal.Validate; `to` is an L1 address, and Initia's rollups share the L1's prefix. */
export const initiateTokenWithdrawalCodec: MsgCodec<MsgInitiateTokenWithdrawal> = {
  typeUrl: TYPE_MSG_INITIATE_TOKEN_WITHDRAWAL,
  decode: (b) => MsgInitiateTokenWithdrawalCodec.decode(b),
  signers: (m) => [m.sender],
  validate(m, ctx) {
    const bad = addressProblem('sender', m.sender, ctx.prefix) ?? addressProblem('to', m.to, ctx.prefix);
    if (bad) return bad;
    const coin = coinProblem(m.amount, true);
    if (coin) return coin;
    return undefined;
  },
};
