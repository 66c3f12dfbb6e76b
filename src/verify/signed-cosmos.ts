/**
 * A signed Cosmos TxRaw read back into the msgs endpoint's JSON shape (snake_case protobuf
 * field names, coins as `{denom, amount}`, a contract call's `msg` as JSON), so it can be held
 * field by field against what Build produced. A message carrying bytes Courier does not read
 * (an unknown type, or fields its decoder skips) comes back without `json`: never assumed equal.
 */
import { fromBase64, toBase64 } from '@cosmjs/encoding';
import { BinaryReader, BinaryWriter } from 'cosmjs-types/binary';
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx';
import { Coin } from 'cosmjs-types/cosmos/base/v1beta1/coin';
import { TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { MsgExecuteContract } from 'cosmjs-types/cosmwasm/wasm/v1/tx';
import { MsgTransfer } from 'cosmjs-types/ibc/applications/transfer/v1/tx';
import { TYPE_MSG_REMOTE_TRANSFER } from './bridges/hyperlane';
import { OPINIT_TYPE_URLS } from './bridges/opinit';
import { parseJsonExact } from './cosmos';
import { TYPE_URLS } from './readers';

type Obj = Record<string, unknown>;

export interface SignedCosmosMsg {
  typeUrl: string;
  /** Undefined when Courier cannot read every byte of the message. */
  json: Obj | undefined;
}

export interface SignedCosmosTx {
  messages: SignedCosmosMsg[];
  memo: string;
  signatures: number;
}

/**
 * A message of flat fields (Noble's CCTP burn, Axelar's LinkRequest, Hyperlane's and OPinit's
 * transfers), by field number. The encoder writes exactly the fields the bytes held, in field
 * order, so gogoproto's always-written empty fields round-trip as well as proto3's omitted ones;
 * anything else (unknown field, repeated field, another order) fails the byte comparison.
 */
type Field = readonly [number, string, 'string' | 'uint32' | 'uint64' | 'bytes' | 'coin'];
const DEPOSIT_FOR_BURN: readonly Field[] = [
  [1, 'from', 'string'],
  [2, 'amount', 'string'],
  [3, 'destination_domain', 'uint32'],
  [4, 'mint_recipient', 'bytes'],
  [5, 'burn_token', 'string'],
  [6, 'destination_caller', 'bytes'],
];
const LINK_REQUEST: readonly Field[] = [
  [1, 'sender', 'string'],
  [2, 'recipient_addr', 'string'],
  [3, 'recipient_chain', 'string'],
  [4, 'asset', 'string'],
];
/** hyperlane-cosmos proto/hyperlane/warp/v1/tx.proto */
const REMOTE_TRANSFER: readonly Field[] = [
  [1, 'sender', 'string'],
  [2, 'token_id', 'string'],
  [3, 'destination_domain', 'uint32'],
  [4, 'recipient', 'string'],
  [5, 'amount', 'string'],
  [6, 'custom_hook_id', 'string'],
  [7, 'gas_limit', 'string'],
  [8, 'max_fee', 'coin'],
  [9, 'custom_hook_metadata', 'string'],
];
/** opinit ophost/v1 and opchild/v1 tx.proto (the withdrawal has no field 3) */
const TOKEN_DEPOSIT: readonly Field[] = [
  [1, 'sender', 'string'],
  [2, 'bridge_id', 'uint64'],
  [3, 'to', 'string'],
  [4, 'amount', 'coin'],
  [5, 'data', 'bytes'],
];
const TOKEN_WITHDRAWAL: readonly Field[] = [
  [1, 'sender', 'string'],
  [2, 'to', 'string'],
  [4, 'amount', 'coin'],
];

const WIRE_TYPE = { string: 2, bytes: 2, coin: 2, uint32: 0, uint64: 0 } as const;

function flatCodec(fields: readonly Field[]) {
  return {
    decode(bytes: Uint8Array): Obj {
      const r = new BinaryReader(bytes);
      const out: Obj = {};
      while (r.pos < r.len) {
        const tag = r.uint32();
        const field = fields.find((f) => f[0] === tag >>> 3);
        if (!field || (tag & 7) !== WIRE_TYPE[field[2]]) throw new Error(`unknown field ${tag >>> 3}`);
        const kind = field[2];
        if (kind === 'string') out[field[1]] = r.string();
        else if (kind === 'uint32') out[field[1]] = r.uint32();
        else if (kind === 'uint64') out[field[1]] = r.uint64().toString();
        else if (kind === 'bytes') out[field[1]] = toBase64(r.bytes());
        else {
          const coin = Coin.decode(r.bytes());
          out[field[1]] = { denom: coin.denom, amount: coin.amount };
        }
      }
      return out;
    },
    encode(value: Obj): Uint8Array {
      const w = BinaryWriter.create();
      for (const [num, name, kind] of fields) {
        const v = value[name];
        if (v === undefined) continue;
        w.uint32((num << 3) | WIRE_TYPE[kind]);
        if (kind === 'string') w.string(String(v));
        else if (kind === 'uint32') w.uint32(Number(v));
        else if (kind === 'uint64') w.uint64(BigInt(String(v)));
        else if (kind === 'bytes') w.bytes(fromBase64(String(v)));
        else w.bytes(Coin.encode(Coin.fromPartial(v as { denom: string; amount: string })).finish());
      }
      return w.finish();
    },
  };
}

const coins = (list: readonly { denom: string; amount: string }[]) => list.map((c) => ({ denom: c.denom, amount: c.amount }));

/** Decoders by type URL: bytes → the API's JSON, and back to bytes to prove nothing was skipped. */
const DECODERS: Record<string, { decode(b: Uint8Array): Obj; encode(json: Obj, decoded: unknown): Uint8Array; raw(b: Uint8Array): unknown }> = {
  [TYPE_URLS.transfer]: {
    raw: (b) => MsgTransfer.decode(b),
    decode(b) {
      const m = MsgTransfer.decode(b);
      return {
        source_port: m.sourcePort,
        source_channel: m.sourceChannel,
        token: { denom: m.token.denom, amount: m.token.amount },
        sender: m.sender,
        receiver: m.receiver,
        timeout_height: { revision_number: m.timeoutHeight.revisionNumber.toString(), revision_height: m.timeoutHeight.revisionHeight.toString() },
        timeout_timestamp: m.timeoutTimestamp.toString(),
        memo: m.memo,
        ...(m.encoding ? { encoding: m.encoding } : {}),
      };
    },
    encode: (_json, decoded) => MsgTransfer.encode(decoded as MsgTransfer).finish(),
  },
  [TYPE_URLS.execute]: {
    raw: (b) => MsgExecuteContract.decode(b),
    decode(b) {
      const m = MsgExecuteContract.decode(b);
      const text = new TextDecoder('utf-8', { fatal: true }).decode(m.msg);
      return { sender: m.sender, contract: m.contract, msg: parseJsonExact(text), funds: coins(m.funds) };
    },
    encode: (_json, decoded) => MsgExecuteContract.encode(decoded as MsgExecuteContract).finish(),
  },
  [TYPE_URLS.send]: {
    raw: (b) => MsgSend.decode(b),
    decode(b) {
      const m = MsgSend.decode(b);
      return { from_address: m.fromAddress, to_address: m.toAddress, amount: coins(m.amount) };
    },
    encode: (_json, decoded) => MsgSend.encode(decoded as MsgSend).finish(),
  },
  ...Object.fromEntries(
    [
      [TYPE_URLS.depositForBurn, DEPOSIT_FOR_BURN],
      ['/circle.cctp.v1.MsgDepositForBurnWithCaller', DEPOSIT_FOR_BURN],
      [TYPE_URLS.linkRequest, LINK_REQUEST],
      [TYPE_MSG_REMOTE_TRANSFER, REMOTE_TRANSFER],
      [OPINIT_TYPE_URLS.deposit, TOKEN_DEPOSIT],
      [OPINIT_TYPE_URLS.withdrawal, TOKEN_WITHDRAWAL],
    ].map(([url, fields]) => {
      const codec = flatCodec(fields as readonly Field[]);
      return [url as string, { raw: (b: Uint8Array) => b, decode: codec.decode, encode: (json: Obj) => codec.encode(json) }];
    }),
  ),
};

export const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

function readMessage(typeUrl: string, value: Uint8Array): SignedCosmosMsg {
  const decoder = DECODERS[typeUrl];
  if (!decoder) return { typeUrl, json: undefined };
  try {
    const json = decoder.decode(value);
    // a field the decoder skipped would change what the chain executes: re-encode and compare
    return { typeUrl, json: sameBytes(decoder.encode(json, decoder.raw(value)), value) ? json : undefined };
  } catch {
    return { typeUrl, json: undefined };
  }
}

/** Undefined when the bytes are not a TxRaw with at least one message and one signature. */
export function decodeSignedCosmosTx(bytes: Uint8Array): SignedCosmosTx | undefined {
  try {
    const raw = TxRaw.decode(bytes);
    if (raw.bodyBytes.length === 0 || raw.authInfoBytes.length === 0) return undefined;
    const body = TxBody.decode(raw.bodyBytes);
    if (body.messages.length === 0 || body.messages.some((m) => !m.typeUrl.startsWith('/'))) return undefined;
    return { messages: body.messages.map((m) => readMessage(m.typeUrl, m.value)), memo: body.memo, signatures: raw.signatures.length };
  } catch {
    return undefined;
  }
}
