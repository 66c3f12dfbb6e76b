/**
 * Celestia's native Hyperlane module (hyperlane-cosmos x/warp): `/hyperlane.warp.v1.MsgRemoteTransfer`,
 * coded by hand (cosmjs-types does not ship it) with the field numbers of
 * proto/hyperlane/warp/v1/tx.proto:
 *
 *   1 sender (string) · 2 token_id (HexAddress) · 3 destination_domain (uint32) ·
 *   4 recipient (HexAddress) · 5 amount (math.Int) · 6 custom_hook_id (HexAddress, nullable) ·
 *   7 gas_limit (math.Int) · 8 max_fee (cosmos.base.v1beta1.Coin) · 9 custom_hook_metadata (string)
 *
 * HexAddress travels as its 66-character text (`0x` + 64 hex digits), math.Int as decimal
 * text. Like gogoproto, the encoder always writes the non-nullable custom types (token_id,
 * recipient, amount, gas_limit) and max_fee, even when empty or zero.
 */
import { BinaryReader, BinaryWriter } from 'cosmjs-types/binary';
import { stringifyExact, type ExactJson } from '../../msgs/json';
import { HEX_ADDRESS } from './data';
import { readCoin, writeCoin } from '../../chains/proto';

export const TYPE_MSG_REMOTE_TRANSFER = '/hyperlane.warp.v1.MsgRemoteTransfer';

export interface MsgRemoteTransfer {
  sender: string;
  tokenId: string;
  destinationDomain: number;
  recipient: string;
  /** Integer text. */
  amount: string;
  /** '' when the mailbox's default hook is used. */
  customHookId: string;
  /** Integer text; "0" keeps the gas the router was enrolled with. */
  gasLimit: string;
  /** The most the sender lets the post-dispatch hooks (the IGP) charge. */
  maxFee: { denom: string; amount: string };
  customHookMetadata: string;
}



export const MsgRemoteTransferCodec = {
  encode(m: MsgRemoteTransfer): Uint8Array {
    const w = BinaryWriter.create();
    if (m.sender !== '') w.uint32(10).string(m.sender);
    w.uint32(18).string(m.tokenId);
    if (m.destinationDomain !== 0) w.uint32(24).uint32(m.destinationDomain);
    w.uint32(34).string(m.recipient);
    w.uint32(42).string(m.amount);
    if (m.customHookId !== '') w.uint32(50).string(m.customHookId);
    w.uint32(58).string(m.gasLimit);
    w.uint32(66).bytes(writeCoin(m.maxFee));
    if (m.customHookMetadata !== '') w.uint32(74).string(m.customHookMetadata);
    return w.finish();
  },
  decode(bytes: Uint8Array): MsgRemoteTransfer {
    const r = new BinaryReader(bytes);
    const m: MsgRemoteTransfer = {
      sender: '',
      tokenId: '',
      destinationDomain: 0,
      recipient: '',
      amount: '',
      customHookId: '',
      gasLimit: '',
      maxFee: { denom: '', amount: '' },
      customHookMetadata: '',
    };
    while (r.pos < r.len) {
      const tag = r.uint32();
      switch (tag >>> 3) {
        case 1:
          m.sender = r.string();
          break;
        case 2:
          m.tokenId = r.string();
          break;
        case 3:
          m.destinationDomain = r.uint32();
          break;
        case 4:
          m.recipient = r.string();
          break;
        case 5:
          m.amount = r.string();
          break;
        case 6:
          m.customHookId = r.string();
          break;
        case 7:
          m.gasLimit = r.string();
          break;
        case 8:
          m.maxFee = readCoin(r.bytes());
          break;
        case 9:
          m.customHookMetadata = r.string();
          break;
        default:
          r.skipType(tag & 7);
      }
    }
    return m;
  },
};

const UINT = /^\d+$/;

/** The module's ValidateBasic and the custom types' parsing, as CheckTx reports them; undefined when valid. */
export function remoteTransferProblem(m: MsgRemoteTransfer): string | undefined {
  if (!HEX_ADDRESS.test(m.tokenId)) return `invalid token id ${JSON.stringify(m.tokenId)}: invalid hex address length`;
  if (!HEX_ADDRESS.test(m.recipient)) return `invalid recipient ${JSON.stringify(m.recipient)}: invalid hex address length`;
  if (m.customHookId !== '' && !HEX_ADDRESS.test(m.customHookId)) return `invalid custom hook id ${JSON.stringify(m.customHookId)}: invalid hex address length`;
  if (!UINT.test(m.amount) || BigInt(m.amount) === 0n) return `amount must be greater than zero: ${m.amount}: invalid request`;
  if (m.gasLimit !== '' && !UINT.test(m.gasLimit)) return `invalid gas limit ${m.gasLimit}: invalid request`;
  if (m.maxFee.denom === '' || !UINT.test(m.maxFee.amount)) return `invalid max fee ${m.maxFee.amount}${m.maxFee.denom}: invalid coins`;
  return undefined;
}

/**
 * The message as /msgs writes it (`{msg: <JSON>, msg_type_url}`), protobuf field names in
 * snake_case so a wallet builds the protobuf field by field: every field is written, the
 * optional ones empty.
 */
export function msgRemoteTransferJson(m: MsgRemoteTransfer): { msg: string; msg_type_url: string } {
  const body: ExactJson = {
    sender: m.sender,
    token_id: m.tokenId,
    destination_domain: m.destinationDomain,
    recipient: m.recipient,
    amount: m.amount,
    custom_hook_id: m.customHookId,
    gas_limit: m.gasLimit,
    max_fee: { denom: m.maxFee.denom, amount: m.maxFee.amount },
    custom_hook_metadata: m.customHookMetadata,
  };
  return { msg: stringifyExact(body), msg_type_url: TYPE_MSG_REMOTE_TRANSFER };
}

/** Reads the JSON form back (what a wallet or the verifier does with /msgs output); throws naming the field. */
export function msgRemoteTransferFromJson(text: string): MsgRemoteTransfer {
  const o: unknown = JSON.parse(text);
  if (typeof o !== 'object' || o === null || Array.isArray(o)) throw new Error('MsgRemoteTransfer: expected a JSON object');
  const j = o as Record<string, unknown>;
  const str = (k: string, optional = false): string => {
    const v = j[k];
    if (v === undefined && optional) return '';
    if (typeof v !== 'string') throw new Error(`MsgRemoteTransfer: ${k} must be a string`);
    return v;
  };
  const domain = j['destination_domain'];
  if (typeof domain !== 'number' || !Number.isInteger(domain) || domain < 0 || domain > 0xffffffff) throw new Error('MsgRemoteTransfer: destination_domain must be a uint32');
  const fee = j['max_fee'];
  if (typeof fee !== 'object' || fee === null) throw new Error('MsgRemoteTransfer: max_fee must be a coin');
  const f = fee as Record<string, unknown>;
  if (typeof f['denom'] !== 'string' || typeof f['amount'] !== 'string') throw new Error('MsgRemoteTransfer: max_fee must be a coin');
  return {
    sender: str('sender'),
    tokenId: str('token_id'),
    destinationDomain: domain,
    recipient: str('recipient'),
    amount: str('amount'),
    customHookId: str('custom_hook_id', true),
    gasLimit: str('gas_limit', true) || '0',
    maxFee: { denom: f['denom'], amount: f['amount'] },
    customHookMetadata: str('custom_hook_metadata', true),
  };
}
